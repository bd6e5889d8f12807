import { execFileSync } from 'node:child_process';
import { build as esbuild } from 'esbuild';
import { buildContent, reportContentError } from '../pipeline/build-content';
import { addCompileHints } from './compile-hints';
import { precompressAssets } from './precompress';

/**
 * `npm run build`: content → Remix (client + server, for Node and for
 * Netlify's function) → the Node server that `npm start` runs. Content is compiled here, never on a request.
 */
async function main() {
  const started = performance.now();
  try {
    await buildContent();
  } catch (error) {
    reportContentError(error);
    process.exit(1);
  }
  for (const target of ['node', 'netlify']) {
    execFileSync('npx', ['remix', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', REMIX_TARGET: target } });
  }
  const hinted = await addCompileHints('public/build');
  console.log(`Marked ${hinted} browser modules for eager compilation`);
  const compressed = await precompressAssets('public/build');
  console.log(`Precompressed ${compressed} assets (zopfli gzip, brotli)`);
  await esbuild({
    // The server, and the worker thread it runs the embedded database in (scripts/local-database.ts).
    entryPoints: { serve: 'scripts/serve.ts', 'embedded-db-worker': 'scripts/embedded-db-worker.ts' },
    outdir: 'build/server',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // The Remix server build is loaded at run time, not bundled in.
    external: ['../index.js'],
    logLevel: 'warning',
  });
  console.log(`Build finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main();
