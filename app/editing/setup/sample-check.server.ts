import { readFileSync } from 'node:fs';
import { readEnv } from '~/settings/env.server';
import type { ContentItem } from '~/editing/content-list/catalog.server';
import { readDocument, yamlData } from '~/editing/documents/frontmatter.server';
import type { Outcome } from '~/editing/documents/outcome';
import { listFolders, readBlobs } from '~/editing/git/read.server';
import { type PublishConfig } from '~/editing/git/publish-config.server';
import { SAMPLE_FINGERPRINTS, type SampleFingerprints } from './sample-fingerprints';
import { findSampleLeftovers, repoPathOfImage, type ContentSnapshot, type SampleItem } from './sample-leftovers.server';

/**
 * The "Make it yours" list of the content page: what the published branch
 * still holds of the sample designer. Reads what the list page has already
 * listed (its rows carry the blob ids), the two texts it needs, and the blob
 * ids of the images the content names (a blob id is a hash of the bytes, so
 * an image is compared without reading it).
 */
/**
 * The sample's fingerprints. SAMPLE_FINGERPRINTS_FILE (a JSON of the same
 * shape) stands in for them: the tests' fixture designer plays the sample
 * there, so they pass whatever content/ holds.
 */
export function sampleFingerprints(): SampleFingerprints {
  const file = readEnv('SAMPLE_FINGERPRINTS_FILE');
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as SampleFingerprints) : SAMPLE_FINGERPRINTS;
}

export async function sampleLeftovers(
  items: Pick<ContentItem, 'kind' | 'contentPath' | 'blobId' | 'slug' | 'title' | 'image'>[],
  config: PublishConfig,
  sample: SampleFingerprints = sampleFingerprints(),
): Promise<Outcome<SampleItem[]>> {
  const siteItem = items.find((item) => item.kind === 'site');
  const resumeItem = items.find((item) => item.kind === 'resume');
  const blobs = await readBlobs(
    [siteItem, resumeItem].flatMap((item) => (item ? [item.blobId] : [])),
    config,
  );
  if (!blobs.ok) return blobs;
  const text = (item: typeof siteItem) => (item ? (blobs.value.get(item.blobId)?.toString('utf8') ?? null) : null);
  const attempt = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch {
      return null; // a file that does not read: the list already shows its problem
    }
  };
  const siteText = text(siteItem);
  const resumeText = text(resumeItem);
  const site = siteText === null ? null : attempt(() => yamlData(siteText));
  const resume =
    resumeText === null
      ? null
      : attempt(() => {
          const document = readDocument(resumeText, 'mdx');
          return { data: yamlData(document.yaml), body: document.body };
        });
  const caseStudies = items
    .filter((item) => item.kind === 'case-study')
    .map((item) => ({
      contentPath: item.contentPath,
      slug: item.slug ?? item.contentPath,
      title: item.title,
      ...(item.image ? { image: item.image } : {}),
    }));

  const photos = (site as { photos?: Record<string, { src?: unknown } | undefined> } | null)?.photos ?? {};
  const sources = [...Object.values(photos).map((photo) => photo?.src), ...caseStudies.map((study) => study.image)];
  const paths = sources.flatMap((src) => {
    const repoPath = typeof src === 'string' ? repoPathOfImage(src) : null;
    return repoPath ? [repoPath] : [];
  });
  const blobIds = new Map<string, string>();
  // Every folder in one read of the branch: the list page waits on it.
  const listed = await listFolders([...new Set(paths.map((repoPath) => repoPath.slice(0, repoPath.lastIndexOf('/') + 1)))], config);
  if (!listed.ok) return listed;
  for (const file of listed.value.flat()) if (paths.includes(file.path)) blobIds.set(file.path, file.blobId);
  const snapshot: ContentSnapshot = { site, resume, caseStudies, blobIds };
  return { ok: true, value: findSampleLeftovers(snapshot, sample) };
}
