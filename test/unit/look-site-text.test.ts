import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookInSiteText, withLookInSiteText } from '~/editing/look/site-look.server';
import { DEFAULT_LOOK } from '~/look/look';
import { CONTENT_DIR } from '../helpers/data/content';

/**
 * The Look page's publish writes the layout of her work and her portrait on
 * phones into site.yml's `look:` like her other choices: only what differs
 * from the original is added, and it reads back as she chose it.
 */

const siteText = () => readFileSync(path.join(CONTENT_DIR, 'site.yml'), 'utf8').replace(/\nlook:\n(?: {2}.*\n)*/, '\n');

describe('the layout choices in site.yml’s text', () => {
  it('added when she changes them, read back as chosen, the rest of the file untouched', () => {
    const before = siteText();
    const after = withLookInSiteText(before, { ...DEFAULT_LOOK, workLayout: 'list', portraitOnPhones: true });
    expect(after).toMatch(/\nlook:\n {2}workLayout: list\n {2}portraitOnPhones: true\n/);
    expect(after.replace(/\nlook:\n(?: {2}.*\n)*/, '\n')).toBe(before.replace(/\n*$/, '\n'));
    expect(lookInSiteText(after)).toEqual({ ...DEFAULT_LOOK, workLayout: 'list', portraitOnPhones: true });
  });

  it('left at the original: no line added', () => {
    const before = siteText();
    expect(withLookInSiteText(before, DEFAULT_LOOK)).not.toMatch(/workLayout|portraitOnPhones/);
  });

  it('set back to the original where the file had them: the file keeps the keys, at their original values', () => {
    const chosen = withLookInSiteText(siteText(), { ...DEFAULT_LOOK, workLayout: 'featured', portraitOnPhones: true });
    const back = withLookInSiteText(chosen, DEFAULT_LOOK);
    expect(back).toMatch(/ {2}workLayout: cards\n {2}portraitOnPhones: false\n/);
    expect(lookInSiteText(back)).toEqual(DEFAULT_LOOK);
  });
});
