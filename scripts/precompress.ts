import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BUILD_CACHE_DIR, sha256 } from './build-cache';

/**
 * Compresses the fingerprinted assets at build, so the Node server sends
 * these files instead of compressing on every request (scripts/serve.ts).
 *
 * What visitors load is compressed as hard as the formats allow: zopfli for
 * gzip (a few percent smaller than gzip -9, readable by every browser) and
 * brotli at quality 11. The body editor's bundle (public/build/editor), which
 * only the signed-in owner loads, lazily and once, was 84% of that work for
 * about 6% of bytes: it gets gzip -9 and brotli 6.
 *
 * Each file's twins are kept in .cache/build/precompressed under the hash of
 * its bytes and of how it is compressed, so a file that did not change is
 * never compressed again.
 */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Whether this build's output is served by the Node server (`npm start`),
 * the only server that sends the twins. A Netlify build (NETLIFY=true) skips
 * them: its CDN compresses on its own, and the twins would only be uploaded.
 */
export function servesPrecompressed(env: Record<string, string | undefined> = process.env): boolean {
  return env.NETLIFY !== 'true';
}

export type CompressionLevel = {
  name: string;
  gzip: 'zopfli' | 'zlib';
  zopfliIterations: number;
  gzipLevel: number;
  brotliQuality: number;
};
export const VISITOR_LEVEL: CompressionLevel = { name: 'visitor', gzip: 'zopfli', zopfliIterations: 15, gzipLevel: 9, brotliQuality: 11 };
export const OWNER_ONLY_LEVEL: CompressionLevel = { name: 'owner-only', gzip: 'zlib', zopfliIterations: 0, gzipLevel: 9, brotliQuality: 6 };

/** Paths under public/build that only the owner loads. */
export function levelFor(relativePath: string): CompressionLevel {
  return relativePath.split(path.sep).join('/').startsWith('editor/') ? OWNER_ONLY_LEVEL : VISITOR_LEVEL;
}

const zopfliVersion = (createRequire(import.meta.url)('@gfx/zopfli/package.json') as { version: string }).version;

/** The cache name of a file's twins: its bytes, the level, and the compressors' versions (another version may write other bytes). */
export function twinKey(source: Uint8Array, level: CompressionLevel): string {
  const tools = `zlib ${process.versions.zlib} brotli ${process.versions.brotli} zopfli ${zopfliVersion}`;
  return sha256(`${sha256(source)}\n${JSON.stringify(level)}\n${tools}`);
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

type Job = { source: Buffer; level: CompressionLevel };
type Twins = { gzip: Uint8Array; brotli: Uint8Array };

/** A few worker threads, the largest file first, so that one big file does not finish last alone. */
async function compressAll(jobs: Job[], threads: number): Promise<Twins[]> {
  const order = [...jobs.entries()].sort(([, a], [, b]) => b.source.byteLength - a.source.byteLength);
  const results: Twins[] = new Array(jobs.length);
  const workerUrl = new URL('./precompress-worker.mjs', import.meta.url);
  const workers = Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, () => new Worker(workerUrl));
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (let next = order.shift(); next !== undefined; next = order.shift()) {
          const [id, job] = next;
          results[id] = await new Promise<Twins>((resolve, reject) => {
            const onMessage = (message: { id: number; error?: string } & Twins) => {
              worker.off('error', reject);
              if (message.error) reject(new Error(message.error));
              else resolve({ gzip: message.gzip, brotli: message.brotli });
            };
            worker.once('message', onMessage);
            worker.once('error', reject);
            worker.postMessage({ id, source: job.source, level: job.level });
          });
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}

/** Written aside and renamed: a build killed midway leaves no truncated twin in the cache. */
let partials = 0;
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.${process.pid}-${(partials += 1)}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

export type PrecompressResult = { files: number; compressed: number; reused: number };

/** Twins unused for this long are dropped from the cache. */
const CACHE_DAYS = 14;

export async function precompressAssets(
  dir: string,
  {
    cacheDir = path.join(BUILD_CACHE_DIR, 'precompressed'),
    useCache = process.env.BUILD_CACHE !== 'off',
    threads = os.availableParallelism(),
  } = {},
): Promise<PrecompressResult> {
  await mkdir(cacheDir, { recursive: true });
  const sources: { file: string; key: string; job: Job }[] = [];
  for await (const file of files(dir)) {
    const source = await readFile(file);
    const level = levelFor(path.relative(dir, file));
    sources.push({ file, key: twinKey(source, level), job: { source, level } });
  }
  const cached = (key: string) => path.join(cacheDir, key);
  const missing: typeof sources = [];
  let reused = 0;
  const now = new Date();
  await Promise.all(
    sources.map(async (item) => {
      if (useCache) {
        try {
          await copyFile(`${cached(item.key)}.gz`, `${item.file}.gz`);
          await copyFile(`${cached(item.key)}.br`, `${item.file}.br`);
          await Promise.all(['gz', 'br'].map((ext) => utimes(`${cached(item.key)}.${ext}`, now, now)));
          reused += 1;
          return;
        } catch {
          // Not cached (or half of it): compressed below.
        }
      }
      missing.push(item);
    }),
  );
  // Files with the same bytes (Remix's and the editor's identical chunks) are compressed once.
  const unique = [...new Map(missing.map((item) => [item.key, item])).values()];
  const made = await compressAll(
    unique.map((item) => item.job),
    threads,
  );
  const twinsOf = new Map(unique.map((item, i) => [item.key, made[i]]));
  await Promise.all(
    missing.map(async (item) => {
      // compressAll answers one result per job, so every unique key has its twins.
      const twins = twinsOf.get(item.key)!;
      await writeFile(`${item.file}.gz`, twins.gzip);
      await writeFile(`${item.file}.br`, twins.brotli);
    }),
  );
  if (useCache) {
    await Promise.all(
      unique.map(async (item) => {
        // compressAll answers one result per job, so every unique key has its twins.
        const twins = twinsOf.get(item.key)!;
        await writeAtomically(`${cached(item.key)}.gz`, twins.gzip);
        await writeAtomically(`${cached(item.key)}.br`, twins.brotli);
      }),
    );
  }
  if (useCache) await pruneTwins(cacheDir);
  return { files: sources.length, compressed: missing.length, reused };
}

async function pruneTwins(cacheDir: string): Promise<void> {
  const oldest = Date.now() - CACHE_DAYS * 86_400_000;
  for (const name of await readdir(cacheDir)) {
    const file = path.join(cacheDir, name);
    if ((await stat(file)).mtimeMs < oldest) await unlink(file).catch(() => undefined);
  }
}
