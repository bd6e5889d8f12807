import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureNetlifyCli, netlifyCliDir, NETLIFY_CLI_VERSION } from '../helpers/start/netlify-cli';
import type { Budget } from './report';
import { median, ms } from './stats';

/**
 * The Netlify functions as a deploy ships them: every function in
 * netlify/functions/ and the Remix function the build leaves in
 * .netlify/functions-internal/, zipped by Netlify's own bundler
 * (@netlify/zip-it-and-ship-it, from the pinned netlify-cli the tests
 * install: test/helpers/start/netlify-cli.ts) with netlify.toml's
 * [functions] settings, as Netlify's build calls it. Each zip's size is
 * held to Netlify's limit on a function (50 MB zipped: AWS Lambda's limit
 * on a deployment package uploaded directly; a deploy over it logs
 * `The function "…" is larger than the 50MB limit`). A zip counts against it
 * whole, with its included files (the compiled content, the site files).
 *
 * The site function's cold start: its zip unpacked once, then fresh Node
 * processes, one after another, each importing the handler and answering
 * `GET /` with a real Request, as Netlify's runtime calls a Functions v2
 * handler; the time from spawn to that first 200. Netlify's own bootstrap
 * (___netlify-bootstrap.mjs, which turns a Lambda event into the Request)
 * is left out: it needs Lambda's runtime. The budget, 1.5 s, is a quarter of
 * what a recruiter's first page may take before she gives up on a phone,
 * and leaves the 60 s of a call untouched.
 *
 *   npm run bench -- --skip-build --only functions [--cold-runs N]
 */

export const FUNCTION_BUDGET = { zippedBytes: 50 * 1024 * 1024, coldStartMs: 1500 };

export type ZippedFunction = { name: string; zippedBytes: number; unzippedBytes: number; files: number };
export type FunctionsBench = {
  bundler: string;
  zipMs: number;
  functions: ZippedFunction[];
  /** Spawn to the first 200 on `/`, per fresh process. */
  coldStartMs: number[];
  /** Of which the handler module's import, per process. */
  importMs: number[];
  loadAverage: number[];
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const INTERNAL = '.netlify/functions-internal';
const SITE_FUNCTION = 'server';

type ZisiResult = { name: string; path: string };
type Zisi = {
  zipFunctions: (
    input: { generated: { directories: string[] }; user: { directories: string[] } },
    dest: string,
    options: Record<string, unknown>,
  ) => Promise<ZisiResult[]>;
};

/** netlify.toml's [functions] as Netlify's build hands them to the bundler (@netlify/build's normalizeFunctionConfig). */
async function functionsConfig(): Promise<Record<string, Record<string, unknown>>> {
  const toml = parseToml(await readFile(path.join(ROOT, 'netlify.toml'), 'utf8')) as {
    functions: Record<string, unknown>;
    build: { environment: { NODE_VERSION: string } };
  };
  const own = (config: Record<string, unknown>) => ({
    includedFiles: config.included_files,
    externalNodeModules: config.external_node_modules,
    ignoredNodeModules: config.ignored_node_modules,
    nodeBundler: config.node_bundler === 'esbuild' ? 'esbuild_zisi' : config.node_bundler,
    includedFilesBasePath: ROOT,
    nodeVersion: toml.build.environment.NODE_VERSION,
  });
  const top: Record<string, unknown> = {};
  const named: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(toml.functions)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) named[key] = own(value as Record<string, unknown>);
    else top[key] = value;
  }
  return { '*': own(top), ...named };
}

const unzipListing = promisify(execFile);

/** The files in a zip and their size unpacked (`unzip -l`'s last line). */
async function unzippedSize(zip: string): Promise<{ unzippedBytes: number; files: number }> {
  const { stdout } = await unzipListing('unzip', ['-l', zip], { maxBuffer: 64 * 1024 * 1024 });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  const [, bytes = 'NaN', files = 'NaN'] = /^\s*(\d+)\s+(\d+) files?/.exec(last) ?? [];
  return { unzippedBytes: Number(bytes), files: Number(files) };
}

/** Imports the unpacked handler and answers `GET /`; prints the import's time and the status. */
const RUNNER = `
const started = performance.now();
const { default: handler } = await import('./${INTERNAL}/${SITE_FUNCTION}.mjs');
const imported = performance.now() - started;
const context = { ip: '203.0.113.9', requestId: 'bench', geo: {}, params: {}, site: { url: 'https://portfolio.example' } };
const response = await handler(new Request('https://portfolio.example/'), context);
await response.arrayBuffer();
process.stdout.write(JSON.stringify({ status: response.status, importMs: imported }) + '\\n');
process.exit(0);
`;

/** One fresh process: spawn to the first 200 on `/`. */
function coldStart(dir: string): Promise<{ ms: number; importMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['cold-start.mjs'], {
      cwd: dir,
      // Only what a deployed function has: nothing from this checkout's environment.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LAMBDA_TASK_ROOT: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((each) => each.startsWith('{"status"'));
      if (!line) return;
      const elapsed = performance.now() - started;
      const answer = JSON.parse(line) as { status: number; importMs: number };
      if (answer.status !== 200) reject(new Error(`the site function answered ${answer.status} on /`));
      else resolve({ ms: elapsed, importMs: answer.importMs });
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      if (!out.includes('{"status"'))
        reject(new Error(`the site function's process ended (${code}) before answering:\n${err.slice(-2000)}`));
    });
  });
}

