/**
 * The designer's look: the few choices her site's colours and shape come
 * from (the `look` of content/site.yml). Each list is the one place its
 * choices are named: the content schema, the derivation and, later, the
 * Look page read them from here. No node imports: the browser may use it.
 */

/** The greys: `cool` is the site's original zinc, the others tint it. */
export const NEUTRALS = ['cool', 'neutral', 'warm', 'sand'] as const;
/** Corner radii: `soft` is the site's original. */
export const SHAPES = ['square', 'soft', 'round'] as const;
/** `system` follows the visitor's device; `light` and `dark` force one on every page. */
export const SCHEMES = ['system', 'light', 'dark'] as const;
/**
 * The typeface pairings, by id (app/look/typefaces.ts names them and says
 * which fonts each uses): `system` is the platform's own faces, no font file,
 * the site's original. Ids are written into her site.yml: never rename one.
 */
export const TYPEFACES = [
  'system',
  'neo-grotesk',
  'grotesk',
  'humanist',
  'editorial-serif',
  'book-serif',
  'news-serif',
  'classic-serif',
  'mono-accent',
  'geometric',
] as const;

/**
 * How her case studies are laid out on the home page: `cards` is the site's
 * original grid; `featured` shows the first one large, then the rest as
 * cards; `list` is a plain list, one line each, with years.
 */
export const WORK_LAYOUTS = ['cards', 'featured', 'list'] as const;

export type Neutral = (typeof NEUTRALS)[number];
export type Shape = (typeof SHAPES)[number];
export type Scheme = (typeof SCHEMES)[number];
export type Typeface = (typeof TYPEFACES)[number];
export type WorkLayout = (typeof WORK_LAYOUTS)[number];

export type Look = {
  accent: string;
  neutral: Neutral;
  shape: Shape;
  scheme: Scheme;
  typeface: Typeface;
  workLayout: WorkLayout;
  /** Her portrait in the hero on phones too (it is always there from 1024 px). */
  portraitOnPhones: boolean;
};

/** The site's original indigo (Tailwind's indigo-600). */
export const DEFAULT_ACCENT = '#4f46e5';

/** What a site without a look gets: exactly the site as it was before looks existed. */
export const DEFAULT_LOOK: Look = {
  accent: DEFAULT_ACCENT,
  neutral: 'cool',
  shape: 'soft',
  scheme: 'system',
  typeface: 'system',
  workLayout: 'cards',
  portraitOnPhones: false,
};

/** `#abc` or `#aabbcc`, any case. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#aabbcc`, lower case: how an accent is compared and written into CSS. */
export function normaliseHex(hex: string): string {
  const digits = hex.trim().slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

/** A look whose colours, corners and typefaces are the original: the page gets no look stylesheet at all. */
export function isDefaultStyle(look: Look): boolean {
  return (
    normaliseHex(look.accent) === DEFAULT_ACCENT &&
    look.neutral === DEFAULT_LOOK.neutral &&
    look.shape === DEFAULT_LOOK.shape &&
    look.scheme === DEFAULT_LOOK.scheme &&
    look.typeface === DEFAULT_LOOK.typeface
  );
}

/** A look that changes nothing: the original style, and the home page laid out as it always was. */
export function isDefaultLook(look: Look): boolean {
  return isDefaultStyle(look) && look.workLayout === DEFAULT_LOOK.workLayout && look.portraitOnPhones === DEFAULT_LOOK.portraitOnPhones;
}

/**
 * The home page's choices of a site's look. Content compiled before they
 * existed (a live version published earlier) has none, or no look at all:
 * the page is laid out as it always was.
 */
export function layoutOf(look: Partial<Look> | undefined): Pick<Look, 'workLayout' | 'portraitOnPhones'> {
  return {
    workLayout: look?.workLayout ?? DEFAULT_LOOK.workLayout,
    portraitOnPhones: look?.portraitOnPhones ?? DEFAULT_LOOK.portraitOnPhones,
  };
}
