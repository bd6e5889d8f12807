import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompiledContent } from '../app/content/schema';
import { MAX_ANCESTORS, type VersionFile, type VersionPointer } from '../app/content/live-version';
import type { ImagePlan } from './images';
import { writeIcons } from './icons';
import { writeResumePdf } from './resume-pdf';
import { writeSocialImages } from './social-images';

/**
 * The files the site derives from its content at fixed paths: /resume.pdf,
 * the favicons and the sharing cards. The build and a publish both render
 * them here, from the same compiled content, so a publish's files are the
 * ones the next build makes. They are served by the app from the current
 * version (app/http/live-content.server.ts), never as static files, so a
 * publish can change them without a deploy.
 */

/** `recipe`: what a sharing card was drawn from (social-images.ts), kept in the version so a later publish can reuse the card. */
export type RenderedFile = { bytes: Buffer; type: string; recipe?: string };

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

export const typeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Site path → bytes of every file under `dir`, as served from `urlPrefix`. */
export async function readTree(dir: string, urlPrefix = ''): Promise<Map<string, RenderedFile>> {
  const files = new Map<string, RenderedFile>();
  for await (const file of filesUnder(dir)) {
    if (file.endsWith('.partial')) continue;
    const sitePath = `${urlPrefix}/${path.relative(dir, file).split(path.sep).join('/')}`;
    files.set(sitePath, { bytes: await readFile(file), type: typeOf(file) });
  }
  return files;
}

/** The earlier version's files, and what ties a recipe to the code that drew it (the deploy's build). */
export type SiteFileReuse = { earlier: Record<string, VersionFile>; salt: string };

/**
 * Renders the fixed-path files. `images` names the photos' and card images'
 * sources, so the sharing cards draw from the originals before any variant
 * exists. With `reuse`, a sharing card drawn from the same recipe in the
 * earlier version is kept from there instead of drawn again.
 */
export async function renderSiteFiles(
  content: CompiledContent,
  images: ImagePlan,
  reuse?: SiteFileReuse,
): Promise<{ rendered: Map<string, RenderedFile>; kept: Record<string, VersionFile> }> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'site-files-'));
  const earlierWith = (sitePath: string, recipe: string) => {
    const file = reuse && Object.hasOwn(reuse.earlier, sitePath) ? reuse.earlier[sitePath] : undefined;
    return file?.recipe === recipe ? file : undefined;
  };
  try {
    await writeResumePdf(content, path.join(scratch, 'resume.pdf'));
    await writeIcons(content.site, scratch);
    const recipes = await writeSocialImages(
      content,
      scratch,
      images,
      reuse && { salt: reuse.salt, has: (sitePath, recipe) => earlierWith(sitePath, recipe) !== undefined },
    );
    const rendered = await readTree(scratch);
    const kept: Record<string, VersionFile> = {};
    for (const [sitePath, recipe] of recipes) {
      const file = rendered.get(sitePath);
      if (file) file.recipe = recipe;
      else kept[sitePath] = earlierWith(sitePath, recipe)!;
    }
    return { rendered, kept };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export function versionFiles(files: Map<string, RenderedFile>, extra: { private?: true } = {}): Record<string, VersionFile> {
  return Object.fromEntries(
    [...files]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([sitePath, file]) => [
        sitePath,
        { hash: sha256(file.bytes), type: file.type, ...(file.recipe ? { recipe: file.recipe } : {}), ...extra },
      ]),
  );
}

function git(args: string[], cwd: string): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * The build's place among versions: its commit (Netlify names it in
 * COMMIT_REF; otherwise the checkout's HEAD), when it was made, and the
 * commits before it that the clone knows. A live version whose commit is
 * among these is older than the build and is not served.
 */
export function buildPointer(root = process.cwd()): VersionPointer {
  const commit = process.env.COMMIT_REF?.trim() || git(['rev-parse', '--verify', 'HEAD'], root);
  const committedAt = commit ? git(['show', '-s', '--format=%cI', commit], root) : null;
  const ancestors = commit
    ? (git(['rev-list', '--first-parent', `--max-count=${MAX_ANCESTORS}`, `${commit}^`], root)
        ?.split('\n')
        .filter(Boolean) ?? [])
    : [];
  // No clock: two builds of one commit write the same file (the build cache's check compares them).
  const renderedAt = committedAt || new Date(0).toISOString();
  return {
    id: `build-${(commit ?? 'none').slice(0, 12)}`,
    commit: commit || null,
    committedAt: committedAt || null,
    ancestors,
    renderedAt,
  };
}
