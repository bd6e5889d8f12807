import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { FallbackFace, WebFontFaces, WebFontFile } from '../app/look/typeface-css';
import { WEB_FONTS, type FontKind, type WebFontId } from '../app/look/typefaces';

/**
 * Writes app/look/font-faces.generated.ts: for each web font of the
 * pairings (app/look/typefaces.ts), its Latin and Latin Extended files as
 * its Fontsource package's CSS declares them (unicode-range, weight range),
 * imported so the app's build copies them into public/build/_assets under a
 * content hash; and the metric-matched fallbacks, computed here from the
 * font files themselves. `npm run gen` (scripts/gen.ts) writes it;
 * test/unit/generated-files.test.ts says when it is due.
 */
export const GENERATED = path.resolve(import.meta.dirname, '../app/look/font-faces.generated.ts');

const ROOT = path.resolve(import.meta.dirname, '..');
const SUBSETS = ['latin', 'latin-ext'] as const;

/**
 * How often each character appears in English text (letters, after
 * Lewand's table, and the space between words): the average advance of a
 * face over these is what a line of her text takes, so the ratio of two
 * faces' averages is the size-adjust that keeps lines the same length.
 */
export const CHARACTER_FREQUENCIES: Record<string, number> = {
  ' ': 0.18,
  a: 0.0668,
  b: 0.0122,
  c: 0.0228,
  d: 0.0348,
  e: 0.1039,
  f: 0.0182,
  g: 0.0165,
  h: 0.0499,
  i: 0.057,
  j: 0.0013,
  k: 0.0063,
  l: 0.0329,
  m: 0.0197,
  n: 0.0552,
  o: 0.0614,
  p: 0.0158,
  q: 0.0008,
  r: 0.049,
  s: 0.0518,
  t: 0.0741,
  u: 0.0226,
  v: 0.008,
  w: 0.0193,
  x: 0.0012,
  y: 0.0162,
  z: 0.0006,
};

/**
 * The weights the fallbacks are matched at, each for a band of weights:
 * the site's text (400), its links and buttons (font-medium, 500), its
 * headings (font-semibold, 600) and bold (700). A web font grows wider
 * with its weight; the local face does not (or jumps to its bold), so
 * each band has its own size-adjust.
 */
export const WEIGHT_BANDS = [
  { weight: '1 449', at: 400, bold: false },
  { weight: '450 549', at: 500, bold: false },
  { weight: '550 649', at: 600, bold: true },
  { weight: '650 1000', at: 700, bold: true },
] as const;

type Metrics = { unitsPerEm: number; ascent: number; descent: number; lineGap: number };

/**
 * The local faces each kind of web font falls back on, with their metric
 * twins (Liberation and Croscore faces have the same advances as Arial,
 * Times New Roman and Courier New): each face's average advance per em over
 * CHARACTER_FREQUENCIES, measured on the Liberation files (Debian's
 * fonts-liberation) with averageAdvance below; test/unit/typefaces.test.ts
 * measures them again.
 */
export const LOCAL_FALLBACKS: Record<FontKind, { regular: string[]; bold: string[]; regularAdvance: number; boldAdvance: number }> = {
  sans: {
    regular: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'],
    bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Arimo Bold'],
    regularAdvance: 0.441433,
    boldAdvance: 0.477286,
  },
  serif: {
    regular: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'Tinos'],
    bold: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'Tinos Bold'],
    regularAdvance: 0.400004,
    boldAdvance: 0.425573,
  },
  mono: {
    regular: ['Courier New', 'CourierNewPSMT', 'Liberation Mono', 'Cousine'],
    bold: ['Courier New Bold', 'CourierNewPS-BoldMT', 'Liberation Mono Bold', 'Cousine Bold'],
    regularAdvance: 0.600098,
    boldAdvance: 0.600098,
  },
};

/** A font's advance of one character at a weight: hmtx plus the variable font's HVAR delta (fontkit's own variation instances cannot read WOFF2). */
function advance(font: fontkit.Font, codePoint: number): number {
  const internal = font as unknown as {
    _cmapProcessor: { lookup(codePoint: number): number };
    hmtx: { metrics: { length: number; get(index: number): { advance: number } } };
    HVAR?: unknown;
    _variationProcessor?: { getAdvanceAdjustment(glyph: number, table: unknown): number } | null;
  };
  const glyph = internal._cmapProcessor.lookup(codePoint);
  const metrics = internal.hmtx.metrics;
  const base = metrics.get(Math.min(glyph, metrics.length - 1)).advance;
  const variation = internal._variationProcessor;
  return base + (variation && internal.HVAR ? variation.getAdvanceAdjustment(glyph, internal.HVAR) : 0);
}

/** The average advance per em over CHARACTER_FREQUENCIES, at a weight for a variable font. */
export function averageAdvance(file: Buffer, weight?: number): number {
  const font = fontkit.create(file) as fontkit.Font;
  const axes = (font as unknown as { fvar?: { axis: { axisTag: string; minValue: number; maxValue: number; defaultValue: number }[] } })
    .fvar?.axis;
  if (axes && weight !== undefined) {
    (font as unknown as { variationCoords: number[] }).variationCoords = axes.map((axis) =>
      axis.axisTag.trim() === 'wght' ? Math.max(axis.minValue, Math.min(axis.maxValue, weight)) : axis.defaultValue,
    );
  }
  let total = 0;
  let weights = 0;
  for (const [character, frequency] of Object.entries(CHARACTER_FREQUENCIES)) {
    total += advance(font, character.codePointAt(0)!) * frequency;
    weights += frequency;
  }
  return total / weights / font.unitsPerEm;
}

