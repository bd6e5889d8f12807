/**
 * The story blocks in the designer's words: what the Add block menu and each
 * card call a block, its props and their choices. The names in the files
 * (`BeforeAfter`, `src`, `href`) are the build's; she never reads them.
 * test/unit/block-words.test.ts fails when a block or prop of
 * components/mdx/blocks.ts has no words here.
 */

/** Each block as the menu and its card name it, in the menu's order. */
export const BLOCK_WORDS: Record<string, string> = {
  Figure: 'Image',
  Gallery: 'Gallery',
  BeforeAfter: 'Before and after',
  Metrics: 'Metrics',
  Quote: 'Quote',
  Callout: 'Callout',
  Embed: 'Prototype link',
  Video: 'Video',
  Metric: 'Figure',
};

/** Each prop's label, by block then prop; `hint` says what it is for. */
export const PROP_WORDS: Record<string, Record<string, { label: string; hint?: string }>> = {
  Figure: {
    src: { label: 'Image' },
    alt: { label: 'Alt text', hint: 'What the image shows, for people who cannot see it.' },
    caption: { label: 'Caption' },
    credit: { label: 'Credit', hint: 'Who made it, when it is not you.' },
    layout: { label: 'Width' },
    decorative: { label: 'Decoration only (no alt text needed)' },
  },
  Gallery: { caption: { label: 'Caption under the gallery' }, layout: { label: 'Width' } },
  BeforeAfter: {
    before: { label: 'Name of the first image', hint: 'Shown on it; “Before” when empty.' },
    after: { label: 'Name of the second image', hint: 'Shown on it; “After” when empty.' },
    caption: { label: 'Caption' },
    layout: { label: 'Width' },
  },
  Callout: { kind: { label: 'Kind' }, title: { label: 'Heading' } },
  Metrics: {},
  Metric: { value: { label: 'Figure', hint: 'For example +18% or 3×.' }, label: { label: 'What it measures' } },
  Quote: { name: { label: 'Who said it' }, role: { label: 'Their role' } },
  Video: {
    src: { label: 'Video (MP4)', hint: 'One of this case study’s videos, or a new one: upload it here.' },
    webm: { label: 'Second copy for other browsers', hint: 'The same video as WebM, if you have one.' },
    poster: { label: 'Still image shown before it plays' },
    alt: { label: 'What the video shows', hint: 'For people who cannot see it.' },
    caption: { label: 'Caption' },
    layout: { label: 'Width' },
    autoplay: { label: 'Plays by itself, silent and looping' },
  },
  Embed: {
    href: { label: 'Link to the prototype', hint: 'Its address in Figma, Framer, YouTube or Vimeo.' },
    title: { label: 'Title' },
    poster: { label: 'Preview image' },
    caption: { label: 'Caption' },
    layout: { label: 'Width' },
  },
};

/** The choices of a select, by prop name; `''` is the choice that leaves the prop out. */
export const OPTION_WORDS: Record<string, Record<string, string>> = {
  layout: { '': 'As usual', text: 'Text column', wide: 'Wide', full: 'Full width' },
  kind: { '': 'As usual (insight)', insight: 'Insight', decision: 'Decision', note: 'Note' },
};

export function blockWords(name: string): string {
  return BLOCK_WORDS[name] ?? name;
}

export function propWords(block: string, prop: string): { label: string; hint?: string } {
  return PROP_WORDS[block]?.[prop] ?? { label: prop };
}

export function optionWords(prop: string, option: string): string {
  return OPTION_WORDS[prop]?.[option] ?? option;
}

/** An image as she named it: `./slug/booking-flow-before-819f8a97.png` reads "booking flow before". */
export function imageName(src: string): string {
  const file = src.split('/').pop() ?? src;
  return (
    file
      .replace(/\.[a-z0-9]+$/i, '')
      .replace(/-[0-9a-f]{8}$/, '')
      .replace(/[-_]+/g, ' ')
      .trim() || 'image'
  );
}
