import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compileSite, ContentError } from './content/compile';
import { BUILD_VERSION_PATH, CONTENT_JSON_PATH, SITE_FILES_DIR } from '../app/content/current-content.server';
import { writeImageVariants } from './images';
import { buildPointer, renderSiteFiles, versionFiles } from './render-site';
import { PRIVATE_MEDIA_DIR } from '../app/access/private-media.server';
import { buildRepositoryAddress } from '../app/editing/connection/repository-address';

/**
 * Validates and compiles content/ into .generated/content.json, renders the
 * files made from it (resume PDF, favicons, sharing cards) into
 * .generated/site-files/ with the build's version beside them
 * (build-version.json: its commit and those files), and writes the image
 * variants into public/generated/. Exits non-zero, naming the file and the
 * field, when the content is broken.
 *
 * `out` moves the compiled content, the version and the site files elsewhere
 * (the tests' fixture site). `prune: false` keeps other content's image
 * variants in public/generated (the tests switch between content sets).
 */
export async function buildContent(contentDir = path.resolve('content'), { prune = true, out = path.dirname(CONTENT_JSON_PATH) } = {}) {
  const { content, images, privateMedia } = await compileSite(contentDir, path.resolve('public'), path.resolve(PRIVATE_MEDIA_DIR));
  const contentJson = path.join(out, path.basename(CONTENT_JSON_PATH));
  const siteFilesDir = path.join(out, path.basename(SITE_FILES_DIR));
  await mkdir(out, { recursive: true });
  const { rendered: files } = await renderSiteFiles(content, images);
  await removeStaticLeftovers(path.resolve('public'));
  // Written aside and renamed: a running server (npm run dev) reads them while they are replaced.
  const staged = `${siteFilesDir}.${process.pid}.partial`;
  await rm(staged, { recursive: true, force: true });
  for (const [sitePath, file] of files) {
    const target = path.join(staged, ...sitePath.split('/').filter(Boolean));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.bytes);
  }
  await rm(siteFilesDir, { recursive: true, force: true });
  await rename(staged, siteFilesDir);
  await writeAside(
    path.join(out, path.basename(BUILD_VERSION_PATH)),
    JSON.stringify({
      pointer: buildPointer(),
      context: process.env.CONTEXT?.trim() || null,
      ...builtFrom(),
      files: versionFiles(files),
      variants: variantNames([images, privateMedia]),
      // The public image files the deploy holds: a daily check rebuilds once the live pages name fewer (retired-deploy-images.server.ts).
      images: variantNames([images]),
    }),
  );
  await writeAside(contentJson, JSON.stringify(content));
  await writeImageVariants(images, { prune });
  await writeImageVariants(privateMedia, { prune });
  return content;
}

/**
 * The repository and branch Netlify built from (its REPOSITORY_URL, BRANCH
 * and HEAD): the owner's Publishing page offers them as the defaults. Null
 * elsewhere; never with a token in the address.
 */
function builtFrom(env = process.env): { repository: string | null; branch: string | null } {
  return { repository: buildRepositoryAddress(env.REPOSITORY_URL), branch: env.BRANCH?.trim() || env.HEAD?.trim() || null };
}

/**
 * Builds before this one wrote these files under public/, where a static
 * file server would answer them before the app: a publish could never change them.
 */
async function removeStaticLeftovers(publicDir: string) {
  const names = await readdir(publicDir).catch(() => [] as string[]);
  const leftovers = names.filter((name) => /^(resume\.pdf|favicon\.ico|favicon-\d+x\d+\.png|apple-touch-icon\.png|social)$/.test(name));
  await Promise.all(leftovers.map((name) => rm(path.join(publicDir, name), { recursive: true, force: true })));
}

/** The generated files' names: a publish renders only the variants the deploy does not have. */
function variantNames(plans: { outputs: Map<string, unknown> }[]): string[] {
  return plans.flatMap((plan) => [...plan.outputs.keys()].map((file) => path.basename(file))).sort();
}

async function writeAside(file: string, text: string) {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}

export function reportContentError(error: unknown): void {
  if (error instanceof ContentError) {
    console.error(`\n\x1b[31mContent error in ${error.message}\x1b[0m\n`);
  } else {
    console.error(error);
  }
}
