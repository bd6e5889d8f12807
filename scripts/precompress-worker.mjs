// Compresses one asset per message for scripts/precompress.ts, in a worker
// thread: zopfli runs on the thread that calls it, so one worker per core.
// Plain JavaScript: a worker thread does not inherit tsx's loader.
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

parentPort.on('message', async ({ id, source, level }) => {
  try {
    const gzip =
      level.gzip === 'zopfli'
        ? Buffer.from(await gzipAsync(source, { numiterations: level.zopfliIterations }))
        : gzipSync(source, { level: level.gzipLevel });
    const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: level.brotliQuality } });
    parentPort.postMessage({ id, gzip, brotli });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
