// `npm run build` runs remix build twice: once for the Node server that
// `npm start` runs (build/index.js), once with REMIX_TARGET=netlify for the
// Netlify function. Both produce the same client assets in public/build.
const netlify = process.env.REMIX_TARGET === 'netlify';
// `npm run dev` (scripts/dev.ts) builds into a folder of its own, so build/ and
// public/build/ stay the last production build, which `npm run serve` serves.
const devBuild = process.env.DEV_BUILD_DIR?.trim();

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // A route's server code sits beside it as <route>.server.ts: not a route of its own.
  ignoredRouteFiles: ['**/.*', '**/*.test.*', '**/*.server.*'],
  serverModuleFormat: 'esm',
  // Tailwind 4 runs through postcss.config.js; Remix's own v3 hook would do nothing.
  tailwind: false,
  // No watchPaths: content/ is compiled again inside the running dev server
  // (scripts/dev-content.ts), so an edit or a publish never restarts it.
  ...(devBuild ? { serverBuildPath: `${devBuild}/build/index.js`, assetsBuildDirectory: `${devBuild}/public/build` } : {}),
  ...(netlify ? { server: './server.ts', serverBuildPath: '.netlify/functions-internal/server.mjs' } : {}),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
