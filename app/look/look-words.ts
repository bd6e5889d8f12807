import { converter, modeOklch, modeRgb, useMode as registerMode } from 'culori/fn';
import type { Neutral, Scheme, Shape, WorkLayout } from './look';
import type { AccentAdjustment } from './palette';

/**
 * The Look page's words: what each choice is called, and the sentence that
 * tells her when her exact accent could not be used (palette.ts's
 * `adjustments`), naming her colour as she would ("Your yellow…"). Pure, so
 * the page says the same thing on the server and live in the browser.
 */

registerMode(modeRgb);
registerMode(modeOklch);
const toOklch = converter('oklch');

export const NEUTRAL_LABELS: Record<Neutral, string> = { cool: 'Cool', neutral: 'Neutral', warm: 'Warm', sand: 'Sand' };
export const SHAPE_LABELS: Record<Shape, string> = { square: 'Square', soft: 'Soft', round: 'Round' };
export const SCHEME_LABELS: Record<Scheme, string> = {
  system: 'Follow the visitor’s device',
  light: 'Always light',
  dark: 'Always dark',
};

export const WORK_LAYOUT_LABELS: Record<WorkLayout, { name: string; description: string }> = {
  cards: { name: 'Cards', description: 'Every case study as a card with its image, side by side.' },
  featured: { name: 'One featured', description: 'Your first case study large, with its image and impact, then the rest as cards.' },
  list: { name: 'Plain list', description: 'One line each: years, title, your role and a sentence. No images.' },
};

/** The portrait choice's two answers, by the value the form posts. */
export const PORTRAIT_LABELS: Record<'true' | 'false', string> = {
  true: 'Show it on phones too, small, above your headline',
  false: 'Only on wider screens',
};

/** How the overview and the publish result name the layout and the portrait, in a list of her choices. */
export const layoutWords = (look: { workLayout: WorkLayout; portraitOnPhones: boolean }) =>
  `${WORK_LAYOUT_LABELS[look.workLayout].name.toLowerCase()} for your work, portrait ${look.portraitOnPhones ? 'on phones too' : 'on wider screens only'}`;

/**
 * The everyday name of a colour's family, from its OKLCH hue (degrees), with
 * lightness and chroma for the ones a hue alone does not tell: greys, black
 * and white, brown, olive.
 */
export function colourFamily(hex: string): string {
  const colour = toOklch(hex);
  if (!colour) return 'colour';
  const { l, c } = colour;
  const h = colour.h ?? 0;
  if (c < 0.03 || colour.h === undefined) return l < 0.25 ? 'black' : l > 0.93 ? 'white' : 'grey';
  if (h >= 30 && h < 90 && l < 0.5) return 'brown';
  if (h >= 90 && h < 125 && l < 0.62) return 'olive';
  const families: [number, string][] = [
    [12, 'pink'],
    [40, 'red'],
    [75, 'orange'],
    [120, 'yellow'],
    [140, 'lime'],
    [165, 'green'],
    [190, 'teal'],
    [230, 'cyan'],
    [270, 'blue'],
    [285, 'indigo'],
    [300, 'violet'],
    [320, 'purple'],
    [340, 'magenta'],
    [360, 'pink'],
  ];
  return families.find(([below]) => h < below)?.[1] ?? 'pink';
}

/** One adjustment said in her words, with both colours for the swatches. */
export type AdjustmentNote = { scheme: 'light' | 'dark'; sentence: string; chosen: string; used: string };

/**
 * The adjustments the visitors of her site will meet (a site always light
 * never shows the dark page's), each as one sentence.
 */
export function adjustmentNotes(adjustments: AccentAdjustment[], scheme: Scheme): AdjustmentNote[] {
  return adjustments
    .filter((adjustment) => scheme === 'system' || adjustment.scheme === scheme)
    .map((adjustment) => {
      const family = colourFamily(adjustment.chosen);
      const sentence =
        adjustment.reason === 'too-light'
          ? `Your ${family} is too light for text on white, so links and buttons use a deeper shade of it.`
          : scheme === 'dark'
            ? `Your ${family} is too dark for text on your dark background, so links and buttons use a lighter shade of it.`
            : `Your ${family} is too dark for text on the dark background, so in dark mode links and buttons use a lighter shade of it.`;
      return { scheme: adjustment.scheme, sentence, chosen: adjustment.chosen, used: adjustment.used };
    });
}
