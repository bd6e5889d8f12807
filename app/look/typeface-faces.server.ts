import { TYPEFACE_CHOICES } from './typefaces';
import { typefaceFaceCss } from './typeface-css';
import type { Typeface } from './look';

/**
 * The CSS the Look page needs to show every pairing in its own face: each
 * pairing's @font-face rules, and a class per pairing that sets its heading
 * stack (a style attribute would need 'unsafe-inline'). The preview frames
 * need none of it: they wear the look's own style (lookCss).
 */

/**
 * The @font-face rules of these pairings (none for the system faces). With
 * `swap`, each label is drawn in its face as soon as its file arrives; the
 * browser fetches only the faces a label on the page uses (about 35 KB
 * each, on the owner's page only).
 */
export function typefaceFacesCss(ids: readonly Typeface[]): string {
  return ids.map((id) => typefaceFaceCss(id)).join('');
}

const cssString = (text: string) => text.replace(/[<>{}\\]/g, '');

/** `.typeface-sample-<id>` in the pairing's heading face, for every pairing, after their @font-face rules. */
export function typefaceSamplesCss(): string {
  const classes = TYPEFACE_CHOICES.map((choice) => `.typeface-sample-${choice.id}{font-family:${cssString(choice.heading)}}`).join('');
  return typefaceFacesCss(TYPEFACE_CHOICES.map((choice) => choice.id)) + classes;
}
