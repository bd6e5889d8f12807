import { readFileSync } from 'node:fs';
import { converter } from 'culori';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOK, NEUTRALS, SCHEMES, type Look } from '~/look/look';
import { lookCss } from '~/look/look-css';
import { contrast, derivePalette, SEMANTIC_TOKENS, TOKEN_PAIRS, type SchemeTokens } from '~/look/palette';
import { SCALE_STEPS } from '~/look/reference';

/**
 * Readable whatever she picks: for 200 accents from a seeded generator and
 * the hard ones (pure yellow, cyan, lime, near-white, near-black, mid-grey),
 * with every choice of greys and every scheme, every token pair the site
 * uses (TOKEN_PAIRS) is measured in the CSS a page would get, and must meet
 * WCAG 2.2 AA. And a site without a look keeps exactly the colours
 * app/styles/tokens.css has always had.
 */

/** mulberry32: the same accents on every run, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seeded(41);
const RANDOM_ACCENTS = Array.from(
  { length: 200 },
  () =>
    `#${Math.floor(random() * 0x1000000)
      .toString(16)
      .padStart(6, '0')}`,
);
const HARD_ACCENTS = [
  '#ffff00',
  '#00ffff',
  '#00ff00',
  '#ff00ff',
  '#ff0000',
  '#0000ff',
  '#fefefe',
  '#fffff0',
  '#050505',
  '#000000',
  '#808080',
  '#777777',
  '#4f46e5',
  '#fff',
  '#f5f5f5',
];

/** The tokens a page gets from the look's CSS, for the scheme(s) it shows: `:root{…}` blocks, the dark one inside its media query. */
function tokensOfCss(css: string): { light?: Record<string, string>; dark?: Record<string, string> } {
  const blocks = [...css.matchAll(/(@media \(prefers-color-scheme:dark\)\{)?:root\{([^}]*)\}/g)];
  const read = (body: string) => Object.fromEntries(body.split(';').map((declaration) => declaration.split(':') as [string, string]));
  const result: { light?: Record<string, string>; dark?: Record<string, string> } = {};
  for (const [, media, body = ''] of blocks) {
    const declarations = read(body);
    const scheme = media ? 'dark' : declarations['color-scheme'] === 'dark' ? 'dark' : 'light';
    result[scheme] = { ...(media ? result.light : {}), ...declarations };
  }
  return result;
}

function unreadable(tokens: Record<string, string>): string[] {
  const failures: string[] = [];
  for (const { fg, bg, min, what } of TOKEN_PAIRS) {
    const ratio = contrast(tokens[`--${fg}`]!, tokens[`--${bg}`]!);
    if (!(ratio >= min)) failures.push(`${fg} on ${bg} (${what}): ${ratio.toFixed(2)} < ${min}`);
  }
  // The text selection: the 950 grey on the accent's 200 (app/tailwind.css).
  const selection = contrast(tokens['--color-zinc-950']!, tokens['--color-accent-200']!);
  if (!(selection >= 4.5)) failures.push(`selected text: ${selection.toFixed(2)} < 4.5`);
  return failures;
}

