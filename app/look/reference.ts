/**
 * The site's original palette, as app/styles/tokens.css defines it: the
 * indigo accent scale, the zinc greys and the two dark-mode colours that are
 * not on a scale. The derivation (palette.ts) takes its lightness and chroma
 * curves from here, so a look with the original choices gives these colours
 * back; test/unit/look-palette.test.ts reads tokens.css to keep the two equal.
 */

export const SCALE_STEPS = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
export type ScaleStep = (typeof SCALE_STEPS)[number];
export type Scale = Record<ScaleStep, string>;

export const REFERENCE_ACCENT: Scale = {
  '50': '#eef2ff',
  '100': '#e0e7ff',
  '200': '#c7d2fe',
  '300': '#a5b4fc',
  '400': '#818cf8',
  '500': '#6366f1',
  '600': '#4f46e5',
  '700': '#4338ca',
  '800': '#3730a3',
  '900': '#312e81',
  '950': '#1e1b4b',
};

export const REFERENCE_NEUTRAL: Scale = {
  '50': '#fafafa',
  '100': '#f4f4f5',
  '200': '#e4e4e7',
  '300': '#d4d4d8',
  '400': '#a1a1aa',
  '500': '#71717a',
  '600': '#52525b',
  '700': '#3f3f46',
  '800': '#27272a',
  '900': '#18181b',
  '950': '#09090b',
};

/** Dark mode's subtle background, between the 950 and 900 greys. */
export const REFERENCE_DARK_BG_SUBTLE = '#111113';
/** Dark mode's soft accent background (a deep indigo). */
export const REFERENCE_DARK_ACCENT_SOFT = '#1f1d45';
/** Light mode's page background. */
export const WHITE = '#ffffff';
