import { faceFor, hasGlyph, type FaceFile, type TypeStyle, type Weight } from './faces';

/**
 * A line of the resume as pdfkit must draw it: pieces of text, each in the
 * face that has its glyphs, in the order they stand on the page.
 *
 * pdfkit lays each piece out with fontkit, which shapes Arabic and turns a
 * right-to-left word around; what it does not do is order the words of a
 * right-to-left run, nor the runs of a line. That is done here, enough for
 * a resume's names, places and languages: a run from the first
 * right-to-left letter to the last (with only spaces, digits and
 * punctuation between) is drawn word by word from its end, and a line whose
 * first letter is right-to-left (a wholly Arabic or Hebrew line) has its
 * runs in reverse. Digits and Latin inside stay left-to-right.
 */

export type Piece = { text: string; face: FaceFile; rtl: boolean };

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const LETTER = /\p{L}/u;
/** Not drawn, never a problem: line breaks and tabs, and marks that only steer layout (joiners, direction marks, variation selectors). */
const INVISIBLE = /[\p{Cc}\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/u;
const SPACE = /\s/u;
/** Characters of no script of their own (spaces, digits, punctuation) and combining marks: they stay in the face before them when it has them. */
const FOLLOWS = /[\p{Script=Common}\p{Script=Inherited}]/u;

type Char = { text: string; face: FaceFile; rtl: boolean; strong: boolean };

function charsOf(text: string, style: TypeStyle): Char[] {
  const chars: Char[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const previous = chars.at(-1);
    const invisible = INVISIBLE.test(char) || SPACE.test(char);
    let face: FaceFile | undefined;
    if (previous && (invisible || (FOLLOWS.test(char) && hasGlyph(previous.face, codePoint)))) face = previous.face;
    else face = faceFor(codePoint, style) ?? (invisible ? previous?.face : undefined);
    // A character no face has is left out: the content check has told her before she published (undrawableIn).
    if (!face && invisible) face = faceFor(0x20, style);
    if (!face) continue;
    chars.push({ text: char, face, rtl: RTL.test(char), strong: LETTER.test(char) });
  }
  return chars;
}

/** Consecutive characters in one face (and, inside a right-to-left run, one word) become one piece. */
function piecesOf(chars: Char[], rtl: boolean): Piece[] {
  const pieces: Piece[] = [];
  for (const char of chars) {
    const last = pieces.at(-1);
    const space = SPACE.test(char.text);
    // Words apart in a right-to-left run (drawn from its end) and in shaped text (each word marked with its characters).
    const splitWords = (rtl || needsActualText(char.text)) && (space || (last !== undefined && SPACE.test(last.text)));
    if (last && last.face === char.face && !splitWords) last.text += char.text;
    else pieces.push({ text: char.text, face: char.face, rtl });
  }
  return rtl ? pieces.reverse() : pieces;
}

function splitNeutralEnds(chars: Char[]): { chars: Char[]; rtl: boolean }[] {
  const isNeutral = (char: Char) => !char.strong && !/\p{N}/u.test(char.text);
  let start = 0;
  let end = chars.length;
  while (start < end && isNeutral(chars[start] as Char)) start++;
  while (end > start && isNeutral(chars[end - 1] as Char)) end--;
  return [
    { chars: chars.slice(0, start), rtl: true },
    { chars: chars.slice(start, end), rtl: false },
    { chars: chars.slice(end), rtl: true },
  ].filter((run) => run.chars.length > 0);
}

/** The pieces of `text` in the order they are drawn, left to right. */
export function visualPieces(text: string, style: TypeStyle): Piece[] {
  const chars = charsOf(text, style);
  // Runs: a right-to-left one from a right-to-left letter to the last one before the next left-to-right letter.
  const runs: { chars: Char[]; rtl: boolean }[] = [];
  let index = 0;
  while (index < chars.length) {
    const start = index;
    const char = chars[index] as Char;
    if (char.rtl) {
      let end = index;
      for (let next = index + 1; next < chars.length; next++) {
        const after = chars[next] as Char;
        if (after.strong && !after.rtl) break;
        if (after.rtl) end = next;
      }
      index = end + 1;
      runs.push({ chars: chars.slice(start, index), rtl: true });
    } else {
      while (index < chars.length && !(chars[index] as Char).rtl) index++;
      runs.push({ chars: chars.slice(start, index), rtl: false });
    }
  }
  const firstStrong = chars.find((char) => char.strong);
  if (firstStrong?.rtl) {
    // A right-to-left line: the spaces and punctuation around a left-to-right run belong to the line's direction.
    return runs
      .flatMap((run) => (run.rtl ? [run] : splitNeutralEnds(run.chars)))
      .reverse()
      .flatMap((run) => piecesOf(run.chars, run.rtl));
  }
  return runs.flatMap((run) => piecesOf(run.chars, run.rtl));
}

/** Scripts whose shaping makes glyphs that do not give back their characters (Arabic's letters can share one; Devanagari's conjuncts). */
const SHAPED = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Devanagari}]/u;
export const needsActualText = (text: string) => SHAPED.test(text);

/**
 * The characters of `text` that no face of the PDF can draw, each once, in
 * order. Noto's faces alone: her web fonts draw only Latin, which Noto has too.
 */
export function undrawableIn(text: string, weight: Weight = 'regular'): string[] {
  const missing = new Set<string>();
  for (const char of text) {
    if (INVISIBLE.test(char) || SPACE.test(char)) continue;
    if (!faceFor(char.codePointAt(0) ?? 0, { weight })) missing.add(char);
  }
  return [...missing];
}
