import type { BuildOptions, Plugin } from 'esbuild';
import { browserBundleOptions, buildBundle, watchBundle, type BundleSpec } from './esbuild-bundle';

/**
 * The public pages' JavaScript: the islands (app/islands/boot.ts and what it
 * imports), built here with esbuild, apart from Remix's build, which only
 * the owner's area loads. One entry, the boot module; each island it imports
 * with import() becomes a file of its own, named after its module, with a
 * content hash: under /build/ it is cached for a year (immutable), and a
 * deploy that changes it changes its name. The boot's URL is written to
 * ISLANDS_MANIFEST, which the root route's loader reads
 * (app/islands/boot-url.server.ts).
 *
 * No React, no Remix: an island that reached for either would cost more than
 * every island together, so the build refuses it (noFramework).
 */
export const ISLANDS_ENTRY = 'app/islands/boot.ts';
export const ISLANDS_MANIFEST = '.generated/islands.json';
const ISLANDS_BUNDLE: BundleSpec = { entry: ISLANDS_ENTRY, manifest: { env: 'ISLANDS_MANIFEST', file: ISLANDS_MANIFEST, key: 'boot' } };

/** Packages no island may bundle: the app's framework. */
const FRAMEWORK = /^(react|react-dom|scheduler|@remix-run\/.*|react-router(-dom)?)(\/.*)?$/;

const noFramework: Plugin = {
  name: 'portfolio-islands-no-framework',
  setup(build) {
    build.onResolve({ filter: FRAMEWORK }, (args) => ({
      errors: [{ text: `${args.importer} imports ${args.path}: an island is plain DOM code, it may not bundle the app's framework` }],
    }));
  },
};

/**
 * esbuild options for the islands, into `outdir`. The boot imports each
 * island by a relative URL ("./menu-<hash>.js"): resolved against its own,
 * and shorter on every page than the full path.
 */
export function islandsBundleOptions(outdir: string, production: boolean): BuildOptions & { metafile: true } {
  return {
    ...browserBundleOptions(ISLANDS_ENTRY, outdir, production),
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    plugins: [noFramework],
  };
}

/** `npm run build`: after Remix (which empties public/build), before precompression. */
export async function buildIslandsBundle(outdir = 'public/build/islands', publicPath = '/build/islands'): Promise<string> {
  return buildBundle(ISLANDS_BUNDLE, islandsBundleOptions(outdir, true), outdir, publicPath);
}

/**
 * `npm run dev`: rebuilt on each change, unminified. Not under public/build,
 * which remix dev empties when it starts; public/ is served as it is
 * (scripts/serve.ts), so /islands-dev/ is this origin's ('self' in the CSP).
 */
export async function watchIslandsBundle(outdir = 'public/islands-dev', publicPath = '/islands-dev') {
  return watchBundle(ISLANDS_BUNDLE, islandsBundleOptions(outdir, false), outdir, publicPath);
}
