// The bench's git and mail servers listen on this computer, as the tests' do.
import '../setup/loopback-services';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateReport } from 'lighthouse';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/start/browser';
import { startServer, type RunningServer } from '../helpers/start/server';
import { firstLoadBytes } from './first-load-bytes';
import { CHROME_PATH, killAllChrome, lighthousePage, lighthousePages } from './lighthouse';
import { describeMachine } from './machine';
import { caseStudySlugs, measureInsights } from './insights';
import { measureInsightsFlood } from './insights-flood';
import { measureColdStarts, measureOwnerArea } from './owner-area';
import { budgets, renderMarkdown, renderPagesSummary, renderSummary, replaceSection, type BenchResult, type PageResult } from './report';
import { storyImageBytes } from './story-images';
import { measureThroughput } from './throughput';
import { measureEditing } from './editing';
import { buildSection, measureBuild, type BuildBench } from './build';
import { measurePublishLive, publishLiveOptions, renderPublishLive } from './publish-live';
import { PUBLIC_PAGES, publicPageJs, type PublicPageJs } from './public-js';
import { startPageProxy } from './scripts-removed';
import { measurePublishPhotos, publishPhotosOptions, renderPublishPhotos } from './publish-photos';
import { functionsBudgets, functionsSection, measureFunctions } from './functions';
import { measureLooks } from './looks';
import { looksRuns, looksSection } from './looks-report';

/**
 * `npm run bench`: builds, starts the production server on a free port, and
 * measures it with Lighthouse (3 runs a page), playwright-core (first-load
 * bytes) and autocannon (3 runs a target), then cold starts and the owner's
 * area with seeded data (test/bench/owner-area.ts), reading insights, and
 * the owner under a flood of beacons (test/bench/insights-flood.ts), and
 * the editor (test/bench/editing.ts: publish, check and preview, the edit
 * page's JavaScript and time to typing); writes
 * docs/benchmarks.md and prints a summary. Not part of `npm test`.
 *
 * `npm run bench -- --skip-build` measures the existing build (for iterating;
 * a report for the repo should come from a full run).
 *
 * The build itself comes first (test/bench/build.ts: cold and one word
 * changed, in pairs; its last build is the one measured after).
 * `npm run bench -- --build-only` measures only that, and prints it.
 * `npm run bench -- --only publish-live [--runs N] [--serve-runs N] [--no-serve]`
 * measures only "publish to live" and the page latency with and without a
 * live version (test/bench/publish-live.ts), fast, and prints it.
 * `npm run bench -- --only pages` measures only the public pages (Lighthouse
 * with and without their scripts, and every public page's JavaScript) and
 * prints it: the figures to compare before and after a change to what the
 * pages ship. It ends with three looks side by side (test/bench/looks.ts:
 * the default, a serif pairing, a dark one), which
 * `npm run bench -- --skip-build --only looks [--runs N]` measures alone
 * (5 runs unless told), prints, and writes as the "Looks" section of
 * docs/benchmarks.md in place.
 * `npm run bench -- --only publish-photos [--photos 1,8,16] [--runs N]` measures
 * a publish with new 3,000-px photos at one CPU and 1 GB of heap
 * (test/bench/publish-photos.ts), and prints it.
 * `npm run bench -- --skip-build --only functions [--cold-runs N]` zips each
 * Netlify function as a deploy does and measures the site function's cold
 * start (test/bench/functions.ts), prints it, and writes its section of
 * docs/benchmarks.md in place.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const STORY_PAGE = '/case-study/office-depot';
const PAGES = ['/', '/resume', STORY_PAGE];
const LIGHTHOUSE_RUNS = 3;
/** Runs of each page with and without its scripts: a difference of 2 % needs more than three. */
const COMPARED_RUNS = 5;
const BUILD_RUNS = 3;
const LOAD = { runs: 3, durationS: 10, connections: 10, warmupS: 2 };
const REPORT = path.join(ROOT, 'docs/benchmarks.md');
const RAW_DIR = path.join(os.tmpdir(), 'portfolio-bench');

const log = (line: string) => console.log(line);

let server: RunningServer | undefined;
let browser: Browser | undefined;

