import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileContent, ContentError } from '../../pipeline/content/compile';
import { homeSchema } from '~/content/schema';
import { DEFAULT_HOME, homeNav, moveSection, shownSections, showSection } from '~/content/home-sections';
import { copyContent, SECOND_SITE_DIR, type ContentCopy } from '../helpers/data/content';

/**
 * The home page's sections in her order (site.yml's `home:`): optional, the
 * order the site always had by default; a list that leaves the introduction
 * out of first place, names a section the site does not have, or hides the
 * introduction is refused at its line, in words that say what to write.
 */

let copy: ContentCopy | undefined;
afterEach(async () => {
  await copy?.dispose();
  copy = undefined;
});

/** The problems of the fixture designer's site.yml with `home` appended, and its lines. */
async function problemsWith(home: string) {
  copy = await copyContent(SECOND_SITE_DIR);
  const file = path.join(copy.dir, 'site.yml');
  const text = await readFile(file, 'utf8');
  await copy.write('site.yml', `${text.replace(/\n*$/, '\n')}${home}`);
  const error = await compileContent(copy.dir).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'compileContent should have rejected').toBeInstanceOf(ContentError);
  const lines = (await readFile(file, 'utf8')).split('\n');
  const lineOf = (pattern: RegExp) => {
    const at = lines.findIndex((line) => pattern.test(line));
    expect(at, `no line matches ${pattern}`).toBeGreaterThanOrEqual(0);
    return at + 1;
  };
  return { problems: (error as ContentError).problems, lineOf };
}

describe('home: in site.yml', () => {
  it('left out, the home page keeps the order it always had, every section shown but the newer teasers of her pages', () => {
    expect(homeSchema.parse(undefined)).toEqual({
      order: ['hero', 'about', 'highlights', 'case-studies', 'pages', 'contact'],
      hidden: ['pages'],
    });
    expect(shownSections(DEFAULT_HOME)).toEqual(['hero', 'about', 'highlights', 'case-studies', 'contact']);
    expect(homeNav(DEFAULT_HOME)).toEqual({ caseStudies: true, contact: '/#contact' });
  });

  it('her order and hidden sections are read as written', () => {
    const home = homeSchema.parse({
      order: ['hero', 'pages', 'case-studies', 'about', 'highlights', 'contact'],
      hidden: ['highlights', 'contact'],
    });
    expect(shownSections(home)).toEqual(['hero', 'pages', 'case-studies', 'about']);
    expect(homeNav(home)).toEqual({ caseStudies: true, contact: '/contact' });
  });

  it('an order written before her pages had a section gets it, hidden, before contact: the page it always showed', () => {
    const home = homeSchema.parse({ order: ['hero', 'case-studies', 'about', 'highlights', 'contact'], hidden: ['highlights'] });
    expect(home).toEqual({ order: ['hero', 'case-studies', 'about', 'highlights', 'pages', 'contact'], hidden: ['highlights', 'pages'] });
    expect(shownSections(home)).toEqual(['hero', 'case-studies', 'about', 'contact']);
  });

  it('a section the site does not have is refused at its line, with the names it has', async () => {
    const { problems, lineOf } = await problemsWith('home:\n  order:\n    - hero\n    - about\n    - writing\n');
    const found = problems.find((problem) => problem.message.includes('home.order.2'));
    expect(found, JSON.stringify(problems)).toBeDefined();
    expect(found!.message).toContain("'hero' | 'about' | 'highlights' | 'case-studies' | 'pages' | 'contact'");
    expect(found!.line).toBe(lineOf(/^ {4}- writing$/));
  });

  it('the introduction not first is refused at the first line of the order', async () => {
    const { problems, lineOf } = await problemsWith(
      'home:\n  order:\n    - about\n    - hero\n    - highlights\n    - case-studies\n    - contact\n',
    );
    const found = problems.find((problem) => problem.message.includes('must start with "hero"'));
    expect(found, JSON.stringify(problems)).toBeDefined();
    expect(found!.message).toContain('field "home.order.0"');
    expect(found!.line).toBe(lineOf(/^ {4}- about$/));
  });

  it('a section left out of the order, or named twice, is refused and says how to hide one', async () => {
    const { problems, lineOf } = await problemsWith('home:\n  order: [hero, about, about, contact]\n');
    const missing = problems.find((problem) => problem.message.includes('missing'));
    expect(missing?.message).toContain('"highlights", "case-studies" are missing (to hide one, list it under "hidden")');
    expect(missing?.line).toBe(lineOf(/^ {2}order:/));
    expect(problems.some((problem) => problem.message.includes('names "about" twice'))).toBe(true);
  });

  it('hiding the introduction is refused at its line', async () => {
    const { problems, lineOf } = await problemsWith('home:\n  hidden:\n    - highlights\n    - hero\n');
    const found = problems.find((problem) => problem.message.includes('cannot hide "hero"'));
    expect(found, JSON.stringify(problems)).toBeDefined();
    expect(found!.line).toBe(lineOf(/^ {4}- hero$/));
  });
});

describe('moving and hiding a section (the Look page’s buttons)', () => {
  it('moves one place at a time, never above or past the introduction, and the list ends where it ends', () => {
    const moved = moveSection(DEFAULT_HOME, 'case-studies', 'up');
    expect(moved.order).toEqual(['hero', 'about', 'case-studies', 'highlights', 'pages', 'contact']);
    expect(moveSection(moved, 'case-studies', 'up').order).toEqual(['hero', 'case-studies', 'about', 'highlights', 'pages', 'contact']);
    expect(moveSection(DEFAULT_HOME, 'about', 'up')).toEqual(DEFAULT_HOME);
    expect(moveSection(DEFAULT_HOME, 'hero', 'down')).toEqual(DEFAULT_HOME);
    expect(moveSection(DEFAULT_HOME, 'contact', 'down')).toEqual(DEFAULT_HOME);
  });

  it('hides and shows any section but the introduction, the hidden ones listed in the site’s order', () => {
    const hidden = showSection(showSection(DEFAULT_HOME, 'contact', false), 'highlights', false);
    expect(hidden.hidden).toEqual(['highlights', 'pages', 'contact']);
    expect(showSection(showSection(hidden, 'contact', true), 'pages', true).hidden).toEqual(['highlights']);
    expect(showSection(DEFAULT_HOME, 'hero', false)).toEqual(DEFAULT_HOME);
  });
});
