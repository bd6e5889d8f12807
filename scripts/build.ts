import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { buildContent, reportContentError } from '../pipeline/build-content';
import { buildApp, stopAppBuild } from './app-build';
import { precompressAssets, servesPrecompressed } from './precompress';
import { serverBundle } from './server-bundle';

/**
 * `npm run build`: content, and beside it the app (Remix for Node and for
 * Netlify's function, the body editor's own bundle); then precompression and
 * the Node server that `npm start` runs. Content is compiled here, never on
 * a request. The content is content/, or the directory CONTENT_DIR names (the
 * tests build a fixture designer this way).
 *
 * The app and each compressed file are reused from .cache/build when what
 * they are made of has not changed (scripts/app-build.ts, precompress.ts):
 * a build after a content edit compiles the content and little else.
 * BUILD_CACHE=off builds everything and leaves the cache alone.
 */
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const started = performance.now();
  const contentDir = path.resolve(process.env.CONTENT_DIR?.trim() || 'content');
  if (contentDir !== path.resolve('content')) console.log(`Content from ${path.relative('.', contentDir)} (CONTENT_DIR), not content/`);
  // Content and app read and write different files (the app reads content/ only through Tailwind), so they run side by side.
  const content = (async () => {
    const since = performance.now();
    await buildContent(contentDir);
    console.log(`Content compiled in ${seconds(since)}`);
  })();
  const app = (async () => {
    const since = performance.now();
    const how = await buildApp();
    console.log(`App ${how} in ${seconds(since)}`);
  })();
  const [contentResult, appResult] = await Promise.allSettled([
    content.catch((error: unknown) => {
      // No app build left running behind a content mistake.
      stopAppBuild();
      throw error;
    }),
    app,
  ]);
  if (contentResult.status === 'rejected') {
    reportContentError(contentResult.reason);
    process.exit(1);
  }
  if (appResult.status === 'rejected') {
    console.error(appResult.reason);
    process.exit(1);
  }
  if (servesPrecompressed()) {
    const since = performance.now();
    const { files, compressed, reused } = await precompressAssets('public/build');
    console.log(`Precompressed ${files} assets (gzip, brotli): ${compressed} compressed, ${reused} reused, in ${seconds(since)}`);
  } else console.log('Precompression skipped: on Netlify the CDN compresses the assets, and nothing would serve the twins');
  await esbuild(serverBundle('build/server'));
  console.log(`Build finished in ${seconds(started)}`);
}

main();
