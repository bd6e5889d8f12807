import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import type { WebFontId } from '../../app/look/typefaces';

/**
 * The faces the resume PDF draws with: Noto Sans from Fontsource packages,
 * one family per script, in the order a character looks for its glyph
 * (the main face first, then by script). Fontsource splits each family into
 * files by unicode-range (CJK into about a hundred): the package's CSS says
 * which file holds which range, so only the files a resume's characters
 * need are ever read, and the font itself (its cmap) has the last word.
 *
 * The .woff files, not .woff2: fontkit reads woff2, but the subsets pdfkit
 * embeds from a woff2 source draw no outlines (every glyph blank).
 *
 * Her typefaces (app/look/typefaces.ts) come first in the chain when her
 * look names a pairing: the static, per-weight Fontsource package of each
 * web font, its Latin files only (the Noto faces after it draw every other
 * script). The site's own files are variable fonts in woff2, which pdfkit
 * can neither embed (blank glyphs, above) nor subset well.
 *
 * Bold: the CJK families travel in one weight only (their files are most of
 * the fonts' bytes), so a bold Chinese, Japanese or Korean run is drawn
 * regular; the other scripts have both.
 */

export type Weight = 'regular' | 'bold';

/** One Fontsource file: its path and the code points its CSS says it holds. */
export type FaceFile = { file: string; ranges: [number, number][] };

/** The font packages, in the order of the fallback chain; netlify.toml ships the same files with the content-check function. */
export const FONT_PACKAGES: { name: string; bold: boolean }[] = [
  { name: '@fontsource/noto-sans', bold: true },
  { name: '@fontsource/noto-sans-arabic', bold: true },
  { name: '@fontsource/noto-sans-hebrew', bold: true },
  { name: '@fontsource/noto-sans-devanagari', bold: true },
  { name: '@fontsource/noto-sans-sc', bold: false },
  { name: '@fontsource/noto-sans-jp', bold: false },
  { name: '@fontsource/noto-sans-kr', bold: false },
];

/** A static Fontsource package and the weights of it the PDF draws with: 400 and 700, or the nearest the family has. */
export type StaticFont = { name: string; regular: number; bold: number };

/** The static package of each web font of her pairings; netlify.toml ships their Latin .woff files of these weights too. */
export const STATIC_FONT_PACKAGES: Record<WebFontId, StaticFont> = {
  inter: { name: '@fontsource/inter', regular: 400, bold: 700 },
  'space-grotesk': { name: '@fontsource/space-grotesk', regular: 400, bold: 700 },
  'source-sans-3': { name: '@fontsource/source-sans-3', regular: 400, bold: 700 },
  fraunces: { name: '@fontsource/fraunces', regular: 400, bold: 700 },
  'instrument-sans': { name: '@fontsource/instrument-sans', regular: 400, bold: 700 },
  'source-serif-4': { name: '@fontsource/source-serif-4', regular: 400, bold: 700 },
  newsreader: { name: '@fontsource/newsreader', regular: 400, bold: 700 },
  figtree: { name: '@fontsource/figtree', regular: 400, bold: 700 },
  'playfair-display': { name: '@fontsource/playfair-display', regular: 400, bold: 700 },
  'jetbrains-mono': { name: '@fontsource/jetbrains-mono', regular: 400, bold: 700 },
  'hanken-grotesk': { name: '@fontsource/hanken-grotesk', regular: 400, bold: 700 },
  outfit: { name: '@fontsource/outfit', regular: 400, bold: 700 },
  'dm-sans': { name: '@fontsource/dm-sans', regular: 400, bold: 700 },
};

/** What a piece of the PDF is set in: a weight, and her web font when her pairing has one for it (else Noto Sans). */
export type TypeStyle = { weight: Weight; font?: WebFontId };

const require = createRequire(import.meta.url);
const chains = new Map<string, FaceFile[]>();
const fonts = new Map<string, fontkit.Font>();

/** `U+0460-052F,U+20B4` → [[0x460, 0x52f], [0x20b4, 0x20b4]]. */
function parseRanges(list: string): [number, number][] {
  return list.split(',').map((part) => {
    const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from, 16);
    return [start, to === undefined ? start : parseInt(to, 16)];
  });
}

/** The files of one weight of one package, from its CSS (`400.css`: every subset's @font-face). */
function filesOf(pkg: string, weight: number): FaceFile[] {
  const css = require.resolve(`${pkg}/${weight}.css`);
  const text = readFileSync(css, 'utf8');
  const files: FaceFile[] = [];
  for (const block of text.split('@font-face').slice(1)) {
    const src = /url\(\.\/(files\/[^)]+?)\.woff2\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (src && range) files.push({ file: path.join(path.dirname(css), `${src}.woff`), ranges: parseRanges(range) });
  }
  return files;
}

/** A web font's files for Latin: the Noto chain after it has every other subset (Cyrillic, Greek, Vietnamese...) in its own face. */
const LATIN_FILE = /-latin(-ext)?-\d+-normal\.woff$/;

/** The Latin files of a web font's static package in one weight. */
export function webFontFiles(font: WebFontId, weight: Weight): FaceFile[] {
  const pkg = STATIC_FONT_PACKAGES[font];
  return filesOf(pkg.name, weight === 'bold' ? pkg.bold : pkg.regular).filter((face) => LATIN_FILE.test(face.file));
}

/** Every file of the chain for a style, in fallback order: her web font's (if any), then Noto's. */
export function chainOf({ weight, font }: TypeStyle): FaceFile[] {
  const key = `${weight}:${font ?? ''}`;
  let chain = chains.get(key);
  if (!chain) {
    const noto = FONT_PACKAGES.flatMap((pkg) => filesOf(pkg.name, weight === 'bold' && pkg.bold ? 700 : 400));
    chain = font ? [...webFontFiles(font, weight), ...noto] : noto;
    chains.set(key, chain);
  }
  return chain;
}

const sfnts = new Map<string, Buffer>();

/**
 * A .woff file as the plain font it wraps (its tables inflated once, with
 * node's zlib). fontkit reads woff, but inflates a table again, in
 * JavaScript, each time it reads from it: seconds for one CJK line.
 */
export function sfntOf(file: string): Buffer {
  let sfnt = sfnts.get(file);
  if (sfnt) return sfnt;
  const woff = readFileSync(file);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compressed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const stored = woff.subarray(offset, offset + compressed);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compressed < length ? inflateSync(stored) : stored };
  });
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's flavour (TrueType or CFF)
  const power = 2 ** Math.floor(Math.log2(count));
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  sfnt = Buffer.concat([header, ...bodies]);
  sfnts.set(file, sfnt);
  return sfnt;
}

function fontOf(file: string): fontkit.Font {
  let font = fonts.get(file);
  if (!font) {
    font = fontkit.create(sfntOf(file));
    fonts.set(file, font);
  }
  return font;
}

/** How far below the top of a line the face puts its baseline, per point of size (pdfkit's own measure: hhea ascent). */
export function ascenderOf(face: FaceFile): number {
  const font = fontOf(face.file);
  return font.ascent / font.unitsPerEm;
}

export function hasGlyph(face: FaceFile, codePoint: number): boolean {
  return face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to) && fontOf(face.file).hasGlyphForCodePoint(codePoint);
}

/** The first face of the chain that draws this character, or undefined when none does. */
export function faceFor(codePoint: number, style: TypeStyle): FaceFile | undefined {
  return chainOf(style).find((face) => hasGlyph(face, codePoint));
}
