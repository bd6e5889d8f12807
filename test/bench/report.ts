import { criticalRequests, failedAudits, lcpBreakdown, mainThreadLines, savingsFor, type Finding } from './audits';
import type { PageBytes } from './first-load-bytes';
import type { PublicPageJs } from './public-js';
import { CATEGORIES, type Category, type PageLighthouse } from './lighthouse';
import type { Machine } from './machine';
import { INSIGHTS_SEED, type InsightsBench } from './insights';
import { floodSection, floodSummary, type FloodBench } from './insights-flood';
import { SEED, type ColdStart, type OwnerPageTime } from './owner-area';
import type { StoryImageBytes } from './story-images';
import { kb, median, ms, seconds } from './stats';
import type { TargetResult } from './throughput';
import { editingBudgets, editingSection, type EditingBench } from './editing';
import { buildBudgets, buildSection, type BuildBench } from './build';
import { functionsBudgets, functionsSection, type FunctionsBench } from './functions';

export type PageResult = {
  path: string;
  lighthouse: PageLighthouse;
  /** The page and the same page with every script taken out, both through a proxy (test/bench/scripts-removed.ts): its LCP is held to the second. */
  scripts: { with: PageLighthouse['median']; without: PageLighthouse['median'] };
  bytes: PageBytes;
};
export type BenchResult = {
  date: Date;
  durationS: number;
  command: string;
  machine: Machine;
  /** 1-minute load average at the start and the end of the measurements. */
  loadAverage: [number, number];
  lighthouseRuns: number;
  load: { runs: number; durationS: number; connections: number };
  pages: PageResult[];
  /** Every public page's JavaScript (test/bench/public-js.ts). */
  publicJs: PublicPageJs[];
  storyImages: StoryImageBytes & { path: string };
  throughput: TargetResult[];
  staticPath: string;
  coldStarts: ColdStart[];
  owner: { pages: OwnerPageTime[]; skipped: string[] };
  insights: InsightsBench;
  flood: FloodBench;
  editing: EditingBench;
  /** Absent with --skip-build. */
  build?: BuildBench;
  functions: FunctionsBench;
};
export type Budget = { measure: string; budget: string; measured: string; held: boolean; why: string[] };

const LABEL: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};
const BUDGET = {
  lcpMs: 1200,
  cls: 0,
  tbtMs: 50,
  /** Every script of a public page, gzipped: the heaviest (story blocks, a form) and the others. */
  jsKb: 6,
  lightJsKb: 3,
  /** LCP may be this much above the same page's without its scripts. */
  lcpOverScriptless: 0.02,
  cssKb: 10,
  storyCssKb: 3,
  ssrShare: 0.5,
  ownerPageMs: 300,
  insightsPageMs: 300,
  floodRatio: 2,
};

const code = (text: string) => `\`${text}\``;
const score = (value: number | null) => (value === null ? 'n/a' : String(value));
const pct = (value: number) => `${Math.round(value * 100)}%`;

/** Findings of several pages, merged by audit, each with the pages it fails on. */
function grouped(perPage: { path: string; findings: Finding[] }[]): string[] {
  const byId = new Map<string, { finding: Finding; paths: string[] }>();
  for (const { path, findings } of perPage) {
    for (const f of findings) {
      const entry = byId.get(f.id) ?? { finding: f, paths: [] };
      entry.paths.push(path);
      byId.set(f.id, entry);
    }
  }
  return [...byId.values()].flatMap(({ finding: f, paths }) => {
    const extra = [
      f.displayValue,
      f.savings ? `est. savings ${f.savings}` : undefined,
      f.score === null ? undefined : `score ${Math.round(f.score * 100)}`,
    ]
      .filter(Boolean)
      .join('; ');
    const head = `- **${f.title}** (${code(f.id)}) on ${paths.map(code).join(', ')}${extra ? ` — ${extra}` : ''}`;
    return [head, ...f.items.map((item) => `  - ${item}`)];
  });
}

function throughputRatio(result: BenchResult): { home?: TargetResult; stat?: TargetResult; ratio: number } {
  const home = result.throughput.find((t) => t.path === '/');
  const stat = result.throughput.find((t) => t.path === result.staticPath);
  return { home, stat, ratio: home && stat ? home.rps / stat.rps : Number.NaN };
}