describe('a look’s palette is readable whatever she picks', () => {
  const accents = [...HARD_ACCENTS, ...RANDOM_ACCENTS];

  it(`${accents.length} accents × ${NEUTRALS.length} greys × ${SCHEMES.length} schemes: every pair meets AA`, () => {
    const failures: string[] = [];
    let checked = 0;
    for (const accent of accents) {
      for (const neutral of NEUTRALS) {
        for (const scheme of SCHEMES) {
          // A round shape, so even the original accent and greys give CSS to read.
          const look: Look = { ...DEFAULT_LOOK, accent, neutral, scheme, shape: 'round' };
          const tokens = tokensOfCss(lookCss(look));
          const shown = scheme === 'system' ? (['light', 'dark'] as const) : ([scheme] as const);
          for (const side of shown) {
            const set = tokens[side];
            if (!set) throw new Error(`no ${side} tokens for ${JSON.stringify(look)}`);
            failures.push(...unreadable(set).map((failure) => `${accent} ${neutral} ${scheme} (${side}): ${failure}`));
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(200 * NEUTRALS.length * 4);
    expect(failures).toEqual([]);
  });

  it('a forced scheme shows only that scheme’s tokens, and says so to the browser', () => {
    const dark = lookCss({ ...DEFAULT_LOOK, accent: '#0d9488', scheme: 'dark' });
    expect(dark).toContain('color-scheme:dark');
    expect(dark).not.toContain('prefers-color-scheme');
    expect(tokensOfCss(dark).dark?.['--bg']).toBe(derivePalette({ accent: '#0d9488', neutral: 'cool' }).dark.bg);
    const light = lookCss({ ...DEFAULT_LOOK, accent: '#0d9488', scheme: 'light' });
    expect(light).toContain('color-scheme:light');
    expect(tokensOfCss(light).light?.['--bg']).toBe('#ffffff');
  });

  it('an accent too pale for text on white keeps its hue, goes deeper, and is flagged with both colours', () => {
    const toOklch = converter('oklch');
    for (const accent of ['#ffff00', '#00ffff', '#00ff00', '#fbbf24']) {
      const palette = derivePalette({ accent, neutral: 'cool' });
      const flag = palette.adjustments.find((adjustment) => adjustment.scheme === 'light');
      expect(flag, accent).toMatchObject({ chosen: accent, used: palette.light.accent, reason: 'too-light' });
      const [chosen, used] = [toOklch(accent)!, toOklch(palette.light.accent)!];
      expect(used.l).toBeLessThan(chosen.l);
      // The same hue, give or take what cutting the chroma to sRGB and rounding to a hex move it.
      expect(Math.abs((used.h ?? 0) - (chosen.h ?? 0)), accent).toBeLessThan(6);
      // Only as deep as it must be: a shade a little lighter would fail on the muted ground, the darkest of the light ones.
      expect(contrast(palette.light.accent, palette.light['bg-muted'])).toBeLessThan(4.6);
    }
    // Pure yellow is light enough for the dark page as it is.
    expect(derivePalette({ accent: '#ffff00', neutral: 'cool' }).dark.accent).toBe('#ffff00');
  });

  it('an accent that reads on its page is used exactly, with no flag for that page', () => {
    // No colour reads at 4.5:1 on both white and the dark greys, so a deep accent is exact in light, a pale one in dark.
    const deep = derivePalette({ accent: '#1d4ed8', neutral: 'warm' });
    expect(deep.light.accent).toBe('#1d4ed8');
    expect(deep.adjustments.map((adjustment) => adjustment.scheme)).toEqual(['dark']);
    const pale = derivePalette({ accent: '#7dd3fc', neutral: 'neutral' });
    expect(pale.dark.accent).toBe('#7dd3fc');
    expect(pale.adjustments.map((adjustment) => adjustment.scheme)).toEqual(['light']);
  });

  it('is quick enough to run on a request (measured, not a budget)', () => {
    const started = performance.now();
    for (const accent of RANDOM_ACCENTS.slice(0, 50)) derivePalette({ accent, neutral: 'sand' });
    const each = (performance.now() - started) / 50;
    console.info(`derivePalette: ${each.toFixed(2)} ms per look`);
    expect(each).toBeLessThan(200);
  });
});

describe('the original look is the site as it was', () => {
  const css = readFileSync('app/styles/tokens.css', 'utf8');
  const theme = Object.fromEntries(
    [...css.matchAll(/--(color-[a-z]+-\d+|color-white|color-black):\s*(#[0-9a-f]{6})/g)].map(([, name = '', hex = '']) => [name, hex]),
  );
  const resolve = (value: string) => value.replace(/var\(--([a-z0-9-]+)\)/, (_, name: string) => theme[name] ?? `unknown ${name}`);
  const semanticOf = (block: string): SchemeTokens =>
    Object.fromEntries(
      SEMANTIC_TOKENS.map((token) => [token, resolve(new RegExp(`--${token}:\\s*([^;]+);`).exec(block)?.[1]?.trim() ?? 'missing')]),
    ) as SchemeTokens;
  const lightBlock = /:root \{([^}]*)\}/.exec(css)?.[1] ?? '';
  const darkBlock = /@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}/.exec(css)?.[1] ?? '';

  it('reproduces every colour of app/styles/tokens.css to the value (ΔE 0)', () => {
    const palette = derivePalette(DEFAULT_LOOK);
    for (const step of SCALE_STEPS) {
      expect(palette.accentScale[step], `accent-${step}`).toBe(theme[`color-accent-${step}`]);
      expect(palette.neutralScale[step], `zinc-${step}`).toBe(theme[`color-zinc-${step}`]);
    }
    expect(palette.light).toEqual(semanticOf(lightBlock));
    expect(palette.dark).toEqual(semanticOf(darkBlock));
  });

  it('adds no CSS at all, so the page is byte for byte the original', () => {
    expect(lookCss(DEFAULT_LOOK)).toBe('');
    expect(lookCss({ ...DEFAULT_LOOK, accent: '#4F46E5' })).toBe('');
  });
});
