// @module-tag slow
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStudyCard, CompiledContent } from '~/content/schema';
import { timelineLabel } from '~/content/timeline-years';
import { ROOT } from '../helpers/data/content';
import { buildLookSite, lookContentJson, lookFixture, relookSite, startLookServer } from '../helpers/data/look-site';
import { PRIVATE_ENV, PRIVATE_SLUG } from '../helpers/data/private';
import { waitForReady } from '../helpers/site/e2e';
import type { RunningServer } from '../helpers/start/server';
import { useBrowser } from '../helpers/suite/browser-suite';
import { waitFor } from '../helpers/wait';

/**
 * The layout of her work and her portrait on phones, two choices of her
 * look (test/fixtures/looks/work-*.yml over the content under test and the
 * fixture case studies, the private one among them): the original cards,
 * her first case study featured then the rest as cards, and a plain list
 * with years. Each in her order, the private one keeping its lock; below a
 * case study the others follow the list, and show as cards when she
 * features one. Her portrait shows on a phone only when she asks, small,
 * with the headline still in the first screen, and never as the LCP. axe
 * finds nothing at a phone's and a desktop's width, light and dark, and
 * the home page still runs no script of its own for any of it.
 */

const BUILT = 'work-featured';
const OTHERS = ['work-list', 'work-cards'];
const servers = new Map<string, RunningServer>();

beforeAll(async () => {
  await buildLookSite(await lookFixture(BUILT));
  for (const name of OTHERS) await relookSite(BUILT, await lookFixture(name));
  for (const name of [BUILT, ...OTHERS]) servers.set(name, await startLookServer(name, PRIVATE_ENV));
}, 300_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const chromium = useBrowser({}, { pagePerTest: true });
const urlOf = (name: string) => servers.get(name)!.url;

/** Her cards as the build sorted them (by `order`): what every layout must show, in this order. */
function cards(): CaseStudyCard[] {
  const content = JSON.parse(readFileSync(path.join(ROOT, lookContentJson(BUILT)), 'utf8')) as CompiledContent;
  return content.cards;
}

async function openHome(name: string, options: { width?: number; dark?: boolean } = {}): Promise<Page> {
  const { width = 1280, dark = false } = options;
  const page = await chromium.openPage({ viewport: { width, height: width < 768 ? 740 : 800 }, colorScheme: dark ? 'dark' : 'light' });
  await page.goto(`${urlOf(name)}/`);
  await waitForReady(page);
  return page;
}

const titlesIn = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.textContent?.replace(/\s+/g, ' ').trim() ?? ''));

const privateTitle = (card: CaseStudyCard) => (card.private ? `${card.title} (private: password needed)` : card.title);