export function budgets(result: BenchResult): Budget[] {
  const { pages } = result;
  const out: Budget[] = [];
  for (const category of CATEGORIES) {
    const failing = pages.filter((p) => p.lighthouse.median.scores[category] !== 100);
    out.push({
      measure: `Lighthouse ${LABEL[category]}`,
      budget: '100 on all three pages',
      measured: pages.map((p) => `${code(p.path)} ${score(p.lighthouse.median.scores[category])}`).join(', '),
      held: failing.length === 0,
      why: grouped(failing.map((p) => ({ path: p.path, findings: failedAudits(p.lighthouse.medianScoreRun.lhr, category) }))),
    });
  }
  const metric = (
    measure: string,
    budget: string,
    value: (p: PageResult) => number,
    format: (v: number) => string,
    ok: (v: number) => boolean,
    why: (failing: PageResult[]) => string[],
  ) => {
    const failing = pages.filter((p) => !ok(value(p)));
    out.push({
      measure,
      budget,
      measured: pages.map((p) => `${code(p.path)} ${format(value(p))}`).join(', '),
      held: failing.length === 0,
      why: why(failing),
    });
  };
  metric(
    'LCP',
    '≤ 1.2 s',
    (p) => p.lighthouse.median.lcpMs,
    seconds,
    (v) => v <= BUDGET.lcpMs,
    (failing) => [
      ...failing.flatMap((p) => {
        const { element, phases } = lcpBreakdown(p.lighthouse.medianRun.lhr);
        return [
          `- ${code(p.path)}: LCP ${seconds(p.lighthouse.median.lcpMs)} (FCP ${seconds(p.lighthouse.median.fcpMs)}). Element: ${element}`,
          `  - phases: ${phases}`,
          `  - ${criticalRequests(p.lighthouse.medianRun.lhr)}`,
        ];
      }),
      ...(failing.length ? ['- What Lighthouse says would bring LCP down:'] : []),
      ...grouped(failing.map((p) => ({ path: p.path, findings: savingsFor(p.lighthouse.medianRun.lhr, 'LCP') }))).map((l) => `  ${l}`),
    ],
  );
  metric(
    'CLS',
    '0',
    (p) => p.lighthouse.median.cls,
    (v) => v.toFixed(3),
    (v) => v <= BUDGET.cls,
    (failing) => [
      ...grouped(
        failing.map((p) => ({
          path: p.path,
          findings: [
            ...failedAudits(p.lighthouse.medianRun.lhr, 'performance').filter(
              (f) => f.id === 'layout-shifts' || f.id === 'cumulative-layout-shift',
            ),
            ...savingsFor(p.lighthouse.medianRun.lhr, 'CLS'),
          ],
        })),
      ),
    ],
  );
  metric(
    'TBT',
    '≤ 50 ms',
    (p) => p.lighthouse.median.tbtMs,
    ms,
    (v) => v <= BUDGET.tbtMs,
    (failing) =>
      failing.flatMap((p) => [`- ${code(p.path)}:`, ...mainThreadLines(p.lighthouse.medianRun.lhr).map((l) => `  - ${l.trim()}`)]),
  );
  metric(
    'LCP against the page without its scripts',
    `≤ +${pct(BUDGET.lcpOverScriptless)}`,
    (p) => p.scripts.with.lcpMs / p.scripts.without.lcpMs - 1,
    (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}%`,
    (v) => v <= BUDGET.lcpOverScriptless,
    (failing) =>
      failing.map(
        (p) =>
          `- ${code(p.path)}: LCP ${seconds(p.scripts.with.lcpMs)} with its scripts, ${seconds(p.scripts.without.lcpMs)} without (both through the proxy)`,
      ),
  );
  const { publicJs } = result;
  const over = publicJs.filter((p) => p.total > (p.heavy ? BUDGET.jsKb : BUDGET.lightJsKb) * 1024 || p.framework.length > 0);
  out.push({
    measure: 'JavaScript of each public page (external and inline)',
    budget: `≤ ${BUDGET.jsKb} KB gz with story blocks or a form, ≤ ${BUDGET.lightJsKb} KB without; no React, Remix or route chunk`,
    measured: publicJs.map((p) => `${code(p.path)} ${kb(p.total)}`).join(', '),
    held: over.length === 0,
    why: over.flatMap((p) => [
      `- ${code(p.path)}: ${kb(p.total)} (inline ${kb(p.inlineBytes)})${p.framework.length ? `; framework: ${p.framework.map(code).join(', ')}` : ''}`,
      ...p.external.slice(0, 6).map((script) => `  - ${code(script.url)} ${kb(script.bytes)}`),
    ]),
  });
  // The stylesheet every page blocks its first paint on. A case study's own
  // story stylesheet is linked in the body, after the header, and budgeted apart.
  const isStoryCss = (t: { url: string }) => /\/story-[A-Z0-9]+\.css$/.test(t.url);
  const blockingCss = (p: PageResult) =>
    p.bytes.transfers.filter((t) => t.kind === 'css' && !isStoryCss(t)).reduce((n, t) => n + t.bytes, 0);
  const storyCss = Math.max(0, ...pages.flatMap((p) => p.bytes.transfers.filter(isStoryCss).map((t) => t.bytes)));
  const worstCss = Math.max(...pages.map(blockingCss));
  out.push({
    measure: 'CSS',
    budget: `≤ ${BUDGET.cssKb} KB gz render-blocking; the story's own stylesheet ≤ ${BUDGET.storyCssKb} KB`,
    measured: `${pages.map((p) => `${code(p.path)} ${kb(blockingCss(p))}`).join(', ')}; story ${kb(storyCss)}`,
    held: worstCss <= BUDGET.cssKb * 1024 && storyCss <= BUDGET.storyCssKb * 1024,
    why: pages.flatMap((p) => {
      const css = p.bytes.transfers.filter((t) => t.kind === 'css');
      const unused = p.lighthouse.medianRun.lhr.audits['unused-css-rules'];
      return [
        `- ${code(p.path)}: ${css.map((t) => `${code(t.url.replace(/^https?:\/\/[^/]+/, ''))} ${kb(t.bytes)}`).join(', ')}` +
          (unused?.displayValue ? ` — Lighthouse "${unused.title}": ${unused.displayValue}` : ''),
      ];
    }),
  });
  const { home: ssr, stat, ratio } = throughputRatio(result);
  out.push({
    measure: `SSR throughput of ${code('/')}`,
    budget: "≥ 50% of the static file's",
    measured: ssr && stat ? `${Math.round(ssr.rps)} vs ${Math.round(stat.rps)} req/s = ${pct(ratio)}` : 'not measured',
    held: ratio >= BUDGET.ssrShare,
    why:
      ssr && stat
        ? [
            `- ${code('/')} answers ${Math.round(ssr.rps)} req/s (p99 ${ssr.p99Ms} ms) against ${Math.round(stat.rps)} req/s (p99 ${stat.p99Ms} ms) for ${code(result.staticPath)}.`,
          ]
        : [],
  });
  if (result.owner.pages.length) {
    const slow = result.owner.pages.filter((p) => p.medianMs > BUDGET.ownerPageMs);
    out.push({
      measure: `Owner's area server time (${SEED.links} links, ${SEED.messages.toLocaleString('en')} messages)`,
      budget: `≤ ${BUDGET.ownerPageMs} ms median`,
      measured: `slowest ${ms(Math.max(...result.owner.pages.map((p) => p.medianMs)))}`,
      held: slow.length === 0,
      why: slow.map((p) => `- ${code(p.path)} on ${p.engine}: ${ms(p.medianMs)} (p90 ${ms(p.p90Ms)})`),
    });
  }
  const slowest = Math.max(...result.insights.pages.map((p) => p.medianMs));
  out.push({
    measure: `Insights page server time (${INSIGHTS_SEED.days} days × ${INSIGHTS_SEED.perDay.toLocaleString('en')} events)`,
    budget: `≤ ${BUDGET.insightsPageMs} ms median`,
    measured: `slowest ${ms(slowest)}`,
    held: slowest <= BUDGET.insightsPageMs,
    why: result.insights.pages
      .filter((p) => p.medianMs > BUDGET.insightsPageMs)
      .map((p) => `- ${code(p.path)}: ${ms(p.medianMs)} (p90 ${ms(p.p90Ms)})`),
  });
  if (result.flood.times.length) {
    const worst = Math.max(...result.flood.times.map((t) => t.ratio));
    out.push({
      measure: 'The owner under 200 beacons in flight',
      budget: `≤ ${BUDGET.floodRatio}× the unloaded median`,
      measured: `worst ${worst.toFixed(2)}×`,
      held: worst <= BUDGET.floodRatio,
      why: result.flood.times
        .filter((t) => t.ratio > BUDGET.floodRatio)
        .map((t) => `- ${code(t.path)} on ${t.engine}, ${t.flood}: ${ms(t.loadedMs)} against ${ms(t.unloadedMs)}`),
    });
  }
  out.push(...editingBudgets(result.editing));
  if (result.build) out.push(...buildBudgets(result.build));
  out.push(...functionsBudgets(result.functions));
  return out;
}

