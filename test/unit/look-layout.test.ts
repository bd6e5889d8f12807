import { describe, expect, it } from 'vitest';
import { lookSchema } from '~/content/schema';
import { DEFAULT_LOOK, isDefaultLook, isDefaultStyle, WORK_LAYOUTS } from '~/look/look';
import { lookCss } from '~/look/look-css';
import { CONTENT_PARSE } from '../../pipeline/content/zod-messages';

/**
 * The layout of her work and her portrait on phones are two choices of her
 * look (content/site.yml's `look:`): left out, the home page is as it always
 * was; a value the site does not know is refused, naming the field and the
 * choices it has.
 */

describe('the look’s layout choices in site.yml', () => {
  it('default to today’s cards and no portrait on phones', () => {
    expect(lookSchema.parse(undefined)).toMatchObject({ workLayout: 'cards', portraitOnPhones: false });
    expect(lookSchema.parse({ accent: '#0d9488' })).toMatchObject({ workLayout: 'cards', portraitOnPhones: false });
    expect(DEFAULT_LOOK).toMatchObject({ workLayout: 'cards', portraitOnPhones: false });
    expect(WORK_LAYOUTS).toEqual(['cards', 'featured', 'list']);
  });

  it('take each layout and a yes or no for the portrait', () => {
    for (const workLayout of WORK_LAYOUTS) expect(lookSchema.parse({ workLayout }).workLayout).toBe(workLayout);
    expect(lookSchema.parse({ portraitOnPhones: true }).portraitOnPhones).toBe(true);
  });

  it('refuse a layout it does not know, naming the field and its choices', () => {
    const result = lookSchema.safeParse({ workLayout: 'masonry' }, CONTENT_PARSE);
    expect(result.success).toBe(false);
    const [issue] = result.error!.issues;
    expect(issue!.path).toEqual(['workLayout']);
    expect(issue!.message).toBe("Invalid enum value. Expected 'cards' | 'featured' | 'list', received 'masonry'");
  });

  it('refuse a portrait choice that is not a yes or no, saying what each means', () => {
    const result = lookSchema.safeParse({ portraitOnPhones: 'sometimes' }, CONTENT_PARSE);
    expect(result.success).toBe(false);
    const [issue] = result.error!.issues;
    expect(issue!.path).toEqual(['portraitOnPhones']);
    expect(issue!.message).toBe('must be true (your portrait shows on phones too) or false (on wider screens only)');
  });

  it('change the page, not its colours: no look stylesheet for a layout alone', () => {
    const layoutOnly = { ...DEFAULT_LOOK, workLayout: 'list' as const, portraitOnPhones: true };
    expect(isDefaultStyle(layoutOnly)).toBe(true);
    expect(isDefaultLook(layoutOnly)).toBe(false);
    expect(lookCss(layoutOnly)).toBe('');
  });
});
