import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ensureNetlifyCli } from './netlify-cli';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getStore, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { ROOT } from '../data/content';

/**
 * Netlify's own local runtime, `netlify serve` (netlify-cli), against this
 * checkout's current build, offline: the Remix function and the other
 * functions packaged by Netlify's bundler as for a deploy, public/ served by
 * its static server, netlify.toml's redirects and headers, and its local Blobs
 * (a BlobsServer on `<site>/.netlify/blobs-serve`, whose context the functions
 * get, so getStore() works in them with no siteID or token).
 *
 * `netlify serve` always runs the build command first and empties
 * .netlify/functions-internal before it. So it runs in a scratch copy of the
 * site (its files, the build's outputs, node_modules linked), whose
 * netlify.toml's build command only puts back the Remix function this
 * checkout built: nothing is rebuilt, and the checkout's own build output and
 * .gitignore are never touched. The copy is taken when it starts, so it
 * serves the content built then (the tests' fixture after global setup).
 *
 * Offline, Netlify's CLI needs `--internal-disable-edge-functions` (edge
 * functions need Deno, which it would download); the site has none.
 */

export type NetlifyServe = {
  url: string;
  /** The scratch copy it serves (its working directory). */
  siteDir: string;
  /** The local Blobs' directory (entries/<siteID>/<store>/<key>). */
  blobsDir: string;
  /** Everything the CLI and the functions printed so far. */
  output: () => string;
  stop: () => Promise<void>;
};

export type NetlifyServeOptions = {
  /** Files (paths from the repository root) added to the copy's netlify/functions/, e.g. a test-only function. */
  extraFunctions?: string[];
  /** A local Blobs directory to use instead of the copy's own: two instances given the same one share one store. */
  blobsDir?: string;
  /** Extra environment for the CLI and so for the functions (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** Bound on the start (copy, Netlify's function bundling, first answer). */
  startTimeoutMs?: number;
};

/** The site ID of the local Blobs when the site is not linked to a Netlify site (netlify-cli's own mock ID). */
export const UNLINKED_SITE_ID = 'unlinked';

export type LocalBlobs = { store: (name: string) => Store; close: () => Promise<void> };

/**
 * The same local Blobs, opened by the test itself: its own BlobsServer on the
 * directory (the files are the store; the CLI's server and token stay the
 * CLI's), for reading or seeding what the functions see.
 */
