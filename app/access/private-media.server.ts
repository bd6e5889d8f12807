import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getCaseStudy, getCaseStudyCards } from '~/content/content.server';
import { currentRequestContent } from '~/content/current-content.server';

/**
 * Where the build puts private case studies' media, and the URL they are
 * served under (routes/private-media.$file.ts). In a Netlify function the
 * deploy's files sit under LAMBDA_TASK_ROOT (netlify.toml included_files).
 */
export const PRIVATE_MEDIA_URL = '/private-media';
export const PRIVATE_MEDIA_DIR = '.generated/private-media';

const TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** Only names the build makes: stem, content hash, extension. Nothing else reaches the disk. */
const NAME = /^[\w-]{1,120}\.[0-9a-f]{10}\.(avif|webp|svg|mp4|webm)$/;

export async function privateMediaFile(name: string): Promise<{ bytes: Buffer; type: string } | null> {
  const type = TYPES[NAME.exec(name)?.[1] ?? ''];
  if (!type) return null;
  // Media a publish added since the build are in the live version (never under a public URL of their own).
  const version = currentRequestContent()?.version;
  const sitePath = `${PRIVATE_MEDIA_URL}/${name}`;
  if (version && Object.hasOwn(version.files, sitePath)) {
    const bytes = await version.readFile(sitePath);
    if (bytes) return { bytes, type };
  }
  const dir = path.resolve(process.env.LAMBDA_TASK_ROOT ?? '.', PRIVATE_MEDIA_DIR);
  try {
    return { bytes: await readFile(path.join(dir, name)), type };
  } catch {
    return null;
  }
}

/**
 * The private case studies whose story uses `name` (its page's HTML names
 * the file's URL): a share link serves a file only when it opens one of them.
 */
export function privateMediaCaseStudies(name: string): string[] {
  const url = `${PRIVATE_MEDIA_URL}/${name}`;
  return getCaseStudyCards()
    .filter((card) => card.private && card.href)
    .filter((card) => getCaseStudy(card.slug)?.html.includes(url))
    .map((card) => card.slug);
}