/** Reading insights with a quarter of seeded events, for the Markdown report. */
function insightsSection(result: BenchResult): string[] {
  const { insights } = result;
  const rollups = [...insights.rollupDayMs].sort((a, b) => a - b);
  return [
    `## Reading insights with ${INSIGHTS_SEED.days} days × ${INSIGHTS_SEED.perDay.toLocaleString('en')} events`,
    '',
    `On a real PostgreSQL, seeded from a fixed PRNG in ${insights.seedS.toFixed(1)} s. The rollup of one finished day (the scheduled job's share): median ${ms(median(rollups))}, slowest ${ms(rollups.at(-1) ?? Number.NaN)} over ${rollups.length} days. Then the dashboard, every past day rolled up and today's events read raw; a signed-in owner, one request at a time, 5 warm-ups then 25 measured.`,
    '',
    '| page | median | p90 | HTML |',
    '|---|---|---|---|',
    ...insights.pages.map((p) => `| ${code(p.path)} | ${ms(p.medianMs)} | ${ms(p.p90Ms)} | ${kb(p.bytes)} |`),
    '',
  ];
}

/** The owner's side: cold starts and the area's server time, for the Markdown report. */
function ownerSection(result: BenchResult): string[] {
  return [
    '## Cold start',
    '',
    'The built server (`build/server/serve.mjs`) from process start to the first 200 on `/`, and to its database being ready (migrations checked); medians of the runs, in turn. The database starts after the server listens, so public pages never wait for it.',
    '',
    '| configuration | first 200 on `/` | database ready | per run (first 200) |',
    '|---|---|---|---|',
    ...result.coldStarts.map(
      (c) =>
        `| ${c.label} | ${ms(median(c.firstOkMs))} | ${c.databaseReadyMs.every(Number.isNaN) ? '—' : ms(median(c.databaseReadyMs))} | ${c.firstOkMs.map(ms).join(', ')} |`,
    ),
    '',
    `## The owner's area with ${SEED.links} share links and ${SEED.messages.toLocaleString('en')} messages`,
    '',
    'Server time of each page for a signed-in owner: request to the last byte on loopback, one request at a time, 5 warm-ups then 25 measured.',
    '',
    '| engine | page | median | p90 | HTML |',
    '|---|---|---|---|---|',
    ...result.owner.pages.map((p) => `| ${p.engine} | ${code(p.path)} | ${ms(p.medianMs)} | ${ms(p.p90Ms)} | ${kb(p.bytes)} |`),
    ...result.owner.skipped.flatMap((line) => ['', line]),
    '',
  ];
}

