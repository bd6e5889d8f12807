import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compileSite, ContentError } from './content/compile';
import { CONTENT_JSON_PATH } from '../app/content/content.server';
import { writeIcons } from './icons';
import { writeImageVariants } from './images';
import { writeResumePdf } from './resume-pdf';
import { writeSocialImages } from './social-images';

/**
 * Validates and compiles content/ into .generated/content.json, and renders
 * public/resume.pdf and the favicons from the same content. Exits non-zero, naming the file and
 * the field, when the content is broken.
 */
/** `prune: false` keeps other content's image variants in public/generated (the tests switch between content sets). */
export async function buildContent(contentDir = path.resolve('content'), { prune = true } = {}) {
  const { content, images, privateMedia } = await compileSite(contentDir);
  await mkdir(path.dirname(CONTENT_JSON_PATH), { recursive: true });
  // Written aside and renamed: under npm run dev the running server reads it while it is replaced.
  const partial = `${CONTENT_JSON_PATH}.${process.pid}.partial`;
  await writeFile(partial, JSON.stringify(content));
  await rename(partial, CONTENT_JSON_PATH);
  await writeResumePdf(content, path.resolve('public/resume.pdf'));
  await writeIcons(content.site, path.resolve('public'));
  await writeSocialImages(content, path.resolve('public'), images);
  await writeImageVariants(images, { prune });
  await writeImageVariants(privateMedia, { prune });
  return content;
}

export function reportContentError(error: unknown): void {
  if (error instanceof ContentError) {
    console.error(`\n\x1b[31mContent error in ${error.message}\x1b[0m\n`);
  } else {
    console.error(error);
  }
}
