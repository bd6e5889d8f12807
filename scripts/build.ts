import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { buildContent, reportContentError } from '../pipeline/build-content';
import { addCompileHints } from './compile-hints';
import { buildEditorBundle } from './editor-bundle';
import { precompressAssets } from './precompress';
import { serverBundle } from './server-bundle';

/**
 * `npm run build`: content → Remix (client + server, for Node and for
 * Netlify's function) → the body editor's own bundle → the Node server that `npm start` runs. Content is compiled here, never on a request.
 * The content is content/, or the directory CONTENT_DIR names (the tests build a fixture designer this way).
 */
async function main() {
  const started = performance.now();
  const contentDir = path.resolve(process.env.CONTENT_DIR?.trim() || 'content');
  if (contentDir !== path.resolve('content')) console.log(`Content from ${path.relative('.', contentDir)} (CONTENT_DIR), not content/`);
  try {
    await buildContent(contentDir);
  } catch (error) {
    reportContentError(error);
    process.exit(1);
  }
  for (const target of ['node', 'netlify']) {
    execFileSync('npx', ['remix', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', REMIX_TARGET: target } });
  }
  // The body editor, apart from Remix's build so the public pages' JS stays as it was (scripts/editor-bundle.ts).
  console.log(`Editor bundle: ${await buildEditorBundle()}`);
  const hinted = await addCompileHints('public/build');
  console.log(`Marked ${hinted} browser modules for eager compilation`);
  const compressed = await precompressAssets('public/build');
  console.log(`Precompressed ${compressed} assets (zopfli gzip, brotli)`);
  await esbuild(serverBundle('build/server'));
  console.log(`Build finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main();
