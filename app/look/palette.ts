import { converter, formatHex, modeLrgb, modeOklab, modeOklch, modeRgb, toGamut, useMode as registerMode, wcagContrast } from 'culori/fn';
import { normaliseHex, type Look, type Neutral } from './look';
import {
  REFERENCE_ACCENT,
  REFERENCE_DARK_ACCENT_SOFT,
  REFERENCE_DARK_BG_SUBTLE,
  REFERENCE_NEUTRAL,
  SCALE_STEPS,
  WHITE,
  type Scale,
  type ScaleStep,
} from './reference';

/**
 * The palette of a look, derived from her accent and her choice of greys in
 * OKLCH: the scales and, for light and dark, every semantic token of
 * app/styles/tokens.css. Pure (no DOM, no node): the server uses it, and the
 * Look page's preview can run it in the browser.
 *
 * Readable whatever she picks: every text colour meets WCAG 2.2 AA (4.5:1)
 * on each background it is used on, and the focus ring 3:1 (TOKEN_PAIRS).
 * Where her exact accent cannot, the nearest shade of her hue that can is
 * used instead (same hue, lightness moved, chroma then cut to fit sRGB), and
 * `adjustments` says so with both colours, for the Look page to explain.
 */

// culori's tree-shakeable entry: only the colour spaces used here are registered (useMode is not a React hook).
registerMode(modeRgb);
registerMode(modeLrgb);
registerMode(modeOklab);
registerMode(modeOklch);

const toOklch = converter('oklch');
const intoSrgb = toGamut('rgb', 'oklch');

export const SEMANTIC_TOKENS = [
  'bg',
  'bg-subtle',
  'bg-muted',
  'fg',
  'fg-muted',
  'border',
  'accent',
  'accent-hover',
  'accent-fg',
  'accent-soft',
  'accent-soft-fg',
  'ring',
] as const;
export type SemanticToken = (typeof SEMANTIC_TOKENS)[number];
export type SchemeTokens = Record<SemanticToken, string>;

/** Which pairs must stay readable, and how much: text 4.5:1, the focus ring and control edges 3:1 (WCAG 2.2 1.4.3, 1.4.11). */
export type TokenPair = { fg: SemanticToken; bg: SemanticToken; min: number; what: string };

const TEXT = 4.5;
const NON_TEXT = 3;
const BACKGROUNDS = ['bg', 'bg-subtle', 'bg-muted'] as const;

export const TOKEN_PAIRS: TokenPair[] = [
  ...BACKGROUNDS.flatMap((bg): TokenPair[] => [
    { fg: 'fg', bg, min: TEXT, what: 'text' },
    { fg: 'fg-muted', bg, min: TEXT, what: 'secondary text' },
    { fg: 'accent', bg, min: TEXT, what: 'links and accent text' },
    { fg: 'accent-hover', bg, min: TEXT, what: 'a link under the pointer' },
    { fg: 'ring', bg, min: NON_TEXT, what: 'the focus ring' },
  ]),
  { fg: 'accent-fg', bg: 'accent', min: TEXT, what: 'a button’s words' },
  { fg: 'accent-fg', bg: 'accent-hover', min: TEXT, what: 'a button’s words under the pointer' },
  { fg: 'accent-soft-fg', bg: 'accent-soft', min: TEXT, what: 'a tag’s words' },
  { fg: 'accent-soft-fg', bg: 'bg', min: TEXT, what: 'soft accent text on the page' },
];

/** Her accent could not be used as it is in one scheme: the colour she chose, and the shade used instead. */
export type AccentAdjustment = {
  scheme: 'light' | 'dark';
  chosen: string;
  used: string;
  /** too-light: on the light page it was too pale for text; too-dark: on the dark page it was too deep. */
  reason: 'too-light' | 'too-dark';
};

export type Palette = {
  /** The --color-accent-* and --color-zinc-* scales (the same in light and dark, as in tokens.css). */
  accentScale: Scale;
  neutralScale: Scale;
  light: SchemeTokens;
  dark: SchemeTokens;
  adjustments: AccentAdjustment[];
};

type Lch = { l: number; c: number; h: number };

function lchOf(hex: string): Lch {
  const colour = toOklch(hex);
  if (!colour) throw new Error(`not a colour: ${hex}`);
  return { l: colour.l, c: colour.c, h: colour.h ?? Number.NaN };
}

/** The sRGB hex of an OKLCH colour, chroma cut (CSS Color 4's gamut mapping) until it fits. */
function hexOf({ l, c, h }: Lch): string {
  const lightness = Math.min(1, Math.max(0, l));
  return formatHex(intoSrgb({ mode: 'oklch', l: lightness, c: Number.isNaN(h) ? 0 : c, h: Number.isNaN(h) ? 0 : h }));
}

