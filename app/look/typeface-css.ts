import { WEB_FONT_FACES } from './font-faces.generated';
import type { Typeface } from './look';
import { fallbackFamily, typefaceChoice, WEB_FONTS, type WebFontId } from './typefaces';

/**
 * The CSS of her typeface pairing, for the look's inline style (look-css.ts)
 * and for the Look page, which shows each pairing in its own faces. The
 * web fonts are our own files (served from /build/_assets, a year, immutable;
 * the CSP's font-src 'self'), Latin and Latin Extended only, each subset a
 * file of its own that the browser fetches only for the letters it covers.
 * Every web font has a fallback on a local face, scaled and with the web
 * font's own vertical metrics (computed from the files by
 * scripts/font-faces.ts), so text drawn before the font arrives looks and
 * takes about the same room.
 *
 * On her pages the faces are `font-display: optional`: the font files are
 * preloaded, and a font that is not there by the first paint (about 100 ms)
 * is not swapped in later on that page, but used from the cache on the
 * next. A swap, however well matched, moves right-aligned and centred
 * words by the few pixels two faces' words differ (8 px for the header's
 * links in one pairing): optional keeps every page still. The Look page,
 * which shows each pairing to choose from, wants the face itself: `swap`.
 */

export type FontDisplay = 'swap' | 'optional';

/** One woff2 file of a web font, as its Fontsource package declares it. */
export type WebFontFile = {
  /** The file in node_modules, e.g. `@fontsource-variable/inter/files/inter-latin-wght-normal.woff2`. */
  file: string;
  /** Where the site serves it (the build's hashed copy). */
  url: string;
  subset: 'latin' | 'latin-ext';
  style: 'normal' | 'italic';
  /** The variable font's weight range, e.g. `100 900`. */
  weight: string;
  unicodeRange: string;
  bytes: number;
};

/** A metric-matched fallback on a local face, for a range of weights; the overrides in percent. */
export type FallbackFace = {
  weight: string;
  local: string[];
  sizeAdjust: number;
  ascentOverride: number;
  descentOverride: number;
  lineGapOverride: number;
};

export type WebFontFaces = { files: WebFontFile[]; fallbacks: FallbackFace[] };

/** The web fonts of a pairing, heading first, each once. */
function pairingFonts(id: Typeface): { font: WebFontId; heading: boolean; text: boolean }[] {
  const fonts = typefaceChoice(id).fonts;
  if (!fonts) return [];
  if (fonts.heading === fonts.text) return [{ font: fonts.text, heading: true, text: true }];
  return [
    { font: fonts.heading, heading: true, text: false },
    { font: fonts.text, heading: false, text: true },
  ];
}

/** The files a pairing declares: both subsets of each face; italics only for the text (headings are never italic). */
function pairingFiles(id: Typeface): { font: WebFontId; file: WebFontFile }[] {
  return pairingFonts(id).flatMap(({ font, text }) =>
    WEB_FONT_FACES[font].files.filter((file) => file.style === 'normal' || text).map((file) => ({ font, file })),
  );
}

const fontFaceRule = (font: WebFontId, { url, style, weight, unicodeRange }: WebFontFile, display: FontDisplay) =>
  `@font-face{font-family:'${WEB_FONTS[font].family}';font-style:${style};font-display:${display};font-weight:${weight};src:url(${url}) format('woff2-variations');unicode-range:${unicodeRange}}`;

const fallbackRule = (font: WebFontId, face: FallbackFace) =>
  `@font-face{font-family:'${fallbackFamily(font)}';src:${face.local.map((name) => `local('${name}')`).join(',')};font-weight:${face.weight};` +
  `size-adjust:${face.sizeAdjust}%;ascent-override:${face.ascentOverride}%;descent-override:${face.descentOverride}%;line-gap-override:${face.lineGapOverride}%}`;

/** The @font-face rules of a pairing (its web fonts and their fallbacks); '' for the system faces. */
export function typefaceFaceCss(id: Typeface, display: FontDisplay = 'swap'): string {
  const faces = pairingFiles(id).map(({ font, file }) => fontFaceRule(font, file, display));
  const fallbacks = pairingFonts(id).flatMap(({ font }) => WEB_FONT_FACES[font].fallbacks.map((face) => fallbackRule(font, face)));
  return [...faces, ...fallbacks].join('');
}

/**
 * All a page needs of a pairing: its faces, the text's family as the
 * site's --font-sans (what body and every font-sans use) and the headings'.
 * '' for the system faces: the page is the site's original.
 */
export function typefaceCss(id: Typeface): string {
  const choice = typefaceChoice(id);
  if (!choice.fonts) return '';
  const headings = choice.heading === choice.text ? '' : `h1,h2,h3,h4,h5,h6{font-family:${choice.heading}}`;
  return `${typefaceFaceCss(id, 'optional')}:root{--font-sans:${choice.text}}${headings}`;
}

/**
 * The files the first view of a page draws with, fetched before the
 * stylesheet has even been read: the Latin (basic and accented letters)
 * upright face of the headings and of the text. Latin Extended and the
 * italics come only if the page has letters or emphasis that need them.
 */
export function typefacePreloads(id: Typeface): WebFontFile[] {
  return pairingFiles(id)
    .filter(({ file }) => file.subset === 'latin' && file.style === 'normal')
    .map(({ file }) => file);
}
