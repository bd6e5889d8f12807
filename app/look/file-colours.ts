import { isDefaultStyle, type Look } from './look';
import { contrast, derivePalette } from './palette';
import { REFERENCE_ACCENT, REFERENCE_NEUTRAL, WHITE } from './reference';

/**
 * The colours of what the site draws as files from her look: the sharing
 * cards, the favicons and the resume PDF. Each is read on white (a PDF is
 * printed, a card sits in a white preview, a tab strip may be either), so
 * each comes from the light scheme of her palette, with the same AA
 * adjustment as her pages. The original look gives exactly the colours
 * these files always had.
 */
export type FileColours = {
  /** Buttons, the card's bars and monogram, the favicon's tile: her accent, readable on white. */
  accent: string;
  /** Text on `accent`. */
  onAccent: string;
  /** Accent text at small sizes (the PDF's headings): one step deeper, kept readable. */
  accentText: string;
  /** The card's soft panel and glow. */
  accentSoft: string;
  ink: string;
  body: string;
  muted: string;
  /** Secondary text at small sizes (the PDF's dates). */
  subtle: string;
  /** A thin rule on white (the PDF's). */
  rule: string;
  /** A hairline that must show at card size (the card's divider). */
  line: string;
};

const AA = 4.5;

function coloursOf(
  accentScale: Record<string, string>,
  neutralScale: Record<string, string>,
  accent: string,
  onAccent: string,
): FileColours {
  const deeper = accentScale['700']!;
  return {
    accent,
    onAccent,
    accentText: contrast(deeper, WHITE) >= AA ? deeper : accent,
    accentSoft: accentScale['50']!,
    ink: neutralScale['900']!,
    body: neutralScale['700']!,
    muted: neutralScale['600']!,
    subtle: neutralScale['500']!,
    rule: neutralScale['200']!,
    line: neutralScale['300']!,
  };
}

const ORIGINAL = coloursOf(REFERENCE_ACCENT, REFERENCE_NEUTRAL, REFERENCE_ACCENT['600'], WHITE);

export function fileColours(look: Look | undefined): FileColours {
  if (!look || isDefaultStyle({ ...look, shape: 'soft', scheme: 'system', typeface: 'system' })) return ORIGINAL;
  const palette = derivePalette(look);
  return coloursOf(palette.accentScale, palette.neutralScale, palette.light.accent, palette.light['accent-fg']);
}