export function contrast(a: string, b: string): number {
  return wcagContrast(a, b);
}

const readableOn =
  (backgrounds: string[], min = TEXT) =>
  (hex: string) =>
    backgrounds.every((bg) => contrast(hex, bg) >= min);

/**
 * The nearest lightness from `start`, moving by `direction`, whose colour
 * (`at`) passes: a binary search between `start` and the end of the range
 * (black or white, which pass whatever can), since contrast against a fixed
 * ground grows steadily as the lightness moves away from it. Contrast is
 * measured on the hex written into the page, so what is checked here is
 * what a browser (and axe) will see.
 */
function nearestPassing(start: number, direction: 1 | -1, at: (l: number) => string, passes: (hex: string) => boolean): string {
  const first = at(start);
  if (passes(first)) return first;
  let failing = start;
  let passing = direction > 0 ? 1 : 0;
  let found = at(passing);
  for (let step = 0; step < 14; step += 1) {
    const middle = (failing + passing) / 2;
    const hex = at(middle);
    if (passes(hex)) {
      passing = middle;
      found = hex;
    } else failing = middle;
  }
  return found;
}

/* ----------------------------------------------------------------------------- the greys */

/** How each choice tints the reference greys' chroma: its hue, and a factor on zinc's chroma (cool is zinc itself). */
const NEUTRAL_TINT: Record<Exclude<Neutral, 'cool'>, { h: number; k: number }> = {
  neutral: { h: 0, k: 0 },
  warm: { h: 60, k: 1.1 },
  sand: { h: 85, k: 2 },
};

function grey(reference: string, neutral: Neutral): string {
  if (neutral === 'cool') return reference;
  const { h, k } = NEUTRAL_TINT[neutral];
  const { l, c } = lchOf(reference);
  return hexOf({ l, c: c * k, h });
}

function scaleOf(at: (step: ScaleStep) => string): Scale {
  return Object.fromEntries(SCALE_STEPS.map((step) => [step, at(step)])) as Scale;
}

/* ----------------------------------------------------------------------------- the accent */

const REFERENCE_ACCENT_LCH = scaleOf((step) => REFERENCE_ACCENT[step]);
const referencePoints = SCALE_STEPS.map((step) => lchOf(REFERENCE_ACCENT_LCH[step])).sort((a, b) => a.l - b.l);
const referenceL = (step: ScaleStep) => lchOf(REFERENCE_ACCENT[step]).l;
const ANCHOR = lchOf(REFERENCE_ACCENT['600']);

/** The reference scale's chroma and hue at lightness `l`, linear between its steps. */
function referenceAt(l: number): { c: number; h: number } {
  const first = referencePoints[0]!;
  const last = referencePoints[referencePoints.length - 1]!;
  if (l <= first.l) return { c: first.c, h: first.h };
  if (l >= last.l) return { c: last.c, h: last.h };
  const upper = referencePoints.findIndex((point) => point.l >= l);
  const a = referencePoints[upper - 1]!;
  const b = referencePoints[upper]!;
  const t = (l - a.l) / (b.l - a.l);
  return { c: a.c + (b.c - a.c) * t, h: a.h + (b.h - a.h) * t };
}

/**
 * Shades of her hue: the reference scale's curves (chroma peaking in the
 * middle, the hue's slight drift), turned to her hue and scaled to her
 * chroma. The original indigo gives the original scale back.
 */
function shadesOf(accent: Lch): (l: number) => string {
  const achromatic = Number.isNaN(accent.h) || accent.c < 0.005;
  const ratio = achromatic ? 0 : Math.min(accent.c / ANCHOR.c, 1.25);
  const turn = achromatic ? 0 : accent.h - ANCHOR.h;
  return (l) => {
    const { c, h } = referenceAt(l);
    return hexOf({ l, c: c * ratio, h: h + turn });
  };
}

/** Her colour at another lightness: her own hue and chroma, cut to fit sRGB. */
const herHueAt = (accent: Lch) => (l: number) => hexOf({ l, c: accent.c, h: accent.h });

const offset = (from: ScaleStep, to: ScaleStep) => referenceL(to) - referenceL(from);

/** A hover shade `delta` away from `base` in lightness, or the other way when that runs off the end. */
function hoverLightness(base: string, delta: number): number {
  const { l } = lchOf(base);
  const l2 = l + delta;
  return l2 < 0.04 || l2 > 0.985 ? l - delta : l2;
}

