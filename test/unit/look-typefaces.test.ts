import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { averageAdvance, fallbackFaces, LOCAL_FALLBACKS } from '../../scripts/font-faces';
import { lookSchema } from '~/content/schema';
import { WEB_FONT_FACES } from '~/look/font-faces.generated';
import { DEFAULT_LOOK, TYPEFACES } from '~/look/look';
import { lookCss } from '~/look/look-css';
import { lookHead } from '~/look/look.server';
import { typefaceCss, typefaceFaceCss, typefacePreloads } from '~/look/typeface-css';
import { SYSTEM_STACK, typefaceChoice, TYPEFACE_CHOICES, WEB_FONTS, type WebFontId } from '~/look/typefaces';
import { ROOT } from '../helpers/data/content';

/**
 * The typeface catalogue: every pairing's files are in their packages,
 * Latin and Latin Extended woff2 only, and the first view of a page with
 * any pairing fetches at most 80 KB of them; each web font's fallback is
 * what its own file's metrics give; the system faces are the site's own.
 */

const FIRST_VIEW_BUDGET = 80 * 1024;
const LIBERATION = '/usr/share/fonts/truetype/liberation';
const fileOf = (file: string) => path.join(ROOT, 'node_modules', file);

describe('the pairings', () => {
  it('one choice per typeface id, the system faces first, each with its own name', () => {
    expect(TYPEFACE_CHOICES.map((choice) => choice.id)).toEqual([...TYPEFACES]);
    expect(TYPEFACE_CHOICES[0]).toMatchObject({ id: 'system', heading: SYSTEM_STACK, text: SYSTEM_STACK });
    expect(TYPEFACE_CHOICES[0]!.fonts).toBeUndefined();
    expect(new Set(TYPEFACE_CHOICES.map((choice) => choice.name)).size).toBe(TYPEFACE_CHOICES.length);
    expect(TYPEFACE_CHOICES.filter((choice) => choice.fonts).length).toBeGreaterThanOrEqual(8);
    for (const { id } of TYPEFACE_CHOICES) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('the system stack is the one the site has always used (tokens.css)', () => {
    const tokens = readFileSync(path.join(ROOT, 'app/styles/tokens.css'), 'utf8');
    const stack = /--font-sans:\s*([^;]+);/.exec(tokens)?.[1]?.replace(/\s+/g, ' ').trim();
    expect(SYSTEM_STACK).toBe(stack);
  });

  it('serif headings over sans text, a mono accent and a geometric are among them', () => {
    const kinds = TYPEFACE_CHOICES.flatMap(({ fonts }) =>
      fonts ? [`${WEB_FONTS[fonts.heading].kind}/${WEB_FONTS[fonts.text].kind}`] : [],
    );
    expect(kinds.filter((kind) => kind === 'serif/sans').length).toBeGreaterThanOrEqual(2);
    expect(kinds).toContain('mono/sans');
  });
});

describe.each(TYPEFACE_CHOICES.filter((choice) => choice.fonts))('$id ($name)', (choice) => {
  const fonts = [...new Set([choice.fonts!.heading, choice.fonts!.text])];

  it('its files are in their packages, woff2, Latin and Latin Extended only', () => {
    for (const font of fonts) {
      const { files } = WEB_FONT_FACES[font];
      expect(files.length).toBeGreaterThanOrEqual(2);
      for (const entry of files) {
        expect(entry.file.startsWith(`${WEB_FONTS[font].package}/files/`), entry.file).toBe(true);
        expect(existsSync(fileOf(entry.file)), entry.file).toBe(true);
        expect(readFileSync(fileOf(entry.file)).subarray(0, 4).toString('latin1'), entry.file).toBe('wOF2');
        expect(entry.bytes).toBe(statSync(fileOf(entry.file)).size);
        expect(['latin', 'latin-ext']).toContain(entry.subset);
        expect(entry.file).toMatch(new RegExp(`-${entry.subset}-wght-${entry.style}\\.woff2$`));
        expect(entry.url).toMatch(/\.woff2$/);
      }
      const latin = files.find((entry) => entry.subset === 'latin' && entry.style === 'normal')!;
      // Basic Latin and the accented letters of Latin-1 (é, ü, ñ…) are in the file the first view loads.
      expect(latin.unicodeRange.startsWith('U+0000-00FF')).toBe(true);
    }
  });

  it('the first view preloads the Latin upright faces of headings and text, at most 80 KB', () => {
    const preloads = typefacePreloads(choice.id);
    expect(preloads.map((entry) => path.basename(entry.file))).toEqual(fonts.map((font) => `${font}-latin-wght-normal.woff2`));
    expect(preloads.reduce((sum, entry) => sum + entry.bytes, 0)).toBeLessThanOrEqual(FIRST_VIEW_BUDGET);
  });

  it('its @font-face rules: both faces and their metric-matched fallbacks, nothing from another origin', () => {
    const css = typefaceFaceCss(choice.id);
    for (const font of fonts) {
      expect(css).toContain(`font-family:'${WEB_FONTS[font].family}'`);
      expect(css).toMatch(
        new RegExp(
          `font-family:'${WEB_FONTS[font].family} Fallback';src:local\\('[^']+'\\).*?size-adjust:[\\d.]+%;ascent-override:[\\d.]+%;descent-override:[\\d.]+%;line-gap-override:[\\d.]+%`,
        ),
      );
    }
    for (const [, url] of css.matchAll(/url\(([^)]+)\)/g)) expect(url).not.toMatch(/^(https?:)?\/\//);
    expect(css).not.toMatch(/font-display:(?!swap)/);
  });

  it('on her pages, a font late for the first paint is not swapped in: the page never moves', () => {
    const css = typefaceCss(choice.id);
    expect(css).toContain(typefaceFaceCss(choice.id, 'optional'));
    expect(css).not.toContain('font-display:swap');
  });

  it('the page gets them with its text face as the site’s sans and its heading face on h1–h6', () => {
    const css = lookCss({ ...DEFAULT_LOOK, typeface: choice.id });
    expect(css).toContain(typefaceFaceCss(choice.id, 'optional'));
    expect(css).toContain(`:root{--font-sans:${choice.text}}`);
    if (choice.fonts!.heading !== choice.fonts!.text) expect(css).toContain(`h1,h2,h3,h4,h5,h6{font-family:${choice.heading}}`);
  });
});

describe('the fallbacks', () => {
  it('are what the font files’ own metrics give (hhea ascent, descent, line gap; average advance of English text)', () => {
    for (const font of Object.keys(WEB_FONTS) as WebFontId[]) {
      const latin = WEB_FONT_FACES[font].files[0]!;
      expect(WEB_FONT_FACES[font].fallbacks, font).toEqual(fallbackFaces(readFileSync(fileOf(latin.file)), WEB_FONTS[font].kind));
    }
  });

  it('measure the local faces as their metric twins, the Liberation fonts, draw', () => {
    const twins = { sans: 'Sans', serif: 'Serif', mono: 'Mono' } as const;
    for (const [kind, twin] of Object.entries(twins) as [keyof typeof twins, string][]) {
      const regular = averageAdvance(readFileSync(path.join(LIBERATION, `Liberation${twin}-Regular.ttf`)));
      const bold = averageAdvance(readFileSync(path.join(LIBERATION, `Liberation${twin}-Bold.ttf`)));
      expect(LOCAL_FALLBACKS[kind].regularAdvance, kind).toBeCloseTo(regular, 5);
      expect(LOCAL_FALLBACKS[kind].boldAdvance, kind).toBeCloseTo(bold, 5);
    }
  });
});

describe('pages drawn outside root.tsx (the editor’s preview, an error page without its loader)', () => {
  it('get the same preloads and faces in their head', () => {
    const look = { ...DEFAULT_LOOK, typeface: 'book-serif' as const };
    const fonts = typefacePreloads('book-serif').map((file) => file.url);
    const { style } = lookHead({ css: lookCss(look), scheme: 'system', fonts });
    const preloads = [...style.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin="anonymous">/g)];
    expect(preloads.map(([, href]) => href)).toEqual(fonts);
    expect(style).toContain(`<style data-look>${lookCss(look)}</style>`);
    expect(style).toContain(`h1,h2,h3,h4,h5,h6{font-family:${typefaceChoice('book-serif').heading}}`);
  });
});

describe('the system faces', () => {
  it('add nothing: no font, no rule, and a default look is still no style at all', () => {
    expect(typefaceFaceCss('system')).toBe('');
    expect(typefaceCss('system')).toBe('');
    expect(typefacePreloads('system')).toEqual([]);
    expect(lookCss(DEFAULT_LOOK)).toBe('');
  });
});

describe('the content schema', () => {
  it('takes every pairing by its id, and refuses another naming the field and the choices', () => {
    for (const { id } of TYPEFACE_CHOICES) expect(lookSchema.parse({ typeface: id }).typeface).toBe(id);
    const result = lookSchema.safeParse({ typeface: 'comic-sans' });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(['typeface']);
    for (const { id } of TYPEFACE_CHOICES) expect(issue.message).toContain(`"${id}"`);
  });
});
