import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

/**
 * Compresses the fingerprinted assets once, at build, as hard as the formats
 * allow: zopfli for gzip (a few percent smaller than gzip -9, readable by every
 * browser) and brotli at quality 11. The Node server sends these files instead
 * of compressing on every request (scripts/serve.ts).
 */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

export async function precompressAssets(dir: string): Promise<number> {
  let count = 0;
  const jobs: Promise<void>[] = [];
  for await (const file of files(dir)) {
    jobs.push(
      (async () => {
        const source = await readFile(file);
        await writeFile(`${file}.gz`, await gzipAsync(source, { numiterations: 15 }));
        await writeFile(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        count += 1;
      })(),
    );
  }
  await Promise.all(jobs);
  return count;
}
