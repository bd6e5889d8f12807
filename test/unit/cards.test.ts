import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
// The router @remix-run/react's <Link> runs on (a dependency of @remix-run/react,
// not a direct one of ours): its StaticRouter is enough context to server-render a Link.
import { StaticRouter } from 'react-router-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { CaseStudyCard } from '~/components/ui/CaseStudyCard';
import { compileContent } from '../../pipeline/content/compile';
import type { CaseStudyCard as Card, CompiledContent } from '~/content/schema';
import { SAMPLE_SITE_DIR } from '../helpers/data/content';
import { at } from '../helpers/must';

function render(card: Card): string {
  return renderToStaticMarkup(createElement(StaticRouter, { location: '/' }, createElement(CaseStudyCard, { card })));
}

const anchors = (html: string) => [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);

describe('card state from the compiled content', () => {
  let content: CompiledContent;
  beforeAll(async () => {
    content = await compileContent(SAMPLE_SITE_DIR); // the sample designer, whose words these tests read
  });

  it('a published case study gives a card with a link to its page, and the page exists', () => {
    const published = content.cards.filter((c) => c.href !== null);
    expect(published.map((c) => c.slug)).toEqual(['office-depot']);
    for (const card of published) {
      expect(card.href).toBe(`/case-study/${card.slug}`);
      expect(content.caseStudies[card.slug]).toBeDefined();
    }
  });

  it('a coming-soon case study gives a card with no link and no page', () => {
    const soon = content.cards.filter((c) => c.href === null);
    expect(soon.map((c) => c.slug)).toEqual(['mobile-banking', 'analytics-dashboard']);
    for (const card of soon) expect(content.caseStudies[card.slug]).toBeUndefined();
  });

  it('the card data carries no compiled MDX (the home page stays light)', () => {
    for (const card of content.cards) {
      expect(card).not.toHaveProperty('code');
      expect(card).not.toHaveProperty('sections');
      expect(card).not.toHaveProperty('page');
      expect(card).not.toHaveProperty('status');
    }
  });

  describe('rendering <CaseStudyCard>', () => {
    it('a card with a link: one link to the page, View Case Study, no Coming Soon', () => {
      const html = render(at(content.cards, 0, 'a first card'));
      expect(html).toContain('data-state="link"');
      expect(anchors(html)).toHaveLength(1);
      expect(anchors(html)[0]).toContain('href="/case-study/office-depot"');
      expect(html).toMatch(/<a [^>]*>Office Depot Rewards App Redesign<\/a>/);
      expect(html).toContain('View Case Study');
      expect(html).not.toContain('Coming Soon');
    });

    it.each([1, 2])('card %i is Coming Soon: the badge, and no link at all', (index) => {
      const card = at(content.cards, index, `card ${index}`);
      const html = render(card);
      expect(html).toContain('data-state="coming-soon"');
      expect(html).toContain('Coming Soon');
      expect(anchors(html)).toEqual([]);
      expect(html).not.toContain('View Case Study');
      expect(html).toContain(`>${card.title}</h3>`);
    });

    it('every card shows its image (with size and alt), tags, title, description and Impact line', () => {
      for (const card of content.cards) {
        const html = render(card);
        const img = html.match(/<img\b[^>]*>/)?.[0] ?? '';
        expect(img).toContain(`src="${card.image}"`);
        expect(img).toMatch(/ width="\d+"/);
        expect(img).toMatch(/ height="\d+"/);
        expect(img).toContain(`alt="${card.alt}"`);
        for (const tag of card.tags) expect(html).toContain(`>${tag.replace(/&/g, '&amp;')}</li>`);
        expect(html).toContain('Impact:');
        expect(html).toContain(card.impact.replace(/&/g, '&amp;'));
        expect(html).toContain(card.description.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
      }
    });
  });
});
