import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOK } from '~/look/look';
import { lookFormValues, readLookForm } from '~/look/look-form';
import { adjustmentNotes, colourFamily } from '~/look/look-words';
import { derivePalette } from '~/look/palette';

/**
 * The Look page's sentence for an accent the site could not use as it is:
 * her colour named as she would name it, light and dark said apart, and only
 * for the pages her visitors will see. And the form's reading of her accent,
 * typed or picked, with or without JavaScript.
 */

const notesFor = (accent: string, scheme: 'system' | 'light' | 'dark' = 'system') =>
  adjustmentNotes(derivePalette({ accent, neutral: 'cool' }).adjustments, scheme);

describe('colour families', () => {
  it('names a colour by its hue, and the greys, browns and olives by their lightness', () => {
    const names = Object.fromEntries(
      [
        '#ffff00',
        '#0d9488',
        '#00ffff',
        '#ff0000',
        '#ec4899',
        '#f97316',
        '#00ff00',
        '#84cc16',
        '#2563eb',
        '#4f46e5',
        '#8b5cf6',
        '#a855f7',
        '#ff00ff',
        '#8b4513',
        '#808000',
        '#808080',
        '#fafafa',
        '#111111',
      ].map((hex) => [hex, colourFamily(hex)]),
    );
    expect(names).toEqual({
      '#ffff00': 'yellow',
      '#0d9488': 'teal',
      '#00ffff': 'cyan',
      '#ff0000': 'red',
      '#ec4899': 'pink',
      '#f97316': 'orange',
      '#00ff00': 'green',
      '#84cc16': 'lime',
      '#2563eb': 'blue',
      '#4f46e5': 'indigo',
      '#8b5cf6': 'violet',
      '#a855f7': 'purple',
      '#ff00ff': 'magenta',
      '#8b4513': 'brown',
      '#808000': 'olive',
      '#808080': 'grey',
      '#fafafa': 'white',
      '#111111': 'black',
    });
  });
});

describe('the adjusted-shade sentence', () => {
  it('pure yellow on white: a deeper shade, with her colour and the one used', () => {
    const [light, ...rest] = notesFor('#ffff00', 'light');
    expect(rest).toEqual([]);
    expect(light).toMatchObject({
      scheme: 'light',
      chosen: '#ffff00',
      sentence: 'Your yellow is too light for text on white, so links and buttons use a deeper shade of it.',
    });
    expect(light!.used).toMatch(/^#[0-9a-f]{6}$/);
    expect(light!.used).not.toBe('#ffff00');
  });

  it('a near-black accent on the dark page: a lighter shade, said for dark mode when the site follows the device', () => {
    const notes = notesFor('#111111');
    expect(notes.map((note) => note.scheme)).toEqual(['dark']);
    expect(notes[0]!.sentence).toBe(
      'Your black is too dark for text on the dark background, so in dark mode links and buttons use a lighter shade of it.',
    );
    expect(notesFor('#111111', 'dark')[0]!.sentence).toBe(
      'Your black is too dark for text on your dark background, so links and buttons use a lighter shade of it.',
    );
  });

  it('only the pages her visitors see: an always-light site never mentions the dark page, nor an always-dark one the light', () => {
    expect(notesFor('#111111', 'light')).toEqual([]);
    expect(notesFor('#ffff00', 'dark').map((note) => note.scheme)).not.toContain('light');
    // An accent readable on both: nothing to say.
    expect(notesFor('#0f766e', 'light')).toEqual([]);
  });
});

describe('reading the Look form', () => {
  const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? null;
  const choices = { neutral: 'warm', shape: 'round', scheme: 'dark', typeface: 'system' };

  it('a typed hex, with or without its #, in any case', () => {
    expect(readLookForm(form({ ...choices, accent: '#0D9488' })).look).toEqual({ ...DEFAULT_LOOK, ...choices, accent: '#0d9488' });
    expect(readLookForm(form({ ...choices, accent: '0d9488' })).look?.accent).toBe('#0d9488');
    expect(readLookForm(form({ ...choices, accent: '#0f0' })).look?.accent).toBe('#00ff00');
  });

  it('without JavaScript: the picker counts when only it was changed, the text field when it was', () => {
    const shown = { accentWas: '#4f46e5', accentPickerWas: '#4f46e5' };
    expect(readLookForm(form({ ...choices, ...shown, accent: '#4f46e5', accentPicker: '#0d9488' })).look?.accent).toBe('#0d9488');
    expect(readLookForm(form({ ...choices, ...shown, accent: '#ff0000', accentPicker: '#4f46e5' })).look?.accent).toBe('#ff0000');
    expect(readLookForm(form({ ...choices, ...shown, accent: '#ff0000', accentPicker: '#0d9488' })).look?.accent).toBe('#ff0000');
    expect(readLookForm(form({ ...choices, ...shown, accent: '', accentPicker: '#0d9488' })).look?.accent).toBe('#0d9488');
  });

  it('a bad colour or choice: her words by field, and what she typed kept', () => {
    const read = readLookForm(form({ ...choices, accent: 'teal-ish', neutral: 'plaid' }));
    expect(read.look).toBeNull();
    expect(read.values.accent).toBe('teal-ish');
    expect(read.problems.accent).toMatch(/^“teal-ish” isn’t a colour the site can read\. Type it as a # followed by six digits/);
    expect(read.problems.neutral).toBe('Pick one of the greys shown.');
    expect(read.problems.shape).toBeUndefined();
  });

  it('the original look reads back as itself', () => {
    expect(readLookForm(form(lookFormValues(DEFAULT_LOOK))).look).toEqual(DEFAULT_LOOK);
  });
});

describe('the layout of her work and her portrait on phones, on the Look form', () => {
  const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? null;
  const original = lookFormValues(DEFAULT_LOOK);

  it('read from her choices, the portrait as a yes or no', () => {
    const read = readLookForm(form({ ...original, workLayout: 'featured', portraitOnPhones: 'true' }));
    expect(read.look).toEqual({ ...DEFAULT_LOOK, workLayout: 'featured', portraitOnPhones: true });
    expect(readLookForm(form({ ...original, workLayout: 'list', portraitOnPhones: 'false' })).look).toMatchObject({
      workLayout: 'list',
      portraitOnPhones: false,
    });
  });

  it('a choice the page does not offer: her words, naming what to pick', () => {
    const read = readLookForm(form({ ...original, workLayout: 'masonry', portraitOnPhones: 'maybe' }));
    expect(read.look).toBeNull();
    expect(read.problems.workLayout).toBe('Pick cards, one featured, or a plain list for your work.');
    expect(read.problems.portraitOnPhones).toBe('Pick whether your portrait shows on phones.');
    expect(read.values.workLayout).toBe('masonry');
  });

  it('a form sent before these choices existed keeps the site as it was', () => {
    const { workLayout: _layout, portraitOnPhones: _portrait, ...older } = original;
    expect(readLookForm(form(older)).look).toEqual(DEFAULT_LOOK);
  });
});
