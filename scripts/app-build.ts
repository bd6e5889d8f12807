import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CACHE_FORMAT, hashInputs, listFiles, restoreStep, saveStep, sha256, type StepOutputs } from './build-cache';
import { addCompileHints } from './compile-hints';
import { buildEditorBundle, EDITOR_MANIFEST } from './editor-bundle';
import { buildIslandsBundle, ISLANDS_MANIFEST } from './islands-bundle';

/**
 * The app's part of `npm run build`: Remix for Node and for Netlify's
 * function, then the body editor's bundle, the public pages' islands and
 * the compile hints. It reads
 * app/ and the build's configuration, never content/, except through
 * Tailwind, which scans content/ for class names (app/tailwind.css
 * `@source "../content"`). So the key holds the stylesheets Tailwind makes
 * now rather than content/ itself: a changed word that is no class name
 * leaves them, and the app, as they were, and the app is copied back from
 * .cache/build instead of being built again.
 */
export const APP_INPUTS = [
  'app',
  'server.ts',
  'remix.config.js',
  'postcss.config.js',
  'tsconfig.json',
  'remix.env.d.ts',
  'package.json',
  'package-lock.json',
  // What is installed, which package-lock.json says only once `npm install` has run.
  'node_modules/.package-lock.json',
  'scripts/app-build.ts',
  'scripts/build-cache.ts',
  'scripts/editor-bundle.ts',
  'scripts/islands-bundle.ts',
  'scripts/compile-hints.ts',
];

/** Environment the steps read (remix.config.js, editor-bundle.ts, islands-bundle.ts); REMIX_TARGET and NODE_ENV are set by the build itself. */
export const APP_ENV = ['DEV_BUILD_DIR', 'EDITOR_BUNDLE_MANIFEST', 'ISLANDS_MANIFEST', 'REMIX_DEV_ORIGIN'];

/** Where the steps write. Remix empties public/build; the server builds' folders keep other files (build/server). */
export function appOutputs(env: Record<string, string | undefined> = process.env): StepOutputs {
  return {
    dirs: ['public/build'],
    files: [
      ...['index.js', 'version.txt', 'metafile.js.json', 'metafile.server.json'].map((name) => `build/${name}`),
      ...['server.mjs', 'version.txt', 'metafile.js.json', 'metafile.server.json'].map((name) => `.netlify/functions-internal/${name}`),
      // As writeBundleManifest names them (scripts/esbuild-bundle.ts).
      env.EDITOR_BUNDLE_MANIFEST?.trim() || EDITOR_MANIFEST,
      env.ISLANDS_MANIFEST?.trim() || ISLANDS_MANIFEST,
    ],
  };
}

/** A stylesheet Tailwind processes: it imports Tailwind or names sources to scan. */
const TAILWIND_SHEET = /@import\s+["']tailwindcss|@tailwind\b|@source\b/;

/**
 * Tailwind's output for each of app/'s stylesheets that scan sources, made
 * as Remix's PostCSS step makes it (unminified: minifying is a function of
 * it, and postcss.config.js is in the key). Its hash changes exactly when a
 * class name appears in or leaves the scanned files, content/ included.
 */
export async function tailwindFingerprint(root = '.'): Promise<string> {
  const [{ default: postcss }, { default: tailwind }] = await Promise.all([import('postcss'), import('@tailwindcss/postcss')]);
  const sheets = (await listFiles(root, 'app')).filter((file) => file.endsWith('.css'));
  const parts: string[] = [];
  for (const sheet of sheets) {
    const from = path.resolve(root, sheet);
    const css = await readFile(from, 'utf8');
    if (!TAILWIND_SHEET.test(css)) continue;
    const result = await postcss([tailwind({ base: path.resolve(root), optimize: false })]).process(css, { from });
    parts.push(`${sheet}\0${sha256(result.css)}`);
  }
  return sha256(parts.join('\n'));
}

/** The app's key: its input files, the environment that changes its outputs, Node, and Tailwind's stylesheets. */
export async function appBuildKey(root = '.', env: Record<string, string | undefined> = process.env): Promise<string> {
  const [files, tailwind] = await Promise.all([
    // Tests never reach the build (remix.config.js ignores *.test.*), but are hashed like the rest: a cheap, safe miss.
    hashInputs(root, APP_INPUTS),
    tailwindFingerprint(root),
  ]);
  const environment = APP_ENV.map((name) => `${name}=${env[name] ?? ''}`).join('\n');
  return sha256(
    [
      `format ${CACHE_FORMAT}`,
      `node ${process.version} ${process.platform} ${process.arch}`,
      environment,
      `files ${files}`,
      `tailwind ${tailwind}`,
    ].join('\n'),
  );
}

const running = new Set<ChildProcess>();

/** Stops the Remix builds still running (the content failed, the build stops). */
export function stopAppBuild(): void {
  for (const child of running) child.kill('SIGTERM');
}

function remixBuild(target: 'node' | 'netlify'): Promise<void> {
  // The CLI itself, not `npx remix`: npx costs a second of start-up per run.
  const cli = path.resolve('node_modules/@remix-run/dev/dist/cli.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', REMIX_TARGET: target },
    });
    running.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`remix build (REMIX_TARGET=${target}) ${signal ? `was stopped (${signal})` : `exited with ${code}`}`));
    });
  });
}

async function runAppSteps(log: (line: string) => void): Promise<void> {
  // One after the other: both write public/build (the same client files).
  for (const target of ['node', 'netlify'] as const) await remixBuild(target);
  // The body editor, apart from Remix's build, which only the owner's area loads (scripts/editor-bundle.ts).
  log(`Editor bundle: ${await buildEditorBundle()}`);
  // The public pages' islands, apart from Remix's build too (scripts/islands-bundle.ts).
  log(`Islands: ${await buildIslandsBundle()}`);
  const hinted = await addCompileHints('public/build', ['islands']);
  log(`Marked ${hinted} browser modules for eager compilation`);
}

/** Builds the app, or copies it back when nothing it reads has changed; says which. */
export async function buildApp(log: (line: string) => void = console.log): Promise<'reused' | 'built'> {
  // DEV_BUILD_DIR sends Remix's output elsewhere than appOutputs() names: built, not cached.
  const cacheable = process.env.BUILD_CACHE !== 'off' && !process.env.DEV_BUILD_DIR?.trim();
  const key = cacheable ? await appBuildKey() : undefined;
  if (key && (await restoreStep('app', key))) {
    log(`App (Remix, editor bundle, islands): unchanged, reused from .cache/build (key ${key.slice(0, 12)})`);
    return 'reused';
  }
  await runAppSteps(log);
  // Kept only if nothing it read changed while it ran: the outputs must be those of the key's inputs.
  if (key && (await appBuildKey()) === key) await saveStep('app', key, appOutputs());
  else if (key) log('App: its files changed during the build; not kept in .cache/build');
  return 'built';
}
