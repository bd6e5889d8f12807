import { TYPEFACE_CHOICES } from './typefaces';
import type { Typeface } from './look';

/**
 * The CSS the Look page needs to show every pairing in its own face: each
 * pairing's @font-face rules, and a class per pairing that sets its heading
 * stack (a style attribute would need 'unsafe-inline'). The preview frames
 * need none of it: they wear the look's own style (lookCss).
 */

/**
 * The @font-face rules of these pairings.
 *
 * Where the web fonts plug in: when the pairings come with font files,
 * app/look/typeface-css.ts gives `typefaceFaceCss(id)`, and this returns
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
