// `npm run build` runs remix build twice: once for the Node server that
// `npm start` runs (build/index.js), once with REMIX_TARGET=netlify for the
// Netlify function. Both produce the same client assets in public/build.
const netlify = process.env.REMIX_TARGET === 'netlify';

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  serverModuleFormat: 'esm',
  // Tailwind 4 runs through postcss.config.js; Remix's own v3 hook would do nothing.
  tailwind: false,
  // Content edits trigger a rebuild, and the dev server recompiles content on restart.
  watchPaths: ['content'],
  ...(netlify ? { server: './server.ts', serverBuildPath: '.netlify/functions-internal/server.mjs' } : {}),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
