import type { Typeface } from './look';

/**
 * The typeface pairings she chooses from, by the name she reads on the Look
 * page. `system` is the platform's own faces (no font file), the site's
 * original. Each other pairing names the web fonts of its headings and its
 * text; their files, metric-matched fallbacks and preloads come from the
 * same entry (app/look/typeface-css.ts), so the Look page and the pages agree.
 * No node imports: the browser may use it.
 */

/** What a web font's fallback is matched to: a local face every desktop has (or its metric twin). */
export type FontKind = 'sans' | 'serif' | 'mono';

/** A variable web font from its Fontsource package; `family` is the package's own font-family name. */
export type WebFont = { family: string; package: string; kind: FontKind };

/**
 * The web fonts the pairings use: open-licence (SIL OFL) variable fonts,
 * self-hosted from their @fontsource-variable packages. Picked so that any
 * pairing's heading and text files for Latin add up to at most 80 KB.
 */
export const WEB_FONTS = {
  inter: { family: 'Inter Variable', package: '@fontsource-variable/inter', kind: 'sans' },
  'space-grotesk': { family: 'Space Grotesk Variable', package: '@fontsource-variable/space-grotesk', kind: 'sans' },
  'source-sans-3': { family: 'Source Sans 3 Variable', package: '@fontsource-variable/source-sans-3', kind: 'sans' },
  fraunces: { family: 'Fraunces Variable', package: '@fontsource-variable/fraunces', kind: 'serif' },
  'instrument-sans': { family: 'Instrument Sans Variable', package: '@fontsource-variable/instrument-sans', kind: 'sans' },
  'source-serif-4': { family: 'Source Serif 4 Variable', package: '@fontsource-variable/source-serif-4', kind: 'serif' },
  newsreader: { family: 'Newsreader Variable', package: '@fontsource-variable/newsreader', kind: 'serif' },
  figtree: { family: 'Figtree Variable', package: '@fontsource-variable/figtree', kind: 'sans' },
  'playfair-display': { family: 'Playfair Display Variable', package: '@fontsource-variable/playfair-display', kind: 'serif' },
  'jetbrains-mono': { family: 'JetBrains Mono Variable', package: '@fontsource-variable/jetbrains-mono', kind: 'mono' },
  'hanken-grotesk': { family: 'Hanken Grotesk Variable', package: '@fontsource-variable/hanken-grotesk', kind: 'sans' },
  outfit: { family: 'Outfit Variable', package: '@fontsource-variable/outfit', kind: 'sans' },
  'dm-sans': { family: 'DM Sans Variable', package: '@fontsource-variable/dm-sans', kind: 'sans' },
} as const satisfies Record<string, WebFont>;

export type WebFontId = keyof typeof WEB_FONTS;

export type TypefaceChoice = {
  id: Typeface;
  /** What the Look page calls it, e.g. "Editorial serif". */
  name: string;
  /** One line on the feel of it, in her words. */
  description: string;
  /** The CSS font-family stacks, fallbacks included. */
  heading: string;
  text: string;
  /** The web fonts of headings and text; none for the system faces. */
  fonts?: { heading: WebFontId; text: WebFontId };
};

/**
 * The site's own stack (app/styles/tokens.css, --font-sans): the platform's
 * UI face, then the faces systems have for other scripts. Every web font's
 * stack ends with it, so a name in Arabic or Chinese still finds its letters.
 */
export const SYSTEM_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI Variable Text', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', system-ui, 'Noto Sans', 'Noto Sans Arabic', 'Geeza Pro', 'Noto Sans Hebrew', 'Noto Sans Devanagari', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', 'Hiragino Sans', 'Yu Gothic', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif";

/** The family of a web font's metric-matched fallback (app/look/typeface-css.ts declares it). */
export const fallbackFamily = (font: WebFontId) => `${WEB_FONTS[font].family} Fallback`;

/** A web font, its fallback, then the site's own stack. */
export const webFontStack = (font: WebFontId) => `'${WEB_FONTS[font].family}', '${fallbackFamily(font)}', ${SYSTEM_STACK}`;

function pairing(id: Typeface, name: string, description: string, heading: WebFontId, text: WebFontId): TypefaceChoice {
  return { id, name, description, heading: webFontStack(heading), text: webFontStack(text), fonts: { heading, text } };
}

export const TYPEFACE_CHOICES: readonly TypefaceChoice[] = [
  {
    id: 'system',
    name: 'System',
    description: 'The faces of each visitor’s own device: nothing to load.',
    heading: SYSTEM_STACK,
    text: SYSTEM_STACK,
  },
  pairing('neo-grotesk', 'Neo-grotesk', 'Inter throughout: neutral, precise, made for screens.', 'inter', 'inter'),
  pairing('grotesk', 'Quirky grotesk', 'Space Grotesk headings with a character of their own, over Inter.', 'space-grotesk', 'inter'),
  pairing(
    'humanist',
    'Humanist sans',
    'Source Sans 3 throughout: open, warm and easy to read at length.',
    'source-sans-3',
    'source-sans-3',
  ),
  pairing(
    'editorial-serif',
    'Editorial serif',
    'Soft, expressive Fraunces headings over crisp Instrument Sans.',
    'fraunces',
    'instrument-sans',
  ),
  pairing(
    'book-serif',
    'Book serif',
    'Source Serif 4 headings over Source Sans 3: a classic, calm family pair.',
    'source-serif-4',
    'source-sans-3',
  ),
  pairing('news-serif', 'Newspaper serif', 'Newsreader headings, like a magazine’s, over friendly Figtree.', 'newsreader', 'figtree'),
  pairing(
    'classic-serif',
    'High-contrast serif',
    'Elegant Playfair Display headings over Source Sans 3.',
    'playfair-display',
    'source-sans-3',
  ),
  pairing(
    'mono-accent',
    'Mono accent',
    'JetBrains Mono headings, a maker’s touch, over Hanken Grotesk.',
    'jetbrains-mono',
    'hanken-grotesk',
  ),
  pairing('geometric', 'Geometric', 'Round, geometric Outfit headings over DM Sans.', 'outfit', 'dm-sans'),
];

export function typefaceChoice(id: Typeface): TypefaceChoice {
  return TYPEFACE_CHOICES.find((choice) => choice.id === id) ?? TYPEFACE_CHOICES[0]!;
}