export function derivePalette(look: Pick<Look, 'accent' | 'neutral'>): Palette {
  const chosen = normaliseHex(look.accent);
  const accent = lchOf(chosen);
  const shade = shadesOf(accent);
  const neutralScale = scaleOf((step) => grey(REFERENCE_NEUTRAL[step], look.neutral));
  const accentScale = scaleOf((step) => shade(referenceL(step)));
  const adjustments: AccentAdjustment[] = [];

  // Light: white page, the 50 and 100 greys for the subtle and muted grounds.
  const lightGrounds = [WHITE, neutralScale['50'], neutralScale['100']];
  const lightText = readableOn(lightGrounds);
  const lightFgMuted = lightText(neutralScale['600'])
    ? neutralScale['600']
    : nearestPassing(lchOf(neutralScale['600']).l, -1, (l) => grey(hexOf({ l, c: 0, h: 0 }), look.neutral), lightText);
  const lightAccent = lightText(chosen) ? chosen : nearestPassing(accent.l, -1, herHueAt(accent), lightText);
  if (lightAccent !== chosen) adjustments.push({ scheme: 'light', chosen, used: lightAccent, reason: 'too-light' });
  const lightAccentFg = contrast(lightAccent, WHITE) >= TEXT ? WHITE : neutralScale['950'];
  const lightHover = nearestPassing(
    hoverLightness(lightAccent, offset('600', '700')),
    -1,
    shade,
    (hex) => lightText(hex) && contrast(hex, lightAccentFg) >= TEXT,
  );
  const lightSoft = accentScale['50'];
  const lightSoftFg = nearestPassing(lchOf(lightHover).l, -1, shade, readableOn([lightSoft, WHITE]));

  // Dark: the 950 grey page, a subtle ground between 950 and 900, the 900 for muted.
  const darkBgSubtle = grey(REFERENCE_DARK_BG_SUBTLE, look.neutral);
  const darkGrounds = [neutralScale['950'], darkBgSubtle, neutralScale['900']];
  const darkText = readableOn(darkGrounds);
  const darkFgMuted = darkText(neutralScale['400'])
    ? neutralScale['400']
    : nearestPassing(lchOf(neutralScale['400']).l, 1, (l) => grey(hexOf({ l, c: 0, h: 0 }), look.neutral), darkText);
  // Too deep for the dark page: the light shade of her hue dark mode's links have always had (the 300), not a barely readable one.
  const darkAccent = darkText(chosen) ? chosen : nearestPassing(referenceL('300'), 1, shade, darkText);
  if (darkAccent !== chosen) adjustments.push({ scheme: 'dark', chosen, used: darkAccent, reason: 'too-dark' });
  const darkAccentFg = contrast(darkAccent, neutralScale['950']) >= TEXT ? neutralScale['950'] : WHITE;
  const darkHover = nearestPassing(
    hoverLightness(darkAccent, offset('300', '200')),
    1,
    shade,
    (hex) => darkText(hex) && contrast(hex, darkAccentFg) >= TEXT,
  );
  const softReference = lchOf(REFERENCE_DARK_ACCENT_SOFT);
  const softTurn = Number.isNaN(accent.h) || accent.c < 0.005 ? null : accent.h - ANCHOR.h;
  const darkSoft = hexOf({
    l: softReference.l,
    c: softTurn === null ? 0 : softReference.c * Math.min(accent.c / ANCHOR.c, 1.25),
    h: softReference.h + (softTurn ?? 0),
  });
  const darkSoftFg = nearestPassing(lchOf(darkHover).l, 1, shade, readableOn([darkSoft, neutralScale['950']]));

  return {
    accentScale,
    neutralScale,
    light: {
      bg: WHITE,
      'bg-subtle': neutralScale['50'],
      'bg-muted': neutralScale['100'],
      fg: neutralScale['950'],
      'fg-muted': lightFgMuted,
      border: neutralScale['200'],
      accent: lightAccent,
      'accent-hover': lightHover,
      'accent-fg': lightAccentFg,
      'accent-soft': lightSoft,
      'accent-soft-fg': lightSoftFg,
      ring: lightAccent,
    },
    dark: {
      bg: neutralScale['950'],
      'bg-subtle': darkBgSubtle,
      'bg-muted': neutralScale['900'],
      fg: neutralScale['50'],
      'fg-muted': darkFgMuted,
      border: neutralScale['800'],
      accent: darkAccent,
      'accent-hover': darkHover,
      'accent-fg': darkAccentFg,
      'accent-soft': darkSoft,
      'accent-soft-fg': darkSoftFg,
      ring: darkAccent,
    },
    adjustments,
  };
}