describe('the layout of her work on the home page', () => {
  it('cards, when her look does not say: the original grid, in her order, nothing else', async () => {
    const page = await openHome('work-cards');
    const work = page.locator('#work');
    expect(await work.locator('[data-work-layout]').count()).toBe(0);
    expect(await work.locator('ul.case-study-grid > li').count()).toBe(cards().length);
    expect(await titlesIn(page, '#work .case-study-card h3')).toEqual(cards().map(privateTitle));
    expect(await page.locator('[data-phone-portrait]').count()).toBe(0);
  });

  it('one featured: the first full width, with its image, words and impact, then the rest as cards in her order', async () => {
    const [first, ...rest] = cards();
    const page = await openHome(BUILT);
    const featured = page.locator('#work [data-work-layout="featured"] > article.case-study-featured');
    expect(await featured.count()).toBe(1);
    expect(await titlesIn(page, '#work .case-study-featured h3')).toEqual([privateTitle(first!)]);
    expect(await featured.locator('img').count()).toBe(1);
    await expect(featured.innerText()).resolves.toContain(first!.description);
    await expect(featured.innerText()).resolves.toContain(first!.impact);
    expect(await titlesIn(page, '#work [data-work-layout="featured"] > ul.case-study-grid .case-study-card h3')).toEqual(
      rest.map(privateTitle),
    );
    // Full width: as wide as the section's grid below it.
    const [wide, grid] = await Promise.all([
      featured.boundingBox(),
      page.locator('#work [data-work-layout="featured"] > ul.case-study-grid').boundingBox(),
    ]);
    expect(Math.abs(wide!.width - grid!.width)).toBeLessThan(2);
    expect(wide!.width).toBeGreaterThan(1000);
  });

  it('a plain list: years (or the timeline as written), title, role and a sentence, in her order, no images', async () => {
    const page = await openHome('work-list');
    const rows = page.locator('#work ul[data-work-layout="list"] > li.case-study-row');
    expect(await rows.count()).toBe(cards().length);
    expect(await titlesIn(page, '#work .case-study-row h3')).toEqual(cards().map(privateTitle));
    for (const [index, card] of cards().entries()) {
      const row = await rows.nth(index).innerText();
      expect(row).toContain(timelineLabel(card.timeline));
      expect(row).toContain(card.role);
      expect(row).toContain(card.description);
    }
    expect(await page.locator('#work img').count()).toBe(0);
  });

  it.each(['work-cards', BUILT, 'work-list'])('%s: the private case study keeps its lock and its words', async (name) => {
    const page = await openHome(name);
    const href = `a[href="/case-study/${PRIVATE_SLUG}"]`;
    const link = page.locator(`#work ${href}`);
    expect(await link.count()).toBe(1);
    await expect(link.innerText()).resolves.toContain('(private: password needed)');
    const item = page
      .locator('#work li, #work article')
      .filter({ has: page.locator(href) })
      .last();
    await expect(item.locator('.case-study-card-private').innerText()).resolves.toMatch(/private/i);
    expect(await item.locator('.case-study-card-private svg').count()).toBe(1);
  });

  it('below a case study: the others as a list when she picks the list, as cards when she features one', async () => {
    const open = cards().find((card) => card.href && !card.private)!;
    const others = cards().filter((card) => card.slug !== open.slug);
    const listed = await chromium.openPage();
    await listed.goto(`${urlOf('work-list')}${open.href}`);
    expect(await titlesIn(listed, '[aria-labelledby="more-work-title"] [data-work-layout="list"] h3')).toEqual(others.map(privateTitle));
    const featured = await chromium.openPage();
    await featured.goto(`${urlOf(BUILT)}${open.href}`);
    expect(await featured.locator('[aria-labelledby="more-work-title"] .case-study-featured').count()).toBe(0);
    expect(await titlesIn(featured, '[aria-labelledby="more-work-title"] ul.case-study-grid h3')).toEqual(others.map(privateTitle));
  });

  it.each([
    ['work-cards', 375, false],
    ['work-cards', 1280, true],
    [BUILT, 375, false],
    [BUILT, 375, true],
    [BUILT, 1280, false],
    [BUILT, 1280, true],
    ['work-list', 375, false],
    ['work-list', 375, true],
    ['work-list', 1280, false],
    ['work-list', 1280, true],
  ])('%s at %i px (dark: %s): axe finds nothing, nothing overflows', { timeout: 120_000 }, async (name, width, dark) => {
    const page = await openHome(name, { width, dark });
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow in px').toBe(0);
    // For a person to look at: her work in the layout, and the first screen (the portrait on a phone).
    const shots = process.env.LAYOUT_SCREENSHOTS;
    if (shots) {
      const label = `${name}-${width}-${dark ? 'dark' : 'light'}`;
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/${label}-first-screen.png`, animations: 'disabled' });
      // Its images are lazy: brought into view, and loaded, before the whole page is taken.
      for (const image of await page.locator('#work img').all()) await image.scrollIntoViewIfNeeded();
      await waitFor(
        () => page.locator('#work img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
        { timeoutMs: 15_000, what: 'her work’s images to load' },
      );
      // Cut from the whole page scrolled to its top, so the sticky header stays there instead of over the section.
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = (await page.locator('#work').boundingBox())!;
      const top = await page.evaluate(() => window.scrollY);
      await page.screenshot({
        path: `${shots}/${label}-work.png`,
        fullPage: true,
        clip: { x: 0, y: box.y + top, width, height: box.height },
        animations: 'disabled',
      });
    }
  });
});

describe('her portrait on phones', () => {
  /** The page's LCP element, as Chromium reports it once the page has painted. */
  const lcpElement = (page: Page) =>
    waitFor(
      () =>
        page.evaluate(
          () =>
            new Promise<string | false>((resolve) => {
              new PerformanceObserver((list) => {
                const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
                const element = last?.element;
                resolve(
                  element ? `${element.tagName.toLowerCase()}${element.closest('[data-phone-portrait]') ? '[portrait]' : ''}` : false,
                );
              }).observe({ type: 'largest-contentful-paint', buffered: true });
              setTimeout(() => resolve(false), 1_000);
            }),
        ),
      { timeoutMs: 15_000, what: 'the LCP element' },
    );

  it('at 375 px with the option: small, square, loaded, the headline still in the first screen, and not the LCP', async () => {
    const page = await openHome(BUILT, { width: 375 });
    const portrait = page.locator('[data-phone-portrait] img');
    await portrait.waitFor({ state: 'visible' });
    const box = (await portrait.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([64, 64]);
    await waitFor(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), {
      timeoutMs: 15_000,
      what: 'the portrait to load',
    });
    const headline = (await page.locator('#hero-title').boundingBox())!;
    expect(headline.y + headline.height).toBeLessThan(740);
    await expect(page.locator('[data-phone-portrait]').innerText()).resolves.toMatch(/\S/);
    expect(await lcpElement(page)).not.toContain('[portrait]');
  });

  it('at 375 px without it: no portrait in the hero, as before', async () => {
    const page = await openHome('work-list', { width: 375 });
    expect(await page.locator('[data-phone-portrait]').count()).toBe(0);
    expect(
      await page
        .locator('section[aria-labelledby="hero-title"] img')
        .evaluateAll((images) => images.filter((image) => (image as HTMLElement).offsetParent !== null).length),
    ).toBe(0);
  });

  it('at 1280 px with the option: the portrait card as always, the phone’s portrait hidden and never fetched', async () => {
    const page = await openHome(BUILT, { width: 1280 });
    expect(await page.locator('[data-phone-portrait]').isVisible()).toBe(false);
    const fetched = await page.evaluate(() => {
      const image = document.querySelector<HTMLImageElement>('[data-phone-portrait] img');
      return image ? image.currentSrc : null;
    });
    expect(fetched).toBe('');
    expect(await page.locator('section[aria-labelledby="hero-title"] figure:not([data-phone-portrait]) img').isVisible()).toBe(true);
  });
});
