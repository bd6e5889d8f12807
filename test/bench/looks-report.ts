import type { Look } from '~/look/look';
import { kb, seconds } from './stats';

/**
 * What test/bench/looks.ts measures, and its table: the looks benched and
 * the figures each gets, apart from the measuring so that the table can be
 * checked without a build or a browser.
 */
export type BenchLook = { id: string; label: string; look: Partial<Look> };

export const BENCH_LOOKS: BenchLook[] = [
  { id: 'default', label: 'default (no look)', look: {} },
  { id: 'serif', label: 'serif: editorial-serif, teal, round', look: { typeface: 'editorial-serif', accent: '#0f766e', shape: 'round' } },
  {
    id: 'dark',
    label: 'dark: mono-accent, warm, rose',
    look: { scheme: 'dark', neutral: 'warm', accent: '#e11d48', typeface: 'mono-accent' },
  },
];

/** How late each font file arrives in the layout-shift measurement: later than a first paint on a fast machine. */
export const FONT_DELAY_MS = 300;

export type LookPageResult = {
  path: string;
  lcpWithMs: number;
  lcpWithoutMs: number;
  lighthouseCls: number;
  /** The sum of layout-shift entries without recent input, fonts delayed by FONT_DELAY_MS. */
  observedCls: number;
  fontBytes: number;
  scriptBytes: number;
};

export type LookResult = { look: BenchLook; pages: LookPageResult[] };

/** `--runs N` of `npm run bench -- --only looks`: Lighthouse runs of each page with and without its scripts. */
export function looksRuns(argv: string[], fallback = 5): number {
  const at = argv.indexOf('--runs');
  if (at === -1) return fallback;
  const runs = Number(argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of at least 1, not ${argv[at + 1] ?? 'nothing'}`);
  return runs;
}

const percent = (on: number, off: number) => `${on >= off ? '+' : ''}${((on / off - 1) * 100).toFixed(1)} %`;

/** The rows of the looks table: one measure a row, the looks side by side in columns. */
export function looksTable(results: LookResult[]): string[] {
  const paths = results[0]?.pages.map((p) => p.path) ?? [];
  const rows: [string, (p: LookPageResult) => string][] = [
    ['LCP with scripts', (p) => seconds(p.lcpWithMs)],
    ['LCP without scripts', (p) => seconds(p.lcpWithoutMs)],
    ['LCP against no-scripts', (p) => percent(p.lcpWithMs, p.lcpWithoutMs)],
    ['CLS (Lighthouse)', (p) => p.lighthouseCls.toFixed(3)],
    [`CLS (fonts ${FONT_DELAY_MS} ms late)`, (p) => p.observedCls.toFixed(3)],
    ['font bytes, first view', (p) => kb(p.fontBytes)],
    ['script bytes, first view (gzip)', (p) => kb(p.scriptBytes)],
  ];
  const lines = [`| page | measure | ${results.map((r) => r.look.label).join(' | ')} |`, `|---|---|${results.map(() => '---|').join('')}`];
  for (const [index, page] of paths.entries()) {
    for (const [measure, cell] of rows) {
      lines.push(`| \`${page}\` | ${measure} | ${results.map((r) => (r.pages[index] ? cell(r.pages[index]) : '—')).join(' | ')} |`);
    }
  }
  return lines;
}

/** The "Looks" section of docs/benchmarks.md. */
export function looksSection(results: LookResult[], { runs, load }: { runs: number; load: [number, number] }): string[] {
  const busy = Math.max(...load) > 1.5;
  return [
    '## Looks',
    '',
    `Three looks of the fixture content side by side (test/bench/looks.ts), each compiled with its look and served by the built server; \`/\`, a case study and a page of her own (\`/writing\`, the fixture pages) at Lighthouse's phone profile. LCP: medians of ${runs} Lighthouse run${runs === 1 ? '' : 's'} with the page's scripts and without them, in turns, through the proxies of the pages section. CLS: Lighthouse's median, and a PerformanceObserver's layout-shift sum in Chromium with every font file held back ${FONT_DELAY_MS} ms. Bytes: the first view's font and script responses (gzip where the server compresses), from Chromium's network log.`,
    '',
    ...looksTable(results),
    '',
    `Load average (1 min), start → end: ${load[0].toFixed(1)} → ${load[1].toFixed(1)}${busy ? ' — the machine was busy with other work: the LCP figures are noisy, and need a run on a quiet machine' : ''}.`,
  ];
}
