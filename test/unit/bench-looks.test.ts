import { describe, expect, it } from 'vitest';
import { BENCH_LOOKS, looksRuns, looksSection, looksTable, type LookPageResult, type LookResult } from '../bench/looks-report';
import { replaceSection } from '../bench/report';

/**
 * The bench's looks table (test/bench/looks.ts): the three looks side by
 * side, one measure a row, and its section of docs/benchmarks.md. Made-up
 * figures: what is checked is the layout, not a measurement.
 */
const page = (path: string, lcpWithMs: number, fontBytes: number): LookPageResult => ({
  path,
  lcpWithMs,
  lcpWithoutMs: 1000,
  lighthouseCls: 0,
  observedCls: 0.0123,
  fontBytes,
  scriptBytes: 96_256,
});

const results: LookResult[] = BENCH_LOOKS.map((look, index) => ({
  look,
  pages: [page('/', 1000 + index * 10, index * 40_960), page('/case-study/x', 1010, index * 20_480)],
}));

describe('the bench looks table', () => {
  it('benches the default, a serif pairing and a dark look', () => {
    expect(BENCH_LOOKS.map((l) => l.look)).toEqual([
      {},
      expect.objectContaining({ typeface: 'editorial-serif', accent: '#0f766e', shape: 'round' }),
      expect.objectContaining({ scheme: 'dark', accent: '#e11d48' }),
    ]);
  });

  it('puts the three looks side by side, each measure a row for each page', () => {
    const [header, , ...rows] = looksTable(results);
    expect(header).toBe(`| page | measure | ${BENCH_LOOKS.map((l) => l.label).join(' | ')} |`);
    expect(rows).toHaveLength(2 * 7);
    expect(rows).toContain('| `/` | LCP against no-scripts | +0.0 % | +1.0 % | +2.0 % |');
    expect(rows).toContain('| `/` | font bytes, first view | 0.0 KB | 40.0 KB | 80.0 KB |');
    expect(rows).toContain('| `/case-study/x` | CLS (fonts 300 ms late) | 0.012 | 0.012 | 0.012 |');
    expect(rows).toContain('| `/case-study/x` | script bytes, first view (gzip) | 94.0 KB | 94.0 KB | 94.0 KB |');
  });

  it('is the "Looks" section of the report, and says when the machine was busy', () => {
    const busy = looksSection(results, { runs: 1, load: [9.5, 10.2] });
    expect(busy[0]).toBe('## Looks');
    expect(busy.at(-1)).toMatch(/busy with other work/);
    expect(looksSection(results, { runs: 5, load: [0.4, 0.9] }).at(-1)).not.toMatch(/busy/);
    const report = replaceSection('# Benchmarks\n\n## Machine\n\nx\n\n## Looks\n\nold\n\n## Next\n', busy);
    expect(report).toContain(busy.join('\n'));
    expect(report).not.toContain('old');
    expect(report).toContain('## Next');
  });

  it('takes --runs as a whole number, 5 unless told', () => {
    expect(looksRuns(['--only', 'looks'])).toBe(5);
    expect(looksRuns(['--only', 'looks', '--runs', '1'])).toBe(1);
    expect(() => looksRuns(['--runs', 'two'])).toThrow('--runs takes a whole number of at least 1, not two');
  });
});
