import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';

/**
 * The text of a pdfkit PDF, without a native tool: each content stream
 * inflated, the strings its Tj/TJ operators show decoded through their
 * font's ToUnicode map (the embedded fonts write glyph ids), a marked
 * ActualText taken instead of the glyphs it covers, and the pieces of one
 * line (one baseline) joined. Good for finding words; for a faithful
 * reading, right-to-left text in its own order, use `pdftotext` below.
 */

/** WinAnsi bytes that differ from Latin-1: a font with no ToUnicode map (pdfkit's built-in ones) writes those. */
const WIN_ANSI: Record<number, string> = { 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0xa0: ' ' };

type Objects = Map<string, { dict: string; stream?: Buffer }>;

function objectsOf(pdf: Buffer): Objects {
  const source = pdf.toString('latin1');
  const objects: Objects = new Map();
  for (const match of source.matchAll(/(\d+) 0 obj\s*(<<[^]*?>>)?\s*(stream\r?\n)?/g)) {
    const [whole, id = '', dict = ''] = match;
    let stream: Buffer | undefined;
    if (match[3]) {
      const start = match.index + whole.length;
      const raw = pdf.subarray(start, source.indexOf('endstream', start));
      try {
        stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
      } catch {
        stream = undefined; // not a stream that inflates (an image)
      }
    }
    objects.set(id, { dict, stream });
  }
  return objects;
}

const hexText = (hex: string) => {
  const digits = hex.replace(/\s+/g, '');
  let out = '';
  for (let i = 0; i + 3 < digits.length; i += 4) out += String.fromCharCode(parseInt(digits.slice(i, i + 4), 16));
  return out;
};

/** A ToUnicode CMap's bfrange and bfchar entries: code → text. */
function parseCmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, body = ''] of text.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    for (const [, from = '', to = '', list, start] of body.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(?:\[([^\]]*)\]|<([0-9a-f ]+)>)/gi)) {
      const first = parseInt(from, 16);
      const last = parseInt(to, 16);
      if (list !== undefined) [...list.matchAll(/<([0-9a-f ]*)>/gi)].forEach(([, hex = ''], i) => map.set(first + i, hexText(hex)));
      else for (let code = first; code <= last; code++) map.set(code, String.fromCharCode(parseInt(start ?? '0', 16) + code - first));
    }
  }
  for (const [, body = ''] of text.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const [, code = '', hex = ''] of body.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f ]+)>/gi)) map.set(parseInt(code, 16), hexText(hex));
  }
  return map;
}

/** Font resource name (`F3`) → its ToUnicode map, or null for a font without one. */
function fontMaps(objects: Objects): Map<string, Map<number, string> | null> {
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values()) {
    const list = /\/Font\s*<<([^>]*)>>/.exec(dict)?.[1];
    for (const [, name = '', ref = ''] of list?.matchAll(/\/(\w+)\s+(\d+) 0 R/g) ?? []) {
      const unicodeRef = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref)?.dict ?? '')?.[1];
      const cmap = unicodeRef ? objects.get(unicodeRef)?.stream?.toString('latin1') : undefined;
      fonts.set(name, cmap ? parseCmap(cmap) : null);
    }
  }
  return fonts;
}

function decode(hex: string, cmap: Map<number, string> | null | undefined): string {
  let out = '';
  if (!cmap) {
    for (let i = 0; i + 1 < hex.length; i += 2) {
      const code = parseInt(hex.slice(i, i + 2), 16);
      out += WIN_ANSI[code] ?? String.fromCharCode(code);
    }
    return out;
  }
  for (let i = 0; i + 3 < hex.length; i += 4) out += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
  return out;
}

export function pdfPageText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const fonts = fontMaps(objects);
  const lines: string[] = [];
  let lastY: string | undefined;
  for (const { stream } of objects.values()) {
    const body = stream?.toString('latin1');
    if (!body || !/\bBT\b/.test(body)) continue;
    let font: Map<number, string> | null | undefined;
    let actual: string | undefined;
    const tokens = body.matchAll(
      /\/(\w+)\s+[\d.]+\s+Tf|\/ActualText\s*<([0-9a-fA-F]*)>|\bEMC\b|[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) Tm|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    );
    for (const [token, fontName, actualHex, y, array, single] of tokens) {
      if (fontName !== undefined) font = fonts.get(fontName);
      else if (actualHex !== undefined) {
        actual = Buffer.from(actualHex.replace(/^feff/i, ''), 'hex').swap16().toString('utf16le');
        if (lastY !== undefined) lines[lines.length - 1] += actual;
        else lines.push(actual);
      } else if (token === 'EMC') actual = undefined;
      else if (y !== undefined) {
        if (y !== lastY) lines.push('');
        lastY = y;
      } else if (actual === undefined) {
        const shown =
          array !== undefined
            ? [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex = '']) => decode(hex, font)).join('')
            : decode(single ?? '', font);
        if (lines.length === 0) lines.push('');
        lines[lines.length - 1] += shown;
      }
    }
  }
  return lines.filter((line) => line.trim()).join('\n');
}

/** The text poppler's pdftotext reads from a PDF (installed by .ci/run), bidi marks left out. */
export function pdftotext(file: string, mode: 'layout' | 'reading' = 'reading'): string {
  const args = mode === 'layout' ? ['-layout', file, '-'] : [file, '-'];
  return execFileSync('pdftotext', ['-enc', 'UTF-8', ...args], { encoding: 'utf8' }).replace(
    /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    '',
  );
}