function budgetTable(list: Budget[]): string[] {
  return [
    '| measure | budget | measured (medians) | held? |',
    '|---|---|---|---|',
    ...list.map((b) => `| ${b.measure} | ${b.budget} | ${b.measured} | ${b.held ? 'held' : '**NOT held**'} |`),
  ];
}

export function renderMarkdown(result: BenchResult, list: Budget[]): string {
  const { machine: m, pages } = result;
  const notHeld = list.filter((b) => !b.held);
  const { ratio } = throughputRatio(result);
  const busy = Math.max(...result.loadAverage) > m.cores;
  const lines = [
    '# Benchmarks',
    '',
    `Written by ${code(result.command)} (${code('test/bench/run.ts')}); do not edit by hand. Run on ${result.date
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC')}, took ${Math.round(result.durationS)} s.`,
    '',
    '## Machine',
    '',
    '| | |',
    '|---|---|',
    `| CPU | ${m.cpu} |`,
    `| cores | ${m.cores} |`,
    `| memory | ${m.memory} |`,
    `| OS | ${m.os} |`,
    `| Node | ${m.node} |`,
    `| Chromium | ${m.chromium} |`,
    `| Lighthouse / autocannon | ${m.lighthouse} / ${m.autocannon} |`,
    `| load average (1 min), start → end | ${result.loadAverage.map((l) => l.toFixed(1)).join(' → ')}${busy ? ' — the machine was busy with other work: throughput and LCP are noisier than usual' : ''} |`,
    '',
    '## Budgets',
    '',
    ...budgetTable(list),
    '',
    notHeld.length === 0
      ? 'Every budget is held.'
      : `${notHeld.length} of ${list.length} budgets are not held; the Lighthouse audits behind each follow (category scores from each page's median-score run, LCP from its median-LCP run).`,
    ...notHeld.flatMap((b) => [
      '',
      `### Why: ${b.measure} (${b.budget})`,
      '',
      ...(b.why.length ? b.why : ['- Lighthouse reports no failing audit for it.']),
    ]),
    '',
    `## Lighthouse (medians of ${result.lighthouseRuns} runs)`,
    '',
    `Lighthouse ${m.lighthouse}, default settings: mobile (Moto G Power viewport), simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU slowdown), a fresh headless Chromium per run, pages one after another. TBT is the noisiest figure: simulated throttling multiplies this machine's own task times by 4, so a busy moment on its 2 cores moves a run by tens of milliseconds.`,
    '',
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | CLS | TBT | LCP per run | TBT per run |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...pages.map(
      ({ path, lighthouse: l }) =>
        `| ${code(path)} | ${CATEGORIES.map((c) => score(l.median.scores[c])).join(' | ')} | ${seconds(l.median.fcpMs)} | ${seconds(l.median.lcpMs)} | ${l.median.cls.toFixed(3)} | ${ms(l.median.tbtMs)} | ${l.runs.map((r) => seconds(r.lcpMs)).join(', ')} | ${l.runs.map((r) => ms(r.tbtMs)).join(', ')} |`,
    ),
    '',
    '### With and without the page’s scripts',
    '',
    `The same pages through a proxy that serves them as they are, and through one that takes every \`<script>\` out but JSON-LD (\`test/bench/scripts-removed.ts\`), medians of ${result.lighthouseRuns} runs each: Lighthouse's simulation takes the server's response times from what it observed, so both go through a proxy. The LCP budget holds the first to the second.`,
    '',
    '| page | LCP with its scripts | LCP without | difference | TBT with | TBT without | CLS with | CLS without |',
    '|---|---|---|---|---|---|---|---|',
    ...pages.map(
      ({ path, scripts: { with: on, without: off } }) =>
        `| ${code(path)} | ${seconds(on.lcpMs)} | ${seconds(off.lcpMs)} | ${((on.lcpMs / off.lcpMs - 1) * 100).toFixed(1)}% | ${ms(on.tbtMs)} | ${ms(off.tbtMs)} | ${on.cls.toFixed(3)} | ${off.cls.toFixed(3)} |`,
    ),
    '',
    '## JavaScript of each public page (gzip)',
    '',
    'Every script a visit loads, until the page has been scrolled to its end and the network is quiet: files as transferred (gzip), and the inline scripts (their bodies together, gzip -9; JSON-LD is data and not counted). KB = 1024 bytes. One run: bytes do not vary.',
    '',
    ...publicJsTable(result.publicJs),
    '',
    '## First-load bytes (gzip)',
    '',
    'Response bodies as transferred (gzip; headers not counted; files the server does not compress at their plain size), KB = 1024 bytes, measured with playwright-core and the same Chromium, cold cache, 412×823 viewport, until network idle without scrolling. The last column adds what scrolling to the bottom loads (lazy images). One run: bytes do not vary.',
    '',
    '| page | JS | CSS | HTML | images | fonts | other | total | requests | total after scrolling |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...pages.map(
      ({ path, bytes: { firstLoad: b, scrolled } }) =>
        `| ${code(path)} | ${kb(b.js)} | ${kb(b.css)} | ${kb(b.html)} | ${kb(b.image)} | ${kb(b.font)} | ${kb(b.other)} | ${kb(b.total)} | ${b.requests} | ${kb(scrolled.total)} (${scrolled.requests} requests, images ${kb(scrolled.image)}) |`,
    ),
    '',
    '## Story images on a phone',
    '',
    `The images of ${code(result.storyImages.path)}'s story a ${result.storyImages.viewport} phone downloads, scrolled from top to bottom (AVIF and WebP variants picked by \`srcset\`/\`sizes\`, SVG as it is, gzip where the server compresses), against the same images served as the designer's original files.`,
    '',
    '| story images | files | as served | as originals | saved |',
    '|---|---|---|---|---|',
    `| ${code(result.storyImages.path)} | ${result.storyImages.files} (${result.storyImages.requests} requests) | ${kb(result.storyImages.transferred)} | ${kb(result.storyImages.originals)} | ${pct(1 - result.storyImages.transferred / result.storyImages.originals)} |`,
    '',
    `## Throughput (medians of ${result.load.runs} runs)`,
    '',
    `autocannon ${m.autocannon}, ${result.load.connections} connections, ${result.load.durationS} s per run, on loopback against the same production server (${code('build/server/serve.mjs')}, compression on, browser-like ${code('Accept-Encoding')}); the targets take turns in each round after a short warm-up. Client and server share the machine's ${m.cores} cores.`,
    '',
    '| target | req/s | p99 latency | req/s per run | non-2xx / errors |',
    '|---|---|---|---|---|',
    ...result.throughput.map(
      (t) =>
        `| ${code(t.path)} (${t.label}) | ${Math.round(t.rps)} | ${t.p99Ms} ms | ${t.runs.map((r) => Math.round(r.rps)).join(', ')} | ${t.runs.reduce((n, r) => n + r.non2xx, 0)} / ${t.runs.reduce((n, r) => n + r.errors + r.timeouts, 0)} |`,
    ),
    '',
    `SSR ${code('/')} / static ${code(result.staticPath)}: **${pct(ratio)}**.`,
    '',
    ...ownerSection(result),
    ...insightsSection(result),
    ...floodSection(result.flood),
    ...editingSection(result.editing),
    ...(result.build ? buildSection(result.build) : []),
    ...functionsSection(result.functions),
  ];
  return lines.join('\n');
}

