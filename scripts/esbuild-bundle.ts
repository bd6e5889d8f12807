import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';

/**
 * What the two bundles built apart from Remix (the editor, the islands) share:
 * one entry, a content-hashed name, and a small JSON manifest naming its URL
 * for the server to read. `npm run dev` points the manifest elsewhere through
 * its environment variable, so the production build's stays as built.
 */
export type BundleSpec = {
  /** The entry module, as esbuild's metafile names it. */
  entry: string;
  /** The manifest the server reads: the variable that may move it, its default path, and the key of the URL in it. */
  manifest: { env: string; file: string; key: string };
};

/**
 * What both bundles are: ES modules for the browser, split at each import(),
 * at ES2022 (every browser that runs module scripts has class fields and
 * optional chaining, so esbuild adds no helper), minified for production.
 */
export function browserBundleOptions(entry: string, outdir: string, production: boolean): BuildOptions & { metafile: true } {
  return {
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    splitting: true,
    target: 'es2022',
    platform: 'browser',
    minify: production,
    sourcemap: false,
    outdir,
    tsconfig: 'tsconfig.json',
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    metafile: true,
    logLevel: 'warning',
  };
}

/** The entry's URL, from esbuild's metafile, written where the server reads it. */
export async function writeBundleManifest(spec: BundleSpec, metafile: Metafile, outdir: string, publicPath: string): Promise<string> {
  const entry = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === spec.entry);
  if (!entry) throw new Error(`the bundle of ${spec.entry} has no entry output`);
  const url = `${publicPath}/${path.relative(outdir, entry[0]).split(path.sep).join('/')}`;
  const manifest = process.env[spec.manifest.env]?.trim() || spec.manifest.file;
  await mkdir(path.dirname(manifest), { recursive: true });
  await writeFile(manifest, `${JSON.stringify({ [spec.manifest.key]: url }, null, 1)}\n`);
  return url;
}

/** `npm run build`: a clean output folder, one minified build, its manifest. */
export async function buildBundle(spec: BundleSpec, options: BuildOptions, outdir: string, publicPath: string): Promise<string> {
  const { build } = await import('esbuild');
  await rm(outdir, { recursive: true, force: true });
  const result = await build({ ...options, metafile: true });
  return writeBundleManifest(spec, result.metafile, outdir, publicPath);
}

/** `npm run dev`: rebuilt on each change, the manifest rewritten after each build. */
export async function watchBundle(spec: BundleSpec, options: BuildOptions, outdir: string, publicPath: string) {
  const { context } = await import('esbuild');
  await rm(outdir, { recursive: true, force: true });
  const manifest: Plugin = {
    name: 'bundle-manifest',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.metafile) await writeBundleManifest(spec, result.metafile, outdir, publicPath);
      });
    },
  };
  const bundle = await context({ ...options, metafile: true, plugins: [...(options.plugins ?? []), manifest] });
  await bundle.rebuild();
  await bundle.watch();
  return bundle;
}