async function cleanup(): Promise<void> {
  killAllChrome();
  const open = browser;
  browser = undefined;
  await open?.close().catch(() => undefined);
  const running = server;
  server = undefined;
  await running?.stop();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and Chromium…`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** The stylesheet `/` links to: a static file served by the same server, of a size comparable to a page. */
async function staticTarget(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/`)).text();
  return (
    html.match(/<link[^>]+rel="stylesheet"[^>]+href="(\/build\/[^"]+\.css)"/)?.[1] ??
    html.match(/href="(\/build\/[^"]+\.css)"/)?.[1] ??
    '/favicon.ico'
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const skipBuild = process.argv.includes('--skip-build');
  let build: BuildBench | undefined;
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const ONLY = ['publish-live', 'pages', 'looks', 'publish-photos', 'functions'];
  if (only !== undefined && !ONLY.includes(only)) throw new Error(`--only takes ${ONLY.join(' or ')}, not ${only}`);
  if (skipBuild) log('Skipping the build (--skip-build): measuring the existing build/.');
  else {
    log(`The build: cold and one word changed (${BUILD_RUNS} pairs of npm run build)`);
    build = await measureBuild({ runs: BUILD_RUNS, root: ROOT, log });
    if (process.argv.includes('--build-only')) {
      log(buildSection(build).join('\n'));
      return;
    }
  }

  if (only === 'publish-live') {
    log('Publish to live');
    log(renderPublishLive(await measurePublishLive({ ...publishLiveOptions(process.argv), log })).join('\n'));
    return;
  }

  const coldRuns = process.argv.includes('--cold-runs') ? Number(process.argv[process.argv.indexOf('--cold-runs') + 1]) : 7;
  if (only === 'functions') {
    log('The Netlify functions: zipped sizes and the cold start');
    const bench = await measureFunctions({ coldRuns, log });
    const section = functionsSection(bench);
    writeFileSync(REPORT, replaceSection(readFileSync(REPORT, 'utf8'), section));
    log(section.join('\n'));
    for (const b of functionsBudgets(bench)) log(`${b.held ? 'held    ' : 'NOT held'}  ${b.measure}: ${b.budget} — ${b.measured}`);
    log(`Wrote its section of ${path.relative(ROOT, REPORT)}.`);
    return;
  }

  if (only === 'publish-photos') {
    log('A publish with new photos, at one CPU');
    log(renderPublishPhotos(await measurePublishPhotos({ ...publishPhotosOptions(process.argv), log })).join('\n'));
    return;
  }

  if (only === 'looks') {
    const runs = looksRuns(process.argv, COMPARED_RUNS);
    const [loadBefore = 0] = os.loadavg();
    log(`Three looks side by side (${runs} Lighthouse run${runs === 1 ? '' : 's'} a page, with and without its scripts)`);
    browser = await launchBrowser();
    const looks = await measureLooks({ browser, runs, log });
    const section = looksSection(looks, { runs, load: [loadBefore, os.loadavg()[0] ?? 0] });
    writeFileSync(REPORT, replaceSection(readFileSync(REPORT, 'utf8'), section));
    log(section.join('\n'));
    log(`Wrote its section of ${path.relative(ROOT, REPORT)}.`);
    await cleanup();
    return;
  }

  const [loadAtStart = 0] = os.loadavg();
  const buildStamp = () => statSync(path.join(ROOT, 'public/build')).mtimeMs;
  const stampAtStart = buildStamp();
  server = await startServer();
  const origin = server.url;
  log(`Production server on ${origin}`);
  for (const page of PAGES) {
    const response = await fetch(origin + page);
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}; Lighthouse needs a 200`);
  }
  mkdirSync(RAW_DIR, { recursive: true });

  const lighthouse = new Map<string, PageResult['lighthouse']>();
  for (const page of PAGES) {
    log(`Lighthouse ${page} (${LIGHTHOUSE_RUNS} runs)`);
    const result = await lighthousePage(origin + page, LIGHTHOUSE_RUNS, log);
    lighthouse.set(page, result);
    const base = path.join(RAW_DIR, page === '/' ? 'home' : page.slice(1).replace(/\W+/g, '-'));
    writeFileSync(`${base}.json`, JSON.stringify(result.medianRun.lhr));
    writeFileSync(`${base}.html`, generateReport(result.medianRun.lhr, 'html'));
  }
  // LCP against the same pages with every script taken out, both through a proxy (test/bench/scripts-removed.ts).
  // The two are measured in turns, so that both meet the same moments of the machine.
  const compared = new Map<string, PageResult['scripts']>();
  const withProxy = await startPageProxy(origin, { withoutScripts: false });
  const withoutProxy = await startPageProxy(origin, { withoutScripts: true });
  try {
    await withProxy.warm(PAGES);
    await withoutProxy.warm(PAGES);
    for (const page of PAGES) {
      log(`Lighthouse ${page} through a proxy, with and without its scripts in turns (${COMPARED_RUNS} runs each)`);
      const [withScripts, withoutScripts] = await lighthousePages([withProxy.url + page, withoutProxy.url + page], COMPARED_RUNS, log);
      compared.set(page, { with: withScripts!.median, without: withoutScripts!.median });
    }
  } finally {
    await withProxy.stop();
    await withoutProxy.stop();
  }
  log(`Lighthouse took ${Math.round((performance.now() - started) / 1000)} s so far; median-run reports in ${RAW_DIR}`);

  log('First-load bytes (playwright-core, gzip)');
  browser = await launchBrowser();
  const pages: PageResult[] = [];
  for (const page of PAGES) {
    const bytes = await firstLoadBytes(browser, origin + page);
    pages.push({ path: page, lighthouse: lighthouse.get(page)!, scripts: compared.get(page)!, bytes });
  }
  log('JavaScript of every public page (gzip, external and inline)');
  const publicJs: PublicPageJs[] = [];
  for (const page of PUBLIC_PAGES) publicJs.push(await publicPageJs(browser, origin, page));
  const looksRunCount = looksRuns(process.argv, COMPARED_RUNS);
  const [loadBeforeLooks = 0] = os.loadavg();
  log(`Three looks side by side (${looksRunCount} Lighthouse runs a page, with and without its scripts)`);
  const looks = await measureLooks({ browser, runs: looksRunCount, log });
  const looksReport = looksSection(looks, { runs: looksRunCount, load: [loadBeforeLooks, os.loadavg()[0] ?? 0] });
  if (only === 'pages') {
    log(renderPagesSummary(pages, publicJs, os.loadavg()[0] ?? 0));
    log(looksReport.join('\n'));
    await cleanup();
    return;
  }
  log('Story images on a 375 px phone');
  const storyImages = await storyImageBytes(browser, origin + STORY_PAGE, ROOT);
  await browser.close();
  browser = undefined;

  const staticPath = await staticTarget(origin);
  log(`Throughput (autocannon, ${LOAD.runs} × ${LOAD.durationS} s × ${LOAD.connections} connections per target)`);
  const throughput = await measureThroughput(
    origin,
    [
      { label: 'SSR', path: '/' },
      { label: 'SSR', path: '/case-study/office-depot' },
      { label: 'static', path: staticPath },
    ],
    LOAD,
    log,
  );

  await cleanup();
  log('Cold starts (5 rounds)');
  const coldStarts = await measureColdStarts(5, log);
  log('The owner’s area with seeded data');
  const owner = await measureOwnerArea(STORY_PAGE.split('/').pop()!, log);
  log('Reading insights with seeded events');
  const insights = await measureInsights(caseStudySlugs(), log);
  log(`The owner under a flood of insights beacons`);
  const flood = await measureInsightsFlood(log);
  log('The editor: publish, check and preview, the edit page');
  const editing = await measureEditing(log);
  log('Publish to live, and a public page with and without a live version');
  const publishLive = await measurePublishLive({ ...publishLiveOptions(process.argv), log });
  log('The Netlify functions: zipped sizes and the cold start');
  const functions = await measureFunctions({ coldRuns, log });
  const [loadAtEnd = 0] = os.loadavg();
  if (buildStamp() !== stampAtStart) {
    throw new Error(
      'public/build changed during the benchmark (a concurrent build?): the numbers are not valid. Run it as `flock /tmp/portfolio-build.lock npm run bench`.',
    );
  }
  const result: BenchResult = {
    date: new Date(),
    durationS: (performance.now() - started) / 1000,
    command: skipBuild ? 'npm run bench -- --skip-build' : 'npm run bench',
    machine: describeMachine(CHROME_PATH),
    loadAverage: [loadAtStart, loadAtEnd],
    lighthouseRuns: LIGHTHOUSE_RUNS,
    load: LOAD,
    pages,
    publicJs,
    storyImages: { path: STORY_PAGE, ...storyImages },
    throughput,
    staticPath,
    coldStarts,
    owner,
    insights,
    flood,
    editing,
    build,
    functions,
  };
  const list = budgets(result);
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${renderMarkdown(result, list)}\n${renderPublishLive(publishLive).join('\n')}\n\n${looksReport.join('\n')}`);
  log(renderSummary(result, list));
  log(renderPublishLive(publishLive).join('\n'));
  log(`Wrote ${path.relative(ROOT, REPORT)} in ${Math.round(result.durationS)} s.`);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanup();
  process.exit(1);
});
