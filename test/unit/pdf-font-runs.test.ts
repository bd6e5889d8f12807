import { describe, expect, it } from 'vitest';
import { undrawableIn, visualPieces } from '../../pipeline/pdf-fonts/runs';

/** The pieces of a line as the PDF draws them, left to right: text and the font file's name. */
const drawn = (text: string) =>
  visualPieces(text, { weight: 'regular' }).map((piece) => [piece.text, piece.face.file.replace(/^.*\/files\/|-400-normal\.woff$/g, '')]);

describe('the PDF’s runs of text', () => {
  it('draws a Latin line with Arabic in it left to right, the Arabic in its own face', () => {
    expect(drawn('Arabic (العربية)')).toEqual([
      ['Arabic (', 'noto-sans-latin'],
      ['العربية', 'noto-sans-arabic-arabic'],
      [')', 'noto-sans-latin'],
    ]);
  });

  it('draws a wholly right-to-left line from its last word, and a Latin run in it from the line’s left', () => {
    expect(drawn('نور حداد').map(([text]) => text)).toEqual(['حداد', ' ', 'نور']);
    expect(drawn('סטודיו גליל').map(([text]) => text)).toEqual(['גליל', ' ', 'סטודיו']);
    expect(
      drawn('شركة الأرز · Beirut')
        .map(([text]) => text)
        .join('|'),
    ).toBe('Beirut| |·| |الأرز| |شركة');
  });

  it('finds a face for Greek, Cyrillic, Devanagari, Chinese, Japanese and Korean, and none for an emoji', () => {
    expect(undrawableIn('Ελληνικά Русский हिन्दी 中文 日本語 かな 한국어 → ✓')).toEqual([]);
    expect(undrawableIn('Launch 🚀 and 😀')).toEqual(['🚀', '😀']);
  });
});
