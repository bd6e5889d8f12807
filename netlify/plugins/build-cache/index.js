// Keeps the build's own caches between Netlify builds: the app's build and the compressed files
// (.cache/build, keyed by what they are made of: scripts/build-cache.ts) and the image variants
// (public/generated, named by the hash of their source). A stale entry can never be used, since
// every entry is found by its inputs; without this plugin every Netlify build starts cold.
const PATHS = ['.cache/build', 'public/generated'];

export const onPreBuild = async ({ utils }) => {
  for (const path of PATHS) {
    if (await utils.cache.restore(path)) console.log(`build-cache: restored ${path}`);
  }
};

export const onPostBuild = async ({ utils }) => {
  for (const path of PATHS) {
    if (await utils.cache.save(path)) console.log(`build-cache: saved ${path}`);
  }
};
