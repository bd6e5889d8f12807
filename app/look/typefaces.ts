import type { Typeface } from './look';

/**
 * The typeface pairings she chooses from, by the name she reads on the Look
 * page. `system` is the platform's own faces (no font file), the site's
 * original. Each other pairing names the families its heading and text use;
 * the font files, their metric-matched fallbacks and preloads come from the
 * same entry, so the Look page, the pages and the PDF agree.
 */
export type TypefaceChoice = {
  id: Typeface;
  /** What the Look page calls it, e.g. "Editorial serif". */
  name: string;
  /** One line on the feel of it, in her words. */
  description: string;
  /** The CSS font-family stacks, fallbacks included. */
  heading: string;
  text: string;
};

export const SYSTEM_STACK =
  'ui-sans-serif, system-ui, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"';

export const TYPEFACE_CHOICES: readonly TypefaceChoice[] = [
  {
    id: 'system',
    name: 'System',
    description: 'The faces of each visitor’s own device: nothing to load.',
    heading: SYSTEM_STACK,
    text: SYSTEM_STACK,
  },
];

export function typefaceChoice(id: Typeface): TypefaceChoice {
  return TYPEFACE_CHOICES.find((choice) => choice.id === id) ?? TYPEFACE_CHOICES[0]!;
}