export async function openLocalBlobs(blobsDir: string): Promise<LocalBlobs> {
  const token = randomUUID();
  const server = new BlobsServer({ directory: blobsDir, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  return {
    store: (name) => getStore({ name, siteID: UNLINKED_SITE_ID, token, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' }),
    close: async () => {
      await server.stop();
    },
  };
}

/** Outputs of `npm run build` the served site needs; netlify.toml's publish directory is added to them. */
const BUILD_OUTPUTS = ['.generated'];
const REMIX_FUNCTION_DIR = '.netlify/functions-internal';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The checkout's files as git sees them (tracked and new, not ignored), then the build's outputs. */
function copySite(siteDir: string, publishDir: string) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    const from = path.join(ROOT, file);
    if (!existsSync(from)) continue; // deleted in the work tree, not yet committed
    mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
    cpSync(from, path.join(siteDir, file), { dereference: true });
  }
  for (const output of [...BUILD_OUTPUTS, publishDir]) {
    if (existsSync(path.join(ROOT, output)))
      cpSync(path.join(ROOT, output), path.join(siteDir, output), { recursive: true, dereference: true });
  }
  // Each package linked in, but the PDF's fonts copied: netlify.toml ships them with content-check as included_files,
  // and the CLI refuses an included file whose real path is outside the site.
  const modules = realpathSync(path.join(ROOT, 'node_modules'));
  mkdirSync(path.join(siteDir, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (entry === '@fontsource') cpSync(path.join(modules, entry), path.join(siteDir, 'node_modules', entry), { recursive: true });
    else symlinkSync(path.join(modules, entry), path.join(siteDir, 'node_modules', entry));
  }
}

/** Starts `netlify serve` on a free port against the current build and resolves once it answers. */
export async function startNetlifyServe(options: NetlifyServeOptions = {}): Promise<NetlifyServe> {
  const bin = ensureNetlifyCli();
  const remixFunction = path.join(ROOT, REMIX_FUNCTION_DIR, 'server.mjs');
  if (!existsSync(remixFunction)) throw new Error(`${path.relative(ROOT, remixFunction)} is missing: run \`npm run build\` first`);

  const scratch = mkdtempSync(path.join(os.tmpdir(), 'netlify-serve-'));
  const siteDir = path.join(scratch, 'site');
  const stash = path.join(scratch, 'functions-internal');
  const blobsDir = options.blobsDir ?? path.join(siteDir, '.netlify/blobs-serve');
  try {
    const toml = parseToml(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8')) as { build: { command: string; publish: string } };
    copySite(siteDir, toml.build.publish);
    // Edge functions are bundled with Deno, which the CLI downloads: offline the build fails on them. The oversized-upload edge
    // function runs in front of `npm start` instead (scripts/serve.ts), where the tests reach it.
    rmSync(path.join(siteDir, 'netlify/edge-functions'), { recursive: true, force: true });
    cpSync(path.join(ROOT, REMIX_FUNCTION_DIR), stash, { recursive: true });
    // The build step puts back the Remix function (the CLI deletes the directory just before it).
    toml.build.command = `mkdir -p .netlify && rm -rf ${REMIX_FUNCTION_DIR} && cp -R '${stash}' ${REMIX_FUNCTION_DIR}`;
    writeFileSync(path.join(siteDir, 'netlify.toml'), stringifyToml(toml));
    for (const file of options.extraFunctions ?? [])
      cpSync(path.join(ROOT, file), path.join(siteDir, 'netlify/functions', path.basename(file)));
    if (options.blobsDir) {
      mkdirSync(options.blobsDir, { recursive: true });
      mkdirSync(path.join(siteDir, '.netlify'), { recursive: true });
      symlinkSync(options.blobsDir, path.join(siteDir, '.netlify/blobs-serve'), 'dir');
    }
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }

  // Its static server would take 3999 or the next free port, a race between two instances starting at once.
  const [port, staticPort] = await Promise.all([freePort(), freePort()]);
  const env: NodeJS.ProcessEnv = { ...process.env, BROWSER: 'none', PORTFOLIO_DB: 'off' };
  // A function call is cut at Netlify's own 60 s, not at the offline CLI's 30 s (netlify-function-limit.mjs).
  env.NODE_OPTIONS = [
    process.env.NODE_OPTIONS,
    `--import=${pathToFileURL(path.join(import.meta.dirname, 'netlify-function-limit.mjs')).href}`,
  ]
    .filter(Boolean)
    .join(' ');
  // The developer's own Netlify settings stay out: a test's site is unlinked (site ID "unlinked").
  for (const name of ['NETLIFY_SITE_ID', 'NETLIFY_AUTH_TOKEN', 'NETLIFY_DB_URL', 'NETLIFY_DB_EMBEDDED', 'PORTFOLIO_DB_DIR', 'URL'])
    delete env[name];
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(
    bin,
    ['serve', '--offline', '--internal-disable-edge-functions', '--port', String(port), '--staticServerPort', String(staticPort)],
    {
      cwd: siteDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so stop() ends the CLI and whatever it started (esbuild's service), and nothing else.
      detached: true,
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Detached, it would outlive a test process that ends without stop(): end its group with this process.
  const endGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', endGroup);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', endGroup);
      resolve();
    }),
  );

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      const killed = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      if (!killed) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
        await exited;
      }
    }
    // Not rmSync: two instances stop side by side, and a copy of the site is thousands of files.
    await rm(scratch, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  // A bound, not a pace: the start (Netlify's bundling of the four functions) takes 25 s on a quiet machine,
  // and over 3 minutes for two instances at once on a saturated 2-core one (load 20).
  const timeoutMs = options.startTimeoutMs ?? 480_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`netlify serve exited (${child.exitCode ?? child.signalCode}) before it answered:\n${output}`);
    }
    if (/Local dev server ready/.test(output)) {
      const answered = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.status < 500,
        () => false,
      );
      if (answered) break;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`netlify serve did not answer on ${url} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, siteDir, blobsDir, output: () => output, stop };
}
