import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { createDatabase } from '../../app/db/connection.server';
import { applyMigrations } from '../../app/db/migrations.server';
import { launchBrowser, openPage } from '../helpers/start/browser';
import { publishedCaseStudy } from '../helpers/data/content';
import { committedSiteFiles, startEditorStack } from '../helpers/suite/editor-stack';
import { buildFixtureSite, FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { remoteModeEnv, startGitRemote } from '../helpers/start/git-remote';
import { startNetlifyServe } from '../helpers/start/netlify-serve';
import { startPostgres } from '../helpers/start/postgres';
import { PRIVATE_ENV } from '../helpers/data/private';
import { median, ms } from './stats';

/**
 * "Publish to live": from the designer's Publish (the form's POST) to the
 * public page showing the change, on the built server in remote mode (a real
 * git remote, the folder live store), and under `netlify serve` (its local
 * Blobs, the content-check function reached over HTTP). Each run publishes
 * a new title of the first published case study of the content under test,
 * in Chromium without JavaScript (the plain form), while a visitor polls the
 * public page every 50 ms.
 *
 * And what reading the live pointer costs a public page: warm GET / on the
 * built server, with no live version, then with one current.
 *
 *   npx tsx test/bench/publish-live.ts [--runs N] [--serve-runs N] [--no-serve]
 *   npm run bench -- --only publish-live [--runs N] [--serve-runs N] [--no-serve]
 */

export type PublishLiveFigures = { runsMs: number[]; medianMs: number; p95Ms: number; publishAnsweredMs: number[] };

export type PublishLiveBench = {
  local: PublishLiveFigures;
  serve: PublishLiveFigures | { skipped: string };
  /** Warm GET / on the built server: median and p95 over `pageRequests`. */
  page: { requests: number; without: { medianMs: number; p95Ms: number }; withLive: { medianMs: number; p95Ms: number } };
};

const ADMIN_PASSWORD = 'publish to live bench password';

/** The nearest-rank p95. */
export function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? Number.NaN;
}

const figures = (runsMs: number[], publishAnsweredMs: number[]): PublishLiveFigures => ({
  runsMs,
  medianMs: median(runsMs),
  p95Ms: p95(runsMs),
  publishAnsweredMs,
});

/**
 * `runs` publishes through the owner's form at `origin`; each timed from the
 * click to the first answer of `visitorOrigin`'s page that has the new title.
 */