function publicJsTable(publicJs: PublicPageJs[]): string[] {
  return [
    '| page | status | JS | files | inline | scripts |',
    '|---|---|---|---|---|---|',
    ...publicJs.map(
      (p) =>
        `| ${code(p.path)} | ${p.status} | ${kb(p.total)} | ${kb(p.total - p.inlineBytes)} | ${kb(p.inlineBytes)} (${p.inlineCount}) | ${p.external.map((s) => `${code(s.url)} ${kb(s.bytes)}`).join(', ') || '—'} |`,
    ),
  ];
}

/** `npm run bench -- --only pages`: the public pages alone, printed. */
export function renderPagesSummary(pages: PageResult[], publicJs: PublicPageJs[], load: number): string {
  return [
    '',
    `Load average (1 min) at the end: ${load.toFixed(1)}`,
    'Lighthouse medians (LCP, CLS, TBT):',
    ...pages.map(
      ({ path, lighthouse: { median: m, runs } }) =>
        `  ${path.padEnd(26)} LCP ${seconds(m.lcpMs)}  CLS ${m.cls.toFixed(3)}  TBT ${ms(m.tbtMs)}  (runs: LCP ${runs.map((r) => seconds(r.lcpMs)).join(', ')}; TBT ${runs.map((r) => ms(r.tbtMs)).join(', ')})`,
    ),
    'Through a proxy, with and without the page’s scripts (LCP, TBT, CLS):',
    ...pages.map(
      ({ path, scripts: { with: on, without: off } }) =>
        `  ${path.padEnd(26)} with: LCP ${seconds(on.lcpMs)}, TBT ${ms(on.tbtMs)}, CLS ${on.cls.toFixed(3)}   without: LCP ${seconds(off.lcpMs)}, TBT ${ms(off.tbtMs)}, CLS ${off.cls.toFixed(3)}   LCP ${((on.lcpMs / off.lcpMs - 1) * 100).toFixed(1)}%`,
    ),
    'JavaScript of each public page, gzip (total = files + inline):',
    ...publicJs.map(
      (p) =>
        `  ${p.path.padEnd(26)} ${String(p.status).padEnd(4)} ${kb(p.total).padStart(9)} = ${kb(p.total - p.inlineBytes)} + ${kb(p.inlineBytes)} inline (${p.inlineCount})  ${p.external.map((s) => `${s.url} ${kb(s.bytes)}`).join(', ')}`,
    ),
    '',
  ].join('\n');
}

