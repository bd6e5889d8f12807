import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

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

const require = createRequire(import.meta.url);
const chains = new Map<Weight, FaceFile[]>();
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

/** Every file of the chain for a weight, in fallback order. */
export function chainOf(weight: Weight): FaceFile[] {
  let chain = chains.get(weight);
  if (!chain) {
    chain = FONT_PACKAGES.flatMap((pkg) => filesOf(pkg.name, weight === 'bold' && pkg.bold ? 700 : 400));
    chains.set(weight, chain);
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
export function faceFor(codePoint: number, weight: Weight): FaceFile | undefined {
  return chainOf(weight).find((face) => hasGlyph(face, codePoint));
}
