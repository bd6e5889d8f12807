import type { BuildOptions } from 'esbuild';

/**
 * The Node server as one ESM file (and the worker thread it runs the embedded
 * database in, scripts/local-database.ts), packages left to node_modules:
 * build/server/ for `npm start`, .cache/dev-server/ for `npm run dev`.
 */
export function serverBundle(outdir: string): BuildOptions {
  return {
    entryPoints: { serve: 'scripts/serve.ts', 'embedded-db-worker': 'scripts/embedded-db-worker.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // The Remix server build is loaded at run time, not bundled in.
    external: ['../index.js'],
    logLevel: 'warning',
  };
}
