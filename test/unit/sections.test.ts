import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { caseStudyComponents } from '~/components/mdx/components';
import { CaseStudyBody } from '~/components/case-study/CaseStudyBody';
import type { Section } from '~/content/schema';
import { slugify } from '~/content/slug';
import { rehypeNumberedSections } from '../../pipeline/content/sections';

type Node = { type: string; tagName?: string; value?: string; properties?: Record<string, unknown>; children?: Node[] };

const text = (value: string): Node => ({ type: 'text', value });
const el = (tagName: string, ...children: (Node | string)[]): Node => ({
  type: 'element',
  tagName,
  properties: {},
  children: children.map((c) => (typeof c === 'string' ? text(c) : c)),
});
const root = (...children: Node[]): Node => ({ type: 'root', children });

function number(tree: Node) {
  const sections: Section[] = [];
  rehypeNumberedSections({ sections })(tree as never);
  return sections;
}

describe('slugify', () => {
  it.each([
    ['The Challenge', 'the-challenge'],
    ['Research & Discovery', 'research-and-discovery'],
    ['Post-Launch Feedback', 'post-launch-feedback'],
    ['UX Recommendations', 'ux-recommendations'],
    ['  Spaces  and -- dashes  ', 'spaces-and-dashes'],
    ['What’s next? (2025)', 'what-s-next-2025'],
    // One slug everywhere: a heading's anchor folds accents as a case study's address and a file's name do.
    ['Café', 'cafe'],
    ['Ünïcode Façade – Straße', 'unicode-facade-strasse'],
    ['Œuvre & Łódź', 'oeuvre-and-lodz'],
    ['写真', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('rehypeNumberedSections', () => {
  it('numbers the h2 headings 1, 2, 3… in document order and gives each an id', () => {
    const tree = root(el('h2', 'The Challenge'), el('p', 'text'), el('h2', 'Research & Discovery'), el('h2', 'Impact & Outcomes'));
    const sections = number(tree);
    expect(sections).toEqual([
      { id: 'the-challenge', number: 1, title: 'The Challenge' },
      { id: 'research-and-discovery', number: 2, title: 'Research & Discovery' },
      { id: 'impact-and-outcomes', number: 3, title: 'Impact & Outcomes' },
    ]);
    const headings = tree.children!.filter((n) => n.tagName === 'h2');
    expect(headings.map((h) => h.properties)).toEqual([
      { id: 'the-challenge', dataSection: '1' },
      { id: 'research-and-discovery', dataSection: '2' },
      { id: 'impact-and-outcomes', dataSection: '3' },
    ]);
  });

  it('reads the title through inline markup', () => {
    const sections = number(root(el('h2', 'The ', el('strong', 'Big'), ' ', el('em', 'Idea'))));
    expect(sections).toEqual([{ id: 'the-big-idea', number: 1, title: 'The Big Idea' }]);
  });

  it('gives duplicate titles unique ids but keeps counting', () => {
    const sections = number(root(el('h2', 'Results'), el('h2', 'Results'), el('h2', 'Results')));
    expect(sections.map((s) => [s.number, s.id])).toEqual([
      [1, 'results'],
      [2, 'results-2'],
      [3, 'results-3'],
    ]);
  });

  it('gives headings with no sluggable text unique, readable ids', () => {
    const sections = number(root(el('h2', '¿?'), el('h2', '!!!')));
    expect(sections.map((s) => s.number)).toEqual([1, 2]);
    expect(sections[0]?.id).toBe('section');
    expect(sections[1]?.id).toBe('section-2');
  });

  it('numbers only top-level h2: not h1/h3, not h2 nested in other elements', () => {
    const nested = el('h2', 'Inside a box');
    const h3 = el('h3', 'A sub-heading');
    const tree = root(el('h1', 'Title'), el('h2', 'One'), h3, el('div', nested), el('h2', 'Two'));
    const sections = number(tree);
    expect(sections.map((s) => [s.number, s.title])).toEqual([
      [1, 'One'],
      [2, 'Two'],
    ]);
    expect(nested.properties).toEqual({});
    expect(h3.properties).toEqual({});
  });

  it('keeps the heading’s own properties', () => {
    const heading = el('h2', 'Kept');
    heading.properties = { className: ['x'] };
    number(root(heading));
    expect(heading.properties).toEqual({ className: ['x'], id: 'kept', dataSection: '1' });
  });

  it('starts again from 1 when the same sections array is reused', () => {
    const sections: Section[] = [];
    const plugin = rehypeNumberedSections({ sections });
    plugin(root(el('h2', 'A'), el('h2', 'B')) as never);
    plugin(root(el('h2', 'C')) as never);
    expect(sections).toEqual([{ id: 'c', number: 1, title: 'C' }]);
  });
});

describe('numbered sections through the MDX compiler and the page component', () => {
  it('compiles ## headings to numbered, linkable h2 and renders the numbers', async () => {
    const { bundleMDX } = await import('mdx-bundler');
    const sections: Section[] = [];
    const { code } = await bundleMDX({
      source: '## First step\n\nSome text.\n\n### Not numbered\n\n## Second & last\n\nMore.\n',
      mdxOptions(options) {
        options.rehypePlugins = [...(options.rehypePlugins ?? []), [rehypeNumberedSections, { sections }]];
        return options;
      },
    });
    expect(sections.map((s) => [s.number, s.id])).toEqual([
      [1, 'first-step'],
      [2, 'second-and-last'],
    ]);
    const { getMDXComponent } = await import('mdx-bundler/client/index.js');
    const story = renderToStaticMarkup(createElement(getMDXComponent(code), { components: caseStudyComponents }));
    const html = renderToStaticMarkup(createElement(CaseStudyBody, { html: story, sections }));
    const headings = [...html.matchAll(/<h2 id="([^"]+)" data-section="(\d)"[^>]*>.*?<\/h2>/g)];
    expect(headings.map((m) => [m[1], m[2]])).toEqual([
      ['first-step', '1'],
      ['second-and-last', '2'],
    ]);
    // The visible number sits inside the heading.
    expect(headings[0]?.[0]).toMatch(/>1<\/span>.*First step/);
    expect(headings[1]?.[0]).toMatch(/>2<\/span>.*Second &amp; last/);
    // The outline links to each section.
    expect(html).toContain('href="#first-step"');
    expect(html).toContain('href="#second-and-last"');
    expect(html).not.toMatch(/<h3[^>]*data-section/);
  });
});
