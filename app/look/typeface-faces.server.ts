import { typefaceChoice, TYPEFACE_CHOICES } from './typefaces';
import type { Typeface } from './look';

/**
 * The CSS the Look page and its preview need to show pairings in their own
 * faces: each pairing's @font-face rules, and a class per pairing that sets
 * its heading stack (the Look page's labels; a style attribute would need
 * 'unsafe-inline').
 */

/**
 * The @font-face rules of these pairings.
 *
 * Where the web fonts plug in: when the pairings come with font files,
 * typefaces gives `typefaceFaceCss(id)`, and this returns
 * `ids.map((id) => typefaceFaceCss(id)).join('')`. Until then every pairing
 * is the platform's own faces, with no font file and no rule.
 */
export function typefaceFacesCss(ids: readonly Typeface[]): string {
  void ids;
  return '';
}

const cssString = (text: string) => text.replace(/[<>{}\\]/g, '');

/** `.typeface-sample-<id>` in the pairing's heading face, for every pairing, after their @font-face rules. */
export function typefaceSamplesCss(): string {
  const classes = TYPEFACE_CHOICES.map((choice) => `.typeface-sample-${choice.id}{font-family:${cssString(choice.heading)}}`).join('');
  return typefaceFacesCss(TYPEFACE_CHOICES.map((choice) => choice.id)) + classes;
}

/** What the preview of one pairing adds to her look's style: its faces, and its heading stack on the headings. */
export function typefacePreviewCss(id: Typeface): string {
  const choice = typefaceChoice(id);
  return `${typefaceFacesCss([id])}h1,h2,h3{font-family:${cssString(choice.heading)}}body{font-family:${cssString(choice.text)}}`;
}
