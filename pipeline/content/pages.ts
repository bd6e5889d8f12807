import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Page, PageFrontmatter } from '../../app/content/schema';
import { pageNameProblem } from '../../app/content/page-names';
import { BLOCKS } from '../../app/components/mdx/blocks';
import { caseStudyComponents } from '../../app/components/mdx/components';
import type { ImagePlan } from '../images';
import { ContentError } from './errors';
import { resolveFieldImage } from './field-images';
import { compileMdx } from './mdx';

/** The folder of her pages, under content/: content/pages/<slug>.mdx is /<slug>. */
export const PAGES_DIR = 'pages';

type PagesInput = {
  contentDir: string;
  publicDir: string;
  images: ImagePlan;
  /** The file's label, as problems name it (content/pages/about.mdx). */
  rel: (file: string) => string;
  /** Reads, checks and typesets a file's frontmatter with a schema (compile.ts); returns the body too. */
  read: (file: string, label: string) => Promise<{ frontmatter: PageFrontmatter; body: string; source: string; data: unknown }>;
};

/**
 * Compiles content/pages/*.mdx as a case study's story is compiled: the same
 * blocks, the same components, its media planned with the public images
 * (a page is public only). A name the site uses is refused here, so no
 * file can shadow a route, and an address kept in `formerly` must not be
 * another page's, nor twice.
 */
export async function compilePages({ contentDir, publicDir, images, rel, read }: PagesInput): Promise<{
  pages: Record<string, Page>;
  bodies: { file: string; data: unknown; body: string }[];
}> {
  const dir = path.join(contentDir, PAGES_DIR);
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.mdx')).sort();
  const pages: Record<string, Page> = {};
  const bodies: { file: string; data: unknown; body: string }[] = [];
  const formerOwner = new Map<string, string>();
  for (const name of files) {
    const file = path.join(dir, name);
    const label = rel(file);
    const slug = name.replace(/\.mdx$/, '');
    const nameProblem = pageNameProblem(slug);
    if (nameProblem) throw new ContentError(label, [`file name: ${nameProblem} Rename the file, e.g. "${slug}-page.mdx"`]);
    const { frontmatter, body, source, data } = await read(file, label);
    const { image, alt, focus, ...fields } = frontmatter;
    let picture: Page['image'] = null;
    if (image !== undefined && alt !== undefined) {
      const found = await resolveFieldImage(image, { dir, contentDir, publicDir }, label, 'image');
      picture = { src: await images.copy(found.file), alt, ...(focus ? { focus } : {}) };
    }
    const { html, sections } = body.trim()
      ? await compileMdx(source, label, {
          components: caseStudyComponents,
          blocks: BLOCKS,
          roots: { dir, contentDir, publicDir, plan: images },
        })
      : { html: '', sections: [] };
    for (const former of fields.formerly) {
      const other = formerOwner.get(former);
      if (former === slug || other !== undefined) {
        throw new ContentError(label, [`field "formerly": "${former}" is ${former === slug ? 'this page’s own address' : `already an earlier address of content/pages/${other}.mdx`}`]);
      }
      formerOwner.set(former, slug);
    }
    pages[slug] = { ...fields, slug, href: `/${slug}`, image: picture, sections, html };
    bodies.push({ file: label, data, body });
  }
  for (const [former, owner] of formerOwner) {
    if (pages[former]) throw new ContentError(`content/pages/${owner}.mdx`, [`field "formerly": "${former}" is the address of content/pages/${former}.mdx now: remove it from "formerly"`]);
  }
  return { pages, bodies };
}
