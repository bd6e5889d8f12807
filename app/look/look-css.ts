import { isDefaultStyle, type Look, type Shape } from './look';
import { derivePalette, SEMANTIC_TOKENS, type Palette, type SchemeTokens } from './palette';
import { SCALE_STEPS } from './reference';
import { typefaceCss } from './typeface-css';

/**
 * The CSS a look adds to every page (root.tsx puts it in an inline <style>,
 * allowed by its hash: docs/decisions/look-inline-style.md): the scales and
 * semantic tokens of app/styles/tokens.css with her colours, the radii of
 * her shape, a forced scheme, and her typefaces' faces and families
 * (typeface-css.ts). Later in the document than the site's
 * stylesheet and outside any layer, it wins over tokens.css wherever both
 * set a token. A look that changes nothing gives '' and the page is the
 * site's original, byte for byte.
 */

/** Tailwind's radius tokens; `soft` is Tailwind's own sizes, which the site has always had. */
const RADII: Record<Exclude<Shape, 'soft'>, Record<string, string>> = {
  square: { xs: '0', sm: '0', md: '0', lg: '0', xl: '0', '2xl': '0', '3xl': '0', '4xl': '0' },
  round: { xs: '0.25rem', sm: '0.5rem', md: '0.75rem', lg: '1rem', xl: '1.25rem', '2xl': '1.75rem', '3xl': '2.25rem', '4xl': '3rem' },
};

/**
 * Square corners square the pills too (buttons, tags, the hero's badge:
 * Tailwind's rounded-full, which no radius token reaches), but not what is
 * round by nature: a dot or a photo has no content (:empty), a pill has words.
 */
const SQUARE_PILLS = '.rounded-full:not(:empty){border-radius:0}';

const declarations = (entries: [string, string][]) => entries.map(([name, value]) => `--${name}:${value}`).join(';');
const semantic = (tokens: SchemeTokens) => declarations(SEMANTIC_TOKENS.map((token) => [token, tokens[token]]));

/** The last palettes derived: one site has one look, and a publish brings the next (bounded, so a preview's tries cannot grow it). */
const recent = new Map<string, Palette>();

function paletteOf(look: Look): Palette {
  const key = `${look.accent}|${look.neutral}`;
  let palette = recent.get(key);
  if (!palette) {
    palette = derivePalette(look);
    if (recent.size >= 16) recent.delete(recent.keys().next().value!);
    recent.set(key, palette);
  }
  return palette;
}

export function lookCss(look: Look): string {
  if (isDefaultStyle(look)) return '';
  const palette = paletteOf(look);
  const scales = declarations([
    ...SCALE_STEPS.map((step): [string, string] => [`color-accent-${step}`, palette.accentScale[step]]),
    ...SCALE_STEPS.map((step): [string, string] => [`color-zinc-${step}`, palette.neutralScale[step]]),
  ]);
  const radii =
    look.shape === 'soft' ? '' : `;${declarations(Object.entries(RADII[look.shape]).map(([size, value]) => [`radius-${size}`, value]))}`;
  const typefaces = typefaceCss(look.typeface) + (look.shape === 'square' ? SQUARE_PILLS : '');
  if (look.scheme === 'system') {
    return `:root{${scales}${radii};${semantic(palette.light)}}@media (prefers-color-scheme:dark){:root{${semantic(palette.dark)}}}${typefaces}`;
  }
  return `:root{color-scheme:${look.scheme};${scales}${radii};${semantic(palette[look.scheme])}}${typefaces}`;
}
