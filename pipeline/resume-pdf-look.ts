import { fileColours } from '../app/look/file-colours';
import type { Look } from '../app/look/look';
import { typefaceChoice } from '../app/look/typefaces';
import type { TypeStyle } from './pdf-fonts/draw';

/**
 * What the resume PDF takes from her look: her colours on white
 * (app/look/file-colours.ts, the accent's readable-on-white shade for the
 * headings, headline and bullets) and her typefaces. The original look gives
 * the PDF's first ones: the same colours, Noto Sans throughout.
 */

export function pdfColours(look: Look | undefined) {
  const colours = fileColours(look);
  return { ink: colours.ink, body: colours.body, muted: colours.subtle, rule: colours.rule, accent: colours.accentText };
}

/**
 * Her pairing's faces: the heading face for what heads the page and its
 * parts (her name, the section titles, the role titles), the text face for
 * the rest, bold where the PDF was always bold. `system` names no web font,
 * so every style is Noto Sans as before.
 */
export function pdfStyles(look: Look | undefined): { heading: TypeStyle; bold: TypeStyle; regular: TypeStyle } {
  const fonts = typefaceChoice(look?.typeface ?? 'system').fonts;
  return {
    heading: { weight: 'bold', font: fonts?.heading },
    bold: { weight: 'bold', font: fonts?.text },
    regular: { weight: 'regular', font: fonts?.text },
  };
}
