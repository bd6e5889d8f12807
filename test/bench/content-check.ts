import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { bundleFunctionSource } from '../helpers/start/netlify-package';
import { publishConfig, type PublishConfig } from '../../app/editing/git/publish-config.server';
import { readSnapshot } from '../../app/editing/git/snapshot.server';
import { checkContent } from '../../pipeline/content/check';
import { startGitRemote } from '../helpers/start/git-remote';
import { median, ms } from './stats';

/**
 * The editor's content check with a preview of Office Depot (a preview in
 * 3 s or less: docs/decisions/editor-budgets.md), as the content-check function runs it: read the
 * branch tip (snapshot.server.ts), apply the edit, compileSite, point the
 * media at the owner-only route.
 *
 * - local: `npm run dev` / `npm start` (HEAD of this checkout), warm process;
 * - remote, warm: a function instance that has checked before (its /tmp
 *   holds the branch; one fetch), against the local test remote holding this
 *   repository's whole history;
 * - remote, cold cache: a new instance's first check (a shallow clone first);
 * - cold process: a fresh Node process running the built function, from its
 *   start to the answer (module load, esbuild's service, sharp), the closest
 *   this machine gets to a function's cold start.
 *
 *   npx tsx test/bench/content-check.ts
 */

export type ContentCheckBench = {
  localMs: number[];
  remoteWarmMs: number[];
  remoteColdCacheMs: number[];
  coldProcessMs: number[];
  medians: { local: number; remoteWarm: number; remoteColdCache: number; coldProcess: number };
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILE = 'content/case-studies/office-depot.mdx';

async function timedCheck(config: PublishConfig): Promise<number> {
  const edit = readFileSync(path.join(ROOT, FILE), 'utf8').replace('## The Challenge', '## The Challenge (edited)');
  const started = performance.now();
  const { files } = await readSnapshot(config);
  const result = await checkContent({ files, changes: [{ path: FILE, bytes: Buffer.from(edit) }], preview: FILE });
  const elapsed = performance.now() - started;
  if (!result.ok || !result.preview?.caseStudy.html.includes('The Challenge (edited)'))
    throw new Error(`bench check: ${JSON.stringify(result).slice(0, 300)}`);
  return elapsed;
}

/** Runs inside a fresh process: the built function, one real request, the time from process start. */
const RUNNER = `
const { default: handler } = await import(process.argv[2]);
const body = JSON.stringify({ changes: [], preview: '${FILE}' });
const answer = await handler(new Request('http://localhost/.netlify/functions/content-check', { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: 'Bearer bench-content-check-secret-0123456789' } }));
const result = await answer.json();
if (!result.ok || !result.preview) throw new Error(JSON.stringify(result).slice(0, 300));
process.stdout.write(String(performance.now()));
const { stop } = await import('esbuild');
await stop();
`;

export async function measureContentCheck({
  runs = 7,
  coldRuns = 3,
}: { runs?: number; coldRuns?: number } = {}): Promise<ContentCheckBench> {
  const local = publishConfig({}, ROOT);
  const localMs: number[] = [];
  for (let i = 0; i < runs + 1; i++) localMs.push(await timedCheck(local));
  localMs.shift(); // the first loads esbuild and sharp: that is the cold process's figure

  const remote = await startGitRemote({ cloneFrom: ROOT });
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-content-check-'));
  try {
    const branch = remote.git('symbolic-ref', '--short', 'HEAD');
    const env = { CONTENT_GIT_URL: remote.url, CONTENT_GIT_TOKEN: remote.token, CONTENT_GIT_BRANCH: branch };
    const remoteConfig = (name: string) => publishConfig({ ...env, CONTENT_GIT_CACHE_DIR: path.join(scratch, name) });
    const remoteColdCacheMs: number[] = [];
    for (let i = 0; i < coldRuns; i++) remoteColdCacheMs.push(await timedCheck(remoteConfig(`cold-${i}`)));
    const warm = remoteConfig('warm');
    await timedCheck(warm);
    const remoteWarmMs: number[] = [];
    for (let i = 0; i < runs; i++) remoteWarmMs.push(await timedCheck(warm));

    // The function as Netlify ships it: its own modules bundled, packages from node_modules.
    const bundle = path.join(ROOT, '.cache', 'bench', 'content-check.mjs');
    await bundleFunctionSource('netlify/functions/content-check.ts', bundle);
    const runner = path.join(ROOT, '.cache', 'bench', 'content-check-runner.mjs');
    writeFileSync(runner, RUNNER);
    const coldProcessMs: number[] = [];
    for (let i = 0; i < coldRuns; i++) {
      const { stdout } = await promisify(execFile)(process.execPath, [runner, pathToFileURL(bundle).href], {
        cwd: scratch,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          CONTENT_CHECK_SECRET: 'bench-content-check-secret-0123456789',
          ...env,
          CONTENT_GIT_CACHE_DIR: path.join(scratch, `process-${i}`),
        },
      });
      coldProcessMs.push(Number(stdout));
    }
    const medians = {
      local: median(localMs),
      remoteWarm: median(remoteWarmMs),
      remoteColdCache: median(remoteColdCacheMs),
      coldProcess: median(coldProcessMs),
    };
    return { localMs, remoteWarmMs, remoteColdCacheMs, coldProcessMs, medians };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await remote.close();
  }
}

export function renderContentCheckBench(result: ContentCheckBench): string {
  const line = (label: string, values: number[], value: number) =>
    `  ${label}: median ${ms(value)} over ${values.length} (${values.map(ms).join(', ')})`;
  return [
    "Content check with a preview of Office Depot (read the branch, compile with the build's compileSite, media via the owner route):",
    line('local mode (HEAD), warm', result.localMs, result.medians.local),
    line('remote mode, warm instance (one fetch)', result.remoteWarmMs, result.medians.remoteWarm),
    line('remote mode, first check of an instance (shallow clone)', result.remoteColdCacheMs, result.medians.remoteColdCache),
    line('fresh Node process running the built function, start to answer', result.coldProcessMs, result.medians.coldProcess),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureContentCheck();
  console.log(renderContentCheckBench(result));
  await (await import('esbuild')).stop();
}
