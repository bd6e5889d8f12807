/**
 * The one way a title, a heading or a file name becomes part of an address
 * (a case study's slug, a section's anchor, an uploaded file's name):
 * lowercase a–z, digits and single hyphens, accents folded (é → e, ß → ss),
 * `&` read as "and". "Café" is "cafe" everywhere; a script with no Latin
 * letters gives '' (the caller picks its own fallback).
 */

// Letters NFKD does not take apart into a base letter and a mark.
const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', '&': ' and ' };

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøđðþłı&]/g, (letter) => FOLD[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
