import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './content';

/**
 * What esbuild bundles from one source file of this repository, packages left
 * external as Netlify's bundler leaves them: the repository files it takes in,
 * and every import those files name (packages included), to check what a
 * function would carry.
 */
export async function bundleInputs(source: string): Promise<{ files: string[]; imports: string[] }> {
  const result = await build({
    entryPoints: [path.join(ROOT, source)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.values(result.metafile.inputs);
  return { files: Object.keys(result.metafile.inputs), imports: inputs.flatMap((input) => input.imports.map((i) => i.path)) };
}