async function timePublishes(
  browser: Browser,
  origin: string,
  visitorOrigin: string,
  runs: number,
  label: string,
  log: (line: string) => void,
  pollMs = 50,
): Promise<PublishLiveFigures> {
  const { slug, title } = publishedCaseStudy();
  const tracked = await openPage(browser, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const tab = tracked.page;
  tab.setDefaultTimeout(90_000);
  try {
    await tab.goto(`${origin}/admin/sign-in`);
    await tab.getByLabel('Password').fill(ADMIN_PASSWORD);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.waitForURL(`${origin}/admin`);
    const runsMs: number[] = [];
    const answeredMs: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const newTitle = `${title.split(' ')[0]} Live Bench ${Date.now().toString(36)}`;
      await tab.goto(`${origin}/admin/content/case-studies/${slug}.mdx`);
      await tab.locator('input[name="title"]').fill(newTitle);
      const clicked = performance.now();
      let answered = 0;
      const publishing = (async () => {
        await tab.getByRole('button', { name: 'Publish', exact: true }).click();
        const result = tab.locator('[data-save-result]');
        await result.waitFor({ timeout: 90_000 });
        answered = performance.now() - clicked;
        const status = await result.getAttribute('data-save-result');
        if (status !== 'published') throw new Error(`${label} publish ${run}: ${status}: ${await result.innerText()}`);
      })();
      let failed: unknown;
      publishing.catch((error: unknown) => (failed = error));
      for (;;) {
        if (failed) throw failed;
        const body = await fetch(`${visitorOrigin}/case-study/${slug}`).then(
          (response) => response.text(),
          () => '',
        );
        if (body.includes(newTitle)) break;
        if (performance.now() - clicked > 120_000) throw new Error(`${label} publish ${run}: not live after 120 s`);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      runsMs.push(performance.now() - clicked);
      await publishing;
      answeredMs.push(answered);
      log(`    ${label} run ${run}: live after ${ms(runsMs.at(-1)!)} (the publish answered after ${ms(answered)})`);
    }
    return figures(runsMs, answeredMs);
  } finally {
    await tracked.close();
  }
}

/** Warm GET / latencies (after 50 unmeasured requests). */
async function pageLatencies(origin: string, requests: number): Promise<number[]> {
  // Enough unmeasured requests for the JIT to settle: the first sample of a fresh server is otherwise the slower.
  for (let i = 0; i < 50; i++) await (await fetch(`${origin}/`)).text();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}/`);
    await response.text();
    if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

const summary = (times: number[]) => ({ medianMs: median(times), p95Ms: p95(times) });

export async function measurePublishLive({
  runs = 5,
  serveRuns = runs,
  serve = true,
  pageRequests = 200,
  log = console.log,
}: {
  runs?: number;
  serveRuns?: number;
  serve?: boolean;
  pageRequests?: number;
  log?: (line: string) => void;
} = {}): Promise<PublishLiveBench> {
  if (!existsSync(FIXTURE_CONTENT_JSON)) await buildFixtureSite();
  const browser = await launchBrowser();
  const liveDir = mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
  try {
    log(`  the built server, remote mode, folder store: ${runs} publishes`);
    const stack = await startEditorStack({ password: ADMIN_PASSWORD, env: { LIVE_CONTENT_DIR: liveDir } });
    let local: PublishLiveFigures;
    let page: PublishLiveBench['page'];
    try {
      const without = await pageLatencies(stack.server.url, pageRequests);
      local = await timePublishes(browser, stack.server.url, stack.server.url, runs, 'local', log);
      const withLive = await pageLatencies(stack.server.url, pageRequests);
      page = { requests: pageRequests, without: summary(without), withLive: summary(withLive) };
    } finally {
      await stack.stop();
    }
    let served: PublishLiveBench['serve'] = { skipped: 'not asked (--no-serve)' };
    if (serve && serveRuns > 0) {
      log(`  netlify serve, its local Blobs: ${serveRuns} publishes`);
      try {
        served = await timeUnderNetlifyServe(browser, serveRuns, log);
      } catch (error) {
        // The local figures stand on their own; the CLI's output is kept for the diagnosis.
        served = { skipped: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
      }
    }
    return { local, serve: served, page };
  } finally {
    await browser.close();
    rmSync(liveDir, { recursive: true, force: true });
  }
}

async function timeUnderNetlifyServe(browser: Browser, runs: number, log: (line: string) => void): Promise<PublishLiveFigures> {
  const pg = await startPostgres();
  const remote = await startGitRemote({ files: committedSiteFiles() });
  try {
    const dbUrl = await pg.createDatabase();
    const db = await createDatabase({ connectionString: dbUrl });
    await applyMigrations(db);
    await db.end();
    const instance = await startNetlifyServe({
      env: {
        ...PRIVATE_ENV,
        ADMIN_PASSWORD,
        NETLIFY_DB_URL: dbUrl,
        ...remoteModeEnv(remote, 'Bench <bench@example.com>'),
      },
    });
    try {
      // Each request under serve starts a worker (a second or more): the visitor asks every 500 ms, not to crowd the publish.
      return await timePublishes(browser, instance.url, instance.url, runs, 'netlify serve', log, 500);
    } finally {
      const logFile = path.join(os.tmpdir(), 'bench-publish-live-netlify-serve.log');
      writeFileSync(logFile, instance.output());
      log(`    (netlify serve's output: ${logFile})`);
      await instance.stop();
    }
  } finally {
    await remote.close();
    await pg.destroy();
  }
}

export function renderPublishLive(result: PublishLiveBench): string[] {
  const line = (label: string, f: PublishLiveFigures) =>
    `- ${label}: median ${ms(f.medianMs)}, p95 ${ms(f.p95Ms)} over ${f.runsMs.length} publishes (${f.runsMs.map(ms).join(', ')}); the publish itself answered in median ${ms(median(f.publishAnsweredMs))}`;
  return [
    '## Publish to live',
    '',
    "From the Publish click (the owner's form, no JavaScript) to the public page showing the change; a new title of a case study each time; target ≤ 10 s p95.",
    '',
    line('built server, remote mode (git http-backend), folder live store', result.local),
    'skipped' in result.serve
      ? `- netlify serve: skipped (${result.serve.skipped})`
      : line('netlify serve (local Blobs, content-check over HTTP)', result.serve),
    '',
    `Public page, warm GET / on the built server (${result.page.requests} requests): no live version median ${result.page.without.medianMs.toFixed(1)} ms (p95 ${result.page.without.p95Ms.toFixed(1)} ms); with a live version current median ${result.page.withLive.medianMs.toFixed(1)} ms (p95 ${result.page.withLive.p95Ms.toFixed(1)} ms): reading the pointer adds ${(result.page.withLive.medianMs - result.page.without.medianMs).toFixed(1)} ms (target ≤ 5 ms).`,
    '',
  ];
}

/** `--runs N`, `--serve-runs N`, `--page-requests N`, `--no-serve` from argv. */
export function publishLiveOptions(argv: string[]): { runs?: number; serveRuns?: number; pageRequests?: number; serve: boolean } {
  const number = (flag: string) => {
    const at = argv.indexOf(flag);
    const value = at >= 0 ? Number(argv[at + 1]) : Number.NaN;
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return {
    runs: number('--runs'),
    serveRuns: number('--serve-runs'),
    pageRequests: number('--page-requests'),
    serve: !argv.includes('--no-serve'),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measurePublishLive(publishLiveOptions(process.argv.slice(2)));
  console.log(renderPublishLive(result).join('\n'));
}
