import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readDocument, yamlData } from '../app/editing/documents/frontmatter.server';
import { blobIdOf } from '../app/editing/git/publish-plan.server';
import { repoPathOfImage, type ContentSnapshot } from '../app/editing/setup/sample-leftovers.server';

/**
 * A content set read from the disk as the "Make it yours" detector reads the
 * branch: `root` holds content/ (and public/ for site-path images). For the
 * sample's fingerprints (scripts/sample-fingerprints.ts) and the detector's tests.
 */
export async function readContentSnapshot(root: string): Promise<ContentSnapshot> {
  const read = (file: string) => readFile(path.join(root, file), 'utf8').catch(() => null);
  const data = (text: string | null, kind: 'yaml' | 'mdx') => {
    if (text === null) return null;
    try {
      if (kind === 'yaml') return yamlData(text);
      const document = readDocument(text, 'mdx');
      return { data: yamlData(document.yaml), body: document.body };
    } catch {
      return null;
    }
  };
  const site = data(await read('content/site.yml'), 'yaml');
  const resume = data(await read('content/resume.mdx'), 'mdx') as ContentSnapshot['resume'];
  const caseStudies: ContentSnapshot['caseStudies'] = [];
  const files = (await readdir(path.join(root, 'content/case-studies')).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.mdx'))
    .sort();
  for (const name of files) {
    const contentPath = `content/case-studies/${name}`;
    const parsed = data(await read(contentPath), 'mdx') as { data: Record<string, unknown> } | null;
    const slug = name.replace(/\.mdx$/, '');
    const title = typeof parsed?.data?.title === 'string' ? parsed.data.title : slug;
    const image = typeof parsed?.data?.image === 'string' ? parsed.data.image : undefined;
    caseStudies.push({ contentPath, slug, title, ...(image ? { image } : {}) });
  }
  const sources = [
    ...Object.values((site as { photos?: Record<string, { src?: unknown }> } | null)?.photos ?? {}).map((photo) => photo?.src),
    ...caseStudies.map((study) => study.image),
  ];
  const blobIds = new Map<string, string>();
  for (const src of sources) {
    const repoPath = typeof src === 'string' ? repoPathOfImage(src) : null;
    if (!repoPath) continue;
    const bytes = await readFile(path.join(root, repoPath)).catch(() => null);
    if (bytes) blobIds.set(repoPath, blobIdOf(bytes));
  }
  return { site, resume, caseStudies, blobIds };
}