function verticalMetrics(file: Buffer): Metrics {
  // fontkit's hhea metrics, which browsers use for the line box; its types leave out descent and lineGap.
  const font = fontkit.create(file) as unknown as Metrics;
  return { unitsPerEm: font.unitsPerEm, ascent: font.ascent, descent: font.descent, lineGap: font.lineGap };
}

const percent = (value: number) => Math.round(value * 10000) / 100;

/**
 * The fallback that takes the same room as the web font: scaled by
 * size-adjust so a line of text is as long, and with the web font's own
 * ascent, descent and line gap (as a share of the scaled em), so a line
 * is as tall. One for each band of weights (WEIGHT_BANDS), on the local face of that weight.
 */
export function fallbackFaces(file: Buffer, kind: FontKind): FallbackFace[] {
  const { unitsPerEm, ascent, descent, lineGap } = verticalMetrics(file);
  const local = LOCAL_FALLBACKS[kind];
  return WEIGHT_BANDS.map(({ weight, at, bold }) => ({
    weight,
    local: bold ? local.bold : local.regular,
    ratio: averageAdvance(file, at) / (bold ? local.boldAdvance : local.regularAdvance),
  })).map(({ weight, local: names, ratio }) => ({
    weight,
    local: names,
    sizeAdjust: percent(ratio),
    ascentOverride: percent(ascent / unitsPerEm / ratio),
    descentOverride: percent(Math.abs(descent) / unitsPerEm / ratio),
    lineGapOverride: percent(lineGap / unitsPerEm / ratio),
  }));
}

/** The package's @font-face rules for one subset and style, as it declares them. */
function packageFaces(font: WebFontId, style: 'normal' | 'italic'): WebFontFile[] {
  const { package: name, family } = WEB_FONTS[font];
  const packageDir = path.join(ROOT, 'node_modules', name);
  let css: string;
  try {
    css = readFileSync(path.join(packageDir, style === 'normal' ? 'wght.css' : 'wght-italic.css'), 'utf8');
  } catch {
    return [];
  }
  return SUBSETS.map((subset) => {
    const rule = [...css.matchAll(/\/\* ([\w-]+) \*\/\s*@font-face \{([^}]*)\}/g)].find(([, name = '']) =>
      name.endsWith(`-${subset}-wght-${style}`),
    );
    if (!rule) throw new Error(`${name} declares no ${subset} ${style} face`);
    const body = rule[2]!;
    const value = (property: string) => new RegExp(`${property}: ([^;]+);`).exec(body)?.[1]?.trim() ?? '';
    if (value('font-family') !== `'${family}'`) throw new Error(`${name} names its family ${value('font-family')}, not '${family}'`);
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(value('src'))?.[1];
    if (!file) throw new Error(`${name}'s ${subset} ${style} face has no woff2 file`);
    return {
      file: `${name}/files/${file}`,
      url: '',
      subset,
      style,
      weight: value('font-weight'),
      unicodeRange: value('unicode-range'),
      bytes: statSync(path.join(packageDir, 'files', file)).size,
    };
  });
}

export function fontFaces(): Record<WebFontId, WebFontFaces> {
  return Object.fromEntries(
    (Object.keys(WEB_FONTS) as WebFontId[]).map((font) => {
      const files = [...packageFaces(font, 'normal'), ...packageFaces(font, 'italic')];
      const latin = readFileSync(path.join(ROOT, 'node_modules', files[0]!.file));
      return [font, { files, fallbacks: fallbackFaces(latin, WEB_FONTS[font].kind) }];
    }),
  ) as Record<WebFontId, WebFontFaces>;
}

const importName = (file: string) => path.basename(file, '.woff2').replace(/[^a-z0-9]+/gi, '_');

export function generatedSource(): string {
  const faces = fontFaces();
  const files = Object.values(faces).flatMap(({ files }) => files);
  return [
    "// Generated by `npm run gen` (scripts/font-faces.ts) from the @fontsource-variable packages' CSS and font files. Do not edit.",
    '// Each file is imported so the build copies it into public/build/_assets under a content hash, served for a year, immutable.',
    ...files.map(({ file }) => `import ${importName(file)} from '${file}';`),
    "import type { WebFontFaces } from './typeface-css';",
    "import type { WebFontId } from './typefaces';",
    '',
    'export const WEB_FONT_FACES: Record<WebFontId, WebFontFaces> = {',
    ...Object.entries(faces).flatMap(([font, { files, fallbacks }]) => [
      `  ${JSON.stringify(font)}: {`,
      '    files: [',
      ...files.map((entry) => `      ${JSON.stringify(entry).replace('"url":""', `"url":${importName(entry.file)}`)},`),
      '    ],',
      '    fallbacks: [',
      ...fallbacks.map((entry) => `      ${JSON.stringify(entry)},`),
      '    ],',
      '  },',
    ]),
    '};',
    '',
  ].join('\n');
}
