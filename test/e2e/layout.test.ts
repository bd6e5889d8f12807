import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { at } from '../helpers/must';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/**
 * Layout measured in a real Chromium at phone, tablet and desktop widths: the
 * case-study cards line up part by part, a lone last card is centred, the
 * Coming Soon badge stays off the artwork, the About section stacks until its
 * text column has room, images are toned down in dark mode, and a case-study
 * heading that wraps keeps its number beside its first line.
 */

const url = publicSite();
const { openPage: open } = useBrowser({}, { pagePerTest: true, failOnConsoleErrors: true });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, String(locator)).toBeTruthy();
  return found!;
}

const cards = (page: Page) => page.locator('#work article');

/** The top edge of each card's part, in card order. */
async function tops(page: Page, part: string) {
  return Promise.all((await cards(page).all()).map(async (card) => (await box(card.locator(part).first())).y));
}

describe('case-study cards', () => {
  it('at 1280 px the three sit in one row, and their tags, titles, text and buttons line up', async () => {
    const page = await open({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    expect(await cards(page).count()).toBe(3);
    const boxes = await Promise.all((await cards(page).all()).map(box));
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
    expect(new Set(boxes.map((b) => Math.round(b.height))).size).toBe(1);
    // The third card's tags wrap onto two lines; the others' parts still start level with its.
    for (const part of ['ul', 'h3', 'h3 + div', 'h3 + div + div']) {
      const ys = await tops(page, part);
      expect(Math.max(...ys) - Math.min(...ys), part).toBeLessThan(1);
    }
  });

  it('at 768 px two share a row and the lone third is centred, at the same width', async () => {
    const page = await open({ viewport: { width: 768, height: 900 } });
    await page.goto(url);
    const boxes = await Promise.all((await cards(page).all()).map(box));
    const [first, second, third] = [at(boxes, 0, 'the first card'), at(boxes, 1, 'the second card'), at(boxes, 2, 'the third card')];
    const list = await box(page.locator('#work ul').first());
    expect(Math.abs(first.y - second.y)).toBeLessThan(1);
    expect(third.y).toBeGreaterThan(first.y + first.height);
    expect(Math.abs(third.width - first.width)).toBeLessThan(1);
    expect(Math.abs(third.x + third.width / 2 - (list.x + list.width / 2))).toBeLessThan(1);
    const titles = await tops(page, 'h3');
    expect(Math.abs(at(titles, 0, 'the first card title') - at(titles, 1, 'the second card title'))).toBeLessThan(1);
  });

  it.each([375, 768, 1280])('at %i px the Coming Soon badge sits below the artwork, in the button’s place', async (width) => {
    const page = await open({ viewport: { width, height: 900 } });
    await page.goto(url);
    const comingSoon = page.locator('#work article[data-state="coming-soon"]');
    expect(await comingSoon.count()).toBe(2);
    for (const card of await comingSoon.all()) {
      const artwork = await box(card.locator('img'));
      const badge = await box(card.getByText('Coming Soon', { exact: true }));
      expect(badge.y).toBeGreaterThanOrEqual(artwork.y + artwork.height);
    }
  });
});

describe('About', () => {
  const photo = (page: Page) => page.locator('#about img');
  const heading = (page: Page) => page.locator('#about-title');

  it.each([375, 768])('at %i px the illustration stacks above the text', async (width) => {
    const page = await open({ viewport: { width, height: 900 } });
    await page.goto(url);
    const image = await box(photo(page));
    expect(image.y + image.height).toBeLessThan((await box(heading(page))).y);
    expect(image.width).toBeLessThanOrEqual(384);
  });

  it('at 1280 px the illustration sits beside the text', async () => {
    const page = await open({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    const image = await box(photo(page));
    expect(image.x + image.width).toBeLessThan((await box(heading(page))).x);
  });
});

describe('dark mode', () => {
  it.each(['light', 'dark'] as const)('images in the %s scheme', async (colorScheme) => {
    const page = await open({ viewport: { width: 1280, height: 900 }, colorScheme });
    await page.goto(url);
    const filters = await page.locator('main img').evaluateAll((imgs) => imgs.map((img) => getComputedStyle(img).filter));
    expect(filters.length).toBeGreaterThan(0);
    for (const filter of filters) {
      if (colorScheme === 'light') expect(filter).toBe('none');
      else expect(filter).toMatch(/brightness\(0\.\d+\)/);
    }
  });
});

describe('case-study headings', () => {
  it('at 375 px a heading that wraps keeps its number level with its first line, like the others', async () => {
    const page = await open({ viewport: { width: 375, height: 900 } });
    await page.goto(`${url}/case-study/office-depot`);
    const headings = await page.locator('h2[data-section]').evaluateAll((hs) =>
      hs.map((h) => {
        const text = document.createRange();
        text.selectNodeContents(h.querySelector('span:last-child')!);
        const lines = [...text.getClientRects()];
        const badge = h.querySelector('.section-number')!.getBoundingClientRect();
        const firstLine = lines[0];
        if (!firstLine) throw new Error(`the heading "${h.textContent}" has no line of text`);
        return { lines: new Set(lines.map((r) => Math.round(r.top))).size, offset: badge.top - firstLine.top };
      }),
    );
    expect(headings.length).toBe(9);
    expect(headings.some((h) => h.lines > 1)).toBe(true); // “Ideation & Design Process” wraps at this width
    const offsets = headings.map((h) => h.offset);
    expect(Math.max(...offsets) - Math.min(...offsets)).toBeLessThan(1);
  });
});
