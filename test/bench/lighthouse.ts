import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { median } from './stats';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CHROME_PATH = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUN_TIMEOUT_MS = 120_000;

export type LighthouseRun = {
  /** 0–100, or null when Lighthouse could not score the category. */
  scores: Record<Category, number | null>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  lhr: Result;
};

export type PageLighthouse = {
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, 'lhr'>;
  /** The run whose LCP is the median one: its audits explain the LCP. */
  medianRun: LighthouseRun;
  /** The run whose performance score is the median one (ties: by LCP): its audits explain the category scores. */
  medianScoreRun: LighthouseRun;
};

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * One Lighthouse run with the default (mobile, simulated throttling)
 * settings, in a fresh headless Chromium that is killed afterwards.
 */
export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}`)), RUN_TIMEOUT_MS);
    });
    const result = await Promise.race([lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }), timeout]);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => {
        const score = lhr.categories[id]?.score;
        return [id, typeof score === 'number' ? Math.round(score * 100) : null];
      }),
    ) as Record<Category, number | null>;
    return {
      scores,
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      lhr,
    };
  } finally {
    clearTimeout(timer);
    await chrome.kill();
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function runWithRetry(url: string, log: (line: string) => void): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(message)) throw error;
      log(`  (trace failed, run again: ${message.split(':')[1]?.trim().split(' ')[0] ?? message})`);
    }
  }
}

/** `runs` Lighthouse runs of one page, one after another, and their medians. */
export async function lighthousePage(url: string, runs: number, log: (line: string) => void): Promise<PageLighthouse> {
  const [page] = await lighthousePages([url], runs, log);
  return page!;
}

/**
 * `runs` Lighthouse runs of each URL, taken in turns (a, b, a, b…), and each
 * URL's medians: pages compared with each other meet the same moments of a
 * machine whose load drifts.
 */
export async function lighthousePages(urls: string[], runs: number, log: (line: string) => void): Promise<PageLighthouse[]> {
  const all: LighthouseRun[][] = urls.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, url] of urls.entries()) {
      const started = performance.now();
      const run = await runWithRetry(url, log);
      all[index]!.push(run);
      const scores = CATEGORIES.map((c) => run.scores[c] ?? '–').join('/');
      const which = urls.length > 1 ? ` of ${url}` : '';
      log(
        `  run ${i + 1}${which}: scores ${scores}, LCP ${Math.round(run.lcpMs)} ms, CLS ${run.cls.toFixed(3)}, TBT ${Math.round(run.tbtMs)} ms (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  return all.map((results, index) => medians(urls[index]!, results));
}

function medians(url: string, results: LighthouseRun[]): PageLighthouse {
  const medianScore = (c: Category) => {
    const values = results.map((r) => r.scores[c]).filter((s): s is number => s !== null);
    return values.length === results.length ? median(values) : null;
  };
  const byLcp = [...results].sort((a, b) => a.lcpMs - b.lcpMs);
  const byScore = [...byLcp].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const medianRun = byLcp[Math.floor(byLcp.length / 2)];
  const medianScoreRun = byScore[Math.floor(byScore.length / 2)];
  if (!medianRun || !medianScoreRun) throw new Error(`no Lighthouse run of ${url} to take the median of`);
  return {
    runs: results,
    median: {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, medianScore(c)])) as Record<Category, number | null>,
      lcpMs: median(results.map((r) => r.lcpMs)),
      cls: median(results.map((r) => r.cls)),
      tbtMs: median(results.map((r) => r.tbtMs)),
      fcpMs: median(results.map((r) => r.fcpMs)),
    },
    medianRun,
    medianScoreRun,
  };
}

/** Kills any Chromium that chrome-launcher started in this process. */
export function killAllChrome(): void {
  chromeLauncher.killAll();
}
