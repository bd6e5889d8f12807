import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CompiledContent } from '~/content/schema';
import { ROOT } from '../data/content';
import type { GitRemote } from './git-remote';
import { whenReady, type RunningServer } from './server';
import { compileSite } from '../../../pipeline/content/compile';

/**
 * The site as a deploy of the remote's branch would be: a fresh clone, its
 * content built by the real content step of `npm run build` in the clone
 * (so .generated/ and public/'s generated files land in the clone, as on the
 * build machine), served by this checkout's built server (build/ and the
 * browser bundles in public/build are the app's, not the content's) with the
 * clone as its working directory, so every static file it serves is the
 * clone's public/.
 *
 * Like a Netlify build, it starts with the image variants of earlier builds
 * (netlify/plugins/build-cache restores public/generated): the checkout's,
 * linked in. The build makes only what its content lacks and removes the
 * rest, so a variant of an image the branch no longer has cannot survive.
 */

export type BuiltClone = {
  /** The clone: content/, public/ (with the build's outputs), .generated/. */
  dir: string;
  publicDir: string;
  content: CompiledContent;
  dispose: () => void;
};

function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: 300_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${path.basename(command)} ${args.join(' ')} failed:\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/**
 * The image variants this checkout's build made (public/generated), linked
 * into another tree's public/, as Netlify's build cache restores them before
 * a build (netlify/plugins/build-cache): that build makes only the variants
 * its content lacks, and removes the others.
 */
export function linkImageVariants(root: string): void {
  const variants = path.join(ROOT, 'public/generated');
  if (!existsSync(variants)) return;
  mkdirSync(path.join(root, 'public'), { recursive: true });
  execFileSync('cp', ['-al', variants, path.join(root, 'public/generated')]);
}

/** Clones the remote's `branch` and builds its content there. Rejects with the build's own message if the content does not build. */
export async function buildClone(remote: GitRemote, branch = 'main'): Promise<BuiltClone> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'built-clone-'));
  const dir = path.join(scratch, 'site');
  await run('git', ['clone', '--quiet', '--branch', branch, remote.bareDir, dir], { cwd: scratch });
  linkImageVariants(dir);
  // The app's build, as `npm run build` made it in this checkout.
  symlinkSync(path.join(ROOT, 'build'), path.join(dir, 'build'), 'dir');
  await run(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'test/helpers/start/build-content-here.ts')], {
    cwd: dir,
    env: { TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json') },
  });
  symlinkSync(path.join(ROOT, 'public/build'), path.join(dir, 'public/build'), 'dir');
  const content = JSON.parse(readFileSync(path.join(dir, '.generated/content.json'), 'utf8')) as CompiledContent;
  return { dir, publicDir: path.join(dir, 'public'), content, dispose: () => rmSync(scratch, { recursive: true, force: true }) };
}

/** A visitor's server: no database, no owner's area, its secrets kept in the clone. */
function serverEnv(clone: BuiltClone, siteUrl: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    SITE_URL: siteUrl,
    CONTENT_JSON_PATH: path.join(clone.dir, '.generated/content.json'),
    PORTFOLIO_DB: 'off',
    PORTFOLIO_SECRETS_FILE: path.join(clone.dir, '.generated/local-secrets.json'),
    // Its own live store, empty: it serves its build.
    LIVE_CONTENT_DIR: path.join(clone.dir, '.netlify/live-content'),
    // The checkout's one app build names the islands, as it names every other asset.
    ISLANDS_MANIFEST: path.join(ROOT, '.generated/islands.json'),
    ...extra,
  };
  for (const name of [
    'NETLIFY_DB_URL',
    'NETLIFY_DB_EMBEDDED',
    'PORTFOLIO_DB_DIR',
    'ADMIN_PASSWORD',
    'URL',
    'LIVE_STORE',
    'NETLIFY_BLOBS_CONTEXT',
    'NETLIFY_PURGE_API_TOKEN',
  ])
    delete env[name];
  return env;
}

/** The built production server with the clone as its working directory; SITE_URL is the public origin its absolute links use; `env` adds to its environment. */
export async function serveClone(clone: BuiltClone, siteUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [path.join(ROOT, 'build/server/serve.mjs')], {
    cwd: clone.dir,
    env: serverEnv(clone, siteUrl, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return whenReady(child);
}

/** The site's content build (the real compileSite) on a fresh clone of the remote's main: throws its ContentError if it fails. */
export async function buildOnClone(remote: GitRemote): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'editor-clone-'));
  try {
    execFileSync('git', ['clone', '--quiet', remote.bareDir, work]);
    await compileSite(path.join(work, 'content'), path.join(work, 'public'), path.join(work, '.generated/private-media'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
