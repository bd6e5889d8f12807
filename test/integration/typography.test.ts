import { describe, expect, it } from 'vitest';
import { typeset, typesetFields } from '../../pipeline/content/typography';
import { builtContent } from '../helpers/site/e2e';

describe('typeset', () => {
  it.each([
    ["I'm Camila", 'I’m Camila'],
    ['"can\'t find my rewards" was the theme', '“can’t find my rewards” was the theme'],
    ["a regional bank's app", 'a regional bank’s app'],
    ['He said "yes."', 'He said “yes.”'],
    ["Back in the '90s", 'Back in the ’90s'],
    ['research -- then design', 'research — then design'],
    ['and so on...', 'and so on…'],
  ])('%s → %s', (input, expected) => {
    expect(typeset(input)).toBe(expected);
  });

  it.each([
    "https://www.linkedin.com/in/it's--a...test",
    '/images/a--b.svg',
    'camila.navarro@example.com',
    'mailto:a@b.co',
    '12+',
    'coming-soon',
    '2019 – Present',
  ])('leaves %s as written', (input) => {
    expect(typeset(input)).toBe(input);
  });

  it('typesets every string of nested content and leaves other values alone', () => {
    const input = { title: "Rider's app", order: 2, tags: ['"Quoted"'], nested: { src: '/a/b--c.png', flag: true, none: null } };
    expect(typesetFields(input)).toEqual({
      title: 'Rider’s app',
      order: 2,
      tags: ['“Quoted”'],
      nested: { src: '/a/b--c.png', flag: true, none: null },
    });
  });
});

describe('the built content', () => {
  /** Straight quotes left in visible text, ignoring HTML attributes and code. */
  const straightInText = (html: string) =>
    html
      .replace(/<(pre|code)[^>]*>[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]+>/g, '')
      .match(/["']|&quot;|&#x27;|&#39;/g) ?? [];

  it('has no straight quotes in any case study story or the resume summary', () => {
    const content = builtContent();
    for (const [slug, study] of Object.entries(content.caseStudies)) {
      expect(straightInText(study.html), slug).toEqual([]);
      expect(study.html, slug).toMatch(/[“’]/);
    }
    expect(straightInText(content.resume.summaryHtml)).toEqual([]);
  });

  it('has no straight quotes in any frontmatter text', () => {
    const strings = JSON.stringify(builtContent(), (key, value) => (key === 'html' || key === 'summaryHtml' ? undefined : value))
      .match(/"(?:[^"\\]|\\.)*"/g)!
      .map((literal) => JSON.parse(literal) as string);
    expect(strings.filter((s) => /["']/.test(s))).toEqual([]);
    expect(builtContent().site.hero.subtitle).toMatch(/^I’m /);
  });
});