export async function measureFunctions({
  coldRuns = 7,
  log = () => undefined,
}: { coldRuns?: number; log?: (line: string) => void } = {}): Promise<FunctionsBench> {
  if (!(await stat(path.join(ROOT, INTERNAL, `${SITE_FUNCTION}.mjs`)).catch(() => null)))
    throw new Error(`${INTERNAL}/${SITE_FUNCTION}.mjs is missing: run npm run build first.`);
  ensureNetlifyCli();
  const main = path.join(netlifyCliDir(), 'node_modules/@netlify/zip-it-and-ship-it/dist/main.js');
  const zisi = (await import(pathToFileURL(main).href)) as Zisi;
  const { version } = JSON.parse(await readFile(path.join(path.dirname(main), '../package.json'), 'utf8')) as { version: string };
  const dest = await mkdtemp(path.join(os.tmpdir(), 'bench-functions-'));
  const loadAtStart = os.loadavg()[0] ?? 0;
  try {
    log(`  zipping the functions with @netlify/zip-it-and-ship-it ${version} (netlify-cli ${NETLIFY_CLI_VERSION})`);
    const zipStarted = performance.now();
    const results = await zisi.zipFunctions(
      { generated: { directories: [path.join(ROOT, INTERNAL)] }, user: { directories: [path.join(ROOT, 'netlify/functions')] } },
      dest,
      {
        archiveFormat: 'zip',
        basePath: ROOT,
        repositoryRoot: ROOT,
        config: await functionsConfig(),
        configFileDirectories: [path.join(ROOT, INTERNAL)],
        manifest: path.join(dest, 'manifest.json'),
      },
    );
    const zipMs = performance.now() - zipStarted;
    const functions: ZippedFunction[] = [];
    for (const result of results)
      functions.push({ name: result.name, zippedBytes: (await stat(result.path)).size, ...(await unzippedSize(result.path)) });
    functions.sort((a, b) => b.zippedBytes - a.zippedBytes);

    const site = results.find((result) => result.name === SITE_FUNCTION);
    if (!site) throw new Error(`no ${SITE_FUNCTION} function among ${results.map((r) => r.name).join(', ')}`);
    const unpacked = path.join(dest, 'unpacked');
    await unzipListing('unzip', ['-q', site.path, '-d', unpacked]);
    await writeFile(path.join(unpacked, 'cold-start.mjs'), RUNNER);
    const coldStartMs: number[] = [];
    const importMs: number[] = [];
    await coldStart(unpacked); // the first read of the unpacked files from disk, not counted
    for (let i = 0; i < coldRuns; i++) {
      const run = await coldStart(unpacked);
      coldStartMs.push(run.ms);
      importMs.push(run.importMs);
    }
    log(`  ${coldRuns} cold starts of the site function: median ${ms(median(coldStartMs))}`);
    return {
      bundler: `@netlify/zip-it-and-ship-it ${version}`,
      zipMs,
      functions,
      coldStartMs,
      importMs,
      loadAverage: [loadAtStart, os.loadavg()[0] ?? 0],
    };
  } finally {
    await rm(dest, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function functionsBudgets(bench: FunctionsBench): Budget[] {
  const largest = bench.functions[0];
  const cold = median(bench.coldStartMs);
  return [
    {
      measure: 'Functions: zipped size (each)',
      budget: `≤ ${mb(FUNCTION_BUDGET.zippedBytes)} (Netlify's limit)`,
      measured: largest ? `largest ${largest.name} ${mb(largest.zippedBytes)}` : 'none',
      held: bench.functions.every((each) => each.zippedBytes <= FUNCTION_BUDGET.zippedBytes),
      why: bench.functions
        .filter((each) => each.zippedBytes > FUNCTION_BUDGET.zippedBytes)
        .map((each) => `${each.name}: ${mb(each.zippedBytes)}`),
    },
    {
      measure: 'Site function: cold start (median)',
      budget: `≤ ${ms(FUNCTION_BUDGET.coldStartMs)}`,
      measured: ms(cold),
      held: cold <= FUNCTION_BUDGET.coldStartMs,
      why: [],
    },
  ];
}

export function functionsSection(bench: FunctionsBench): string[] {
  const cold = median(bench.coldStartMs);
  return [
    '## Netlify functions: zipped sizes and the cold start',
    '',
    `Each function zipped as a deploy zips it (${bench.bundler}, netlify.toml's [functions] settings; ${Math.round(bench.zipMs / 1000)} s for all), against Netlify's limit of 50 MB zipped (\`test/bench/functions.ts\`). \`npm run bench -- --skip-build --only functions\` measures only this.`,
    '',
    '| function | zipped | unzipped | files | held? |',
    '|---|---|---|---|---|',
    ...bench.functions.map(
      (each) =>
        `| ${each.name} | ${mb(each.zippedBytes)} | ${mb(each.unzippedBytes)} | ${each.files} | ${each.zippedBytes <= FUNCTION_BUDGET.zippedBytes ? 'held' : '**NOT held**'} |`,
    ),
    '',
    `**The site function's cold start**: its zip unpacked, then ${bench.coldStartMs.length} fresh Node processes in turn (after one that reads the files from disk), each importing the handler and answering \`GET /\` with a Request; spawn to the first 200: median **${ms(cold)}** (${bench.coldStartMs.map(ms).join(', ')}), of which importing the handler ${ms(median(bench.importMs))}. Budget ≤ ${ms(FUNCTION_BUDGET.coldStartMs)}: ${cold <= FUNCTION_BUDGET.coldStartMs ? 'held' : '**NOT held**'}. Netlify's bootstrap (a Lambda event made into the Request) is not included. Load average (1 min) ${bench.loadAverage.map((l) => l.toFixed(1)).join(' → ')}.`,
    '',
  ];
}
