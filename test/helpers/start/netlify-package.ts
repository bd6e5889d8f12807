import { execFile } from 'node:child_process';
import { cp, glob, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { nodeFileTrace } from '@vercel/nft';
import { parse as parseToml } from 'smol-toml';
import { ROOT } from '../data/content';

/**
 * The deploy artefact, not the local server: the built Netlify function
 * (.netlify/functions-internal/server.mjs) packaged the way Netlify does it
 * (its files traced with @vercel/nft, the engine Netlify's bundler uses for
 * Functions v2, plus netlify.toml's included_files) into an empty directory,
 * where it answers real Requests. Only Netlify's CDN is missing.
 */

export const FUNCTION_ENTRY = '.netlify/functions-internal/server.mjs';
export const FUNCTION_SITE = 'https://portfolio.example';

export type NetlifyToml = {
  build: { command: string; publish: string; functions: string; environment: Record<string, string> };
  /** `included_files` for every function; `[functions."<name>"]` adds a function's own. */
  functions: { included_files: string[] } & Record<string, { included_files?: string[] } | string[]>;
  redirects: { from: string; to: string; status: number; force?: boolean }[];
  headers: { for: string; values: Record<string, string> }[];
};

export type FunctionRequest = { path: string; method?: string; body?: string; headers?: Record<string, string> };
export type FunctionAnswer = { path: string; method: string; status: number; headers: Record<string, string>; body: string };

/** Runs inside the packaged directory: imports the function at `entry` and answers each request. */
const runner = (entry: string) => `
import { pathToFileURL } from 'node:url';
const { default: handler } = await import(pathToFileURL('${entry}').href);
const context = { ip: '203.0.113.9', requestId: 'test', geo: {}, params: {}, site: { url: '${FUNCTION_SITE}' } };
const answers = [];
for (const { path, method, body, headers } of JSON.parse(process.argv[2])) {
  const request = new Request('${FUNCTION_SITE}' + path, { method, body, headers });
  const response = await handler(request, context);
  answers.push({ path, method, status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() });
}
process.stdout.write('\\n@@ANSWERS@@' + JSON.stringify(answers));
`;

export type PackagedFunction = {
  toml: NetlifyToml;
  traced: string[];
  dir: string;
  /** Each request in turn, in a fresh Node process with only this environment (async, so servers in this process keep answering). */
  call: (requests: FunctionRequest[], env?: Record<string, string>) => Promise<FunctionAnswer[]>;
  dispose: () => Promise<void>;
};

async function copyInto(dir: string, file: string) {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await cp(path.join(ROOT, file), path.join(dir, file), { dereference: true, recursive: true });
}

/** `extraFiles` (paths from the repository root) travel too, e.g. fixture content. */
export async function packageServerFunction(extraFiles: string[] = []): Promise<PackagedFunction> {
  return packageFunction(FUNCTION_ENTRY, { extraFiles });
}

/**
 * A function from netlify/functions/, built as Netlify's bundler does for a
 * TypeScript Functions v2 file (its own modules compiled by esbuild, packages
 * left to node_modules and traced with @vercel/nft), then packaged like the
 * server function, with netlify.toml's included_files for all functions and
 * for this one (`[functions."<name>"]`).
 */
export async function packageSourceFunction(source: string): Promise<PackagedFunction & { bundle: string }> {
  const name = path.basename(source, path.extname(source));
  const bundle = path.posix.join('.cache', 'netlify-functions', `${name}.mjs`);
  await bundleFunctionSource(source, path.join(ROOT, bundle));
  const packaged = await packageFunction(bundle, { name });
  return { ...packaged, bundle };
}

/** A function's own modules compiled into one ES module at `outfile`, as Netlify's bundler does; packages stay imports of node_modules. */
export async function bundleFunctionSource(source: string, outfile: string): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(ROOT, source)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'silent',
  });
}

async function packageFunction(
  entry: string,
  { extraFiles = [], name }: { extraFiles?: string[]; name?: string },
): Promise<PackagedFunction> {
  const toml = parseToml(await readFile(path.join(ROOT, 'netlify.toml'), 'utf8')) as unknown as NetlifyToml;
  const { fileList } = await nodeFileTrace([path.join(ROOT, entry)], { base: ROOT });
  const traced = [...fileList];
  const dir = await mkdtemp(path.join(tmpdir(), 'netlify-function-'));
  for (const file of traced) await copyInto(dir, file);
  const own = name ? toml.functions[name] : undefined;
  const included = [...toml.functions.included_files, ...((own && !Array.isArray(own) && own.included_files) || [])];
  for (const pattern of [...included, ...extraFiles]) {
    // Any other glob (the PDF's fonts) is every file it matches, as Netlify reads it.
    if (/[*{]/.test(pattern.replace(/\/\*\*$/, ''))) {
      for await (const file of glob(pattern, { cwd: ROOT })) await copyInto(dir, file);
      continue;
    }
    // "dir/**" is the whole directory (when the build made it); anything else is one file.
    const file = pattern.replace(/\/\*\*$/, '');
    if (file !== pattern && !(await stat(path.join(ROOT, file)).catch(() => null))) continue;
    await copyInto(dir, file);
  }
  await writeFile(path.join(dir, 'runner.mjs'), runner(entry));
  return {
    toml,
    traced,
    dir,
    async call(requests, env = {}) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['runner.mjs', JSON.stringify(requests.map((r) => ({ method: 'GET', ...r })))],
        {
          cwd: dir,
          // Nothing from the repository's environment or working directory leaks in.
          env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LAMBDA_TASK_ROOT: dir, ...env },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      return JSON.parse(stdout.slice(stdout.indexOf('@@ANSWERS@@') + '@@ANSWERS@@'.length)) as FunctionAnswer[];
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