export function renderSummary(result: BenchResult, list: Budget[]): string {
  const pad = (text: string, width: number) => text.padEnd(width);
  const plain = (text: string) => text.replace(/`/g, '');
  return [
    '',
    'Lighthouse medians (perf/a11y/bp/seo, LCP, CLS, TBT):',
    ...result.pages.map(
      ({ path, lighthouse: { median: m } }) =>
        `  ${pad(path, 26)} ${CATEGORIES.map((c) => score(m.scores[c])).join('/')}  LCP ${seconds(m.lcpMs)}  CLS ${m.cls.toFixed(3)}  TBT ${ms(m.tbtMs)}`,
    ),
    'JavaScript of each public page, gzip (external and inline):',
    ...result.publicJs.map((p) => `  ${pad(p.path, 26)} ${kb(p.total)} (inline ${kb(p.inlineBytes)})`),
    'First-load bytes, gzip (JS / CSS / HTML / images / fonts):',
    ...result.pages.map(
      ({ path, bytes: { firstLoad: b } }) => `  ${pad(path, 26)} ${[b.js, b.css, b.html, b.image, b.font].map(kb).join(' / ')}`,
    ),
    `Story images on a 375 px phone (${result.storyImages.path}): ${kb(result.storyImages.transferred)} as served, ${kb(result.storyImages.originals)} as originals`,
    'Throughput (median req/s, p99):',
    ...result.throughput.map((t) => `  ${pad(t.path, 26)} ${Math.round(t.rps)} req/s  p99 ${t.p99Ms} ms`),
    'Cold start to the first 200 on / (median):',
    ...result.coldStarts.map(
      (c) =>
        `  ${pad(c.label, 42)} ${ms(median(c.firstOkMs))}${c.databaseReadyMs.every(Number.isNaN) ? '' : `, database ready ${ms(median(c.databaseReadyMs))}`}`,
    ),
    'Owner’s area server time (median, p90):',
    ...result.owner.pages.map((p) => `  ${pad(`${p.path} (${p.engine})`, 42)} ${ms(p.medianMs)}  p90 ${ms(p.p90Ms)}`),
    `Insights (${INSIGHTS_SEED.days} days × ${INSIGHTS_SEED.perDay} events): rollup of a day ${ms(median([...result.insights.rollupDayMs].sort((a, b) => a - b)))} median`,
    ...result.insights.pages.map((p) => `  ${pad(p.path, 42)} ${ms(p.medianMs)}  p90 ${ms(p.p90Ms)}`),
    ...floodSummary(result.flood),
    ...(result.build
      ? [
          `Build (median of ${result.build.runs}): cold ${seconds(result.build.medianColdMs)}, one word changed ${seconds(result.build.medianOneWordMs)}`,
        ]
      : []),
    'Budgets:',
    ...list.map((b) => `  ${b.held ? 'held    ' : 'NOT held'}  ${pad(plain(b.measure), 34)} ${b.budget} — ${plain(b.measured)}`),
    '',
  ].join('\n');
}

/** `report` with the section that starts with `section`'s heading replaced by it (up to the next `## `), or added at its end. */
export function replaceSection(report: string, section: string[]): string {
  const heading = section[0]!;
  const lines = report.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) return `${report.replace(/\n*$/, '\n\n')}${section.join('\n')}`;
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return [...lines.slice(0, start), ...section, ...(next === -1 ? [] : lines.slice(next))].join('\n');
}
