import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { afterAll, describe, expect, it } from 'vitest';
import { levelFor, OWNER_ONLY_LEVEL, precompressAssets, servesPrecompressed, VISITOR_LEVEL } from '../../scripts/precompress';
import { at } from '../helpers/must';

/**
 * Precompression with its cache: a reused twin is the bytes compressing the
 * file would give, a changed file is compressed again, and every twin
 * decompresses to its file.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'precompress-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A few assets shaped like public/build: a visitor's script and stylesheet, the owner's editor. */
function assets(name: string): { dir: string; cacheDir: string } {
  const dir = path.join(scratch, name, 'public/build');
  mkdirSync(path.join(dir, 'editor'), { recursive: true });
  mkdirSync(path.join(dir, '_assets'), { recursive: true });
  const words = Array.from({ length: 120 }, (_, i) => `function f${i}(a) { return a * ${i} + "${'x'.repeat(i % 13)}"; }`).join('\n');
  writeFileSync(path.join(dir, 'root-ABC.js'), words);
  writeFileSync(path.join(dir, '_assets/tailwind-DEF.css'), `${'.a{color:red}'.repeat(200)}`);
  writeFileSync(path.join(dir, 'editor/editor-GHI.js'), `${words}\n// the editor`);
  // Same bytes as another file: compressed once, written twice.
  writeFileSync(path.join(dir, 'editor/chunk-JKL.js'), words);
  writeFileSync(path.join(dir, 'logo.png'), 'not compressible by name');
  return { dir, cacheDir: path.join(scratch, name, '.cache/build/precompressed') };
}

const twinsOf = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(gz|br)$/.test(file))
      .sort()
      .map((file) => [file, readFileSync(path.join(dir, file)).toString('base64')]),
  );

function expectTwinsDecompress(dir: string) {
  for (const file of Object.keys(twinsOf(dir))) {
    const source = readFileSync(path.join(dir, file.replace(/\.(gz|br)$/, '')));
    const twin = readFileSync(path.join(dir, file));
    expect(file.endsWith('.gz') ? gunzipSync(twin) : brotliDecompressSync(twin), file).toEqual(source);
  }
}

describe('precompression', () => {
  it('is made for the Node server only: a Netlify build (NETLIFY=true) skips it', () => {
    expect(servesPrecompressed({})).toBe(true);
    expect(servesPrecompressed({ NETLIFY: 'false' })).toBe(true);
    expect(servesPrecompressed({ NETLIFY: 'true' })).toBe(false);
  });

  it('compresses the editor more cheaply than what visitors load', () => {
    expect(levelFor('editor/chunk-A.js')).toBe(OWNER_ONLY_LEVEL);
    expect(levelFor(path.join('editor', 'editor-B.js'))).toBe(OWNER_ONLY_LEVEL);
    expect(levelFor('_shared/chunk-C.js')).toBe(VISITOR_LEVEL);
    expect(levelFor('routes/editor-like-D.js')).toBe(VISITOR_LEVEL);
  });

  it('makes zopfli gzip for visitors and zlib gzip -9 for the editor, each decompressing to its file', async () => {
    const { dir, cacheDir } = assets('levels');
    expect(await precompressAssets(dir, { cacheDir, threads: 2 })).toEqual({ files: 4, compressed: 4, reused: 0 });
    expectTwinsDecompress(dir);
    const visitor = readFileSync(path.join(dir, 'root-ABC.js'));
    expect(readFileSync(path.join(dir, 'root-ABC.js.gz'))).toEqual(Buffer.from(await gzipAsync(visitor, { numiterations: 15 })));
    const editor = readFileSync(path.join(dir, 'editor/editor-GHI.js'));
    expect(readFileSync(path.join(dir, 'editor/editor-GHI.js.gz'))).toEqual(gzipSync(editor, { level: 9 }));
  });

  it('reuses the cached twins byte for byte, and compresses again only a changed file', async () => {
    const cold = assets('cold');
    await precompressAssets(cold.dir, { cacheDir: cold.cacheDir, useCache: false });
    const cached = assets('cached');
    await precompressAssets(cached.dir, { cacheDir: cached.cacheDir });
    expect(await precompressAssets(cached.dir, { cacheDir: cached.cacheDir })).toEqual({ files: 4, compressed: 0, reused: 4 });
    expect(twinsOf(cached.dir)).toEqual(twinsOf(cold.dir));

    // A changed file is compressed again: its old twins are not reused for its new bytes.
    for (const dir of [cold.dir, cached.dir]) writeFileSync(path.join(dir, '_assets/tailwind-DEF.css'), '.b{color:blue}'.repeat(150));
    await precompressAssets(cold.dir, { cacheDir: cold.cacheDir, useCache: false });
    expect(await precompressAssets(cached.dir, { cacheDir: cached.cacheDir })).toEqual({ files: 4, compressed: 1, reused: 3 });
    expect(twinsOf(cached.dir)).toEqual(twinsOf(cold.dir));
    expectTwinsDecompress(cached.dir);
  });

  it('compresses again when half of a cached pair is gone, and leaves no partial file', async () => {
    const { dir, cacheDir } = assets('half');
    await precompressAssets(dir, { cacheDir });
    const brotli = readdirSync(cacheDir).filter((name) => name.endsWith('.br'));
    rmSync(path.join(cacheDir, at(brotli, 0, 'a cached .br file')));
    const result = await precompressAssets(dir, { cacheDir });
    expect(result.compressed).toBeGreaterThanOrEqual(1);
    expectTwinsDecompress(dir);
    expect(readdirSync(cacheDir).filter((name) => name.includes('partial'))).toEqual([]);
  });
});
