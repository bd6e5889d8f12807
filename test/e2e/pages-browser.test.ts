import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { publicPageJs } from '../bench/public-js';
import { buildFixtureSite, PAGES_CONTENT_JSON } from '../helpers/data/fixture-site';
import { gotoReady, waitForTransitionsToEnd } from '../helpers/site/e2e';
import { useBrowser } from '../helpers/suite/browser-suite';
import { startServer } from '../helpers/start/server';
import { useStarted } from '../helpers/suite/use-started';

/**
 * Pages of her own through the built server, in Chromium: the fixture's
 * Writing page (an image, three entries, `menu: 2`, once called "notes") and
 * its Colophon (no blocks, no place in the menu), compiled beside the
 * content under test (test/fixtures/pages/). Live at their addresses, in the
 * header menu and the phone menu at their place, in the sitemap with a
 * sharing card; an earlier address redirects, anything else is the site's
 * 404, whatever name the site keeps for itself. No script beyond the islands.
 */

const SITE_URL = 'https://portfolio.example';
const server = useStarted(
  async () => {
    await buildFixtureSite({ pages: true });
    return startServer({ SITE_URL, CONTENT_JSON_PATH: PAGES_CONTENT_JSON });
  },
  (started) => started.stop(),
);
const chromium = useBrowser({}, { pagePerTest: true });

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

const KB = 1024;

describe('a page of her own over HTTP', () => {
  it('is live at its address with its title, description and story', async () => {
    const response = await get('/writing');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Writing — ');
    expect(html).toContain('<h1');
    for (const entry of ['Designing for trust in fintech.', 'What a design system owes its readers.', 'Research on a budget.'])
      expect(html).toContain(entry);
    expect(html).toMatch(/<figure[\s\S]*Where the essays start/);
  });

  it('has its own sharing card, drawn at publish', async () => {
    const html = await (await get('/writing')).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toBe(`${SITE_URL}/social/page-writing.png`);
    const card = await get('/social/page-writing.png');
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
  });

  it('answers 301 to its new address at an address it had before', async () => {
    const response = await get('/notes');
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location')!, server.url).pathname).toBe('/writing');
  });

  it('/contact is the site’s own contact page, never a page of hers', async () => {
    const response = await get('/contact');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('id="contact-form"');
  });

  it.each(['/no-such-page', '/shared-notes', '/fonts', '/social', '/api'])(
    '%s is the site’s 404 page, never a page of hers',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Oops! Page not found');
    },
  );

  it('is in the sitemap, each page at its address', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    expect(xml).toContain(`<loc>${SITE_URL}/writing</loc>`);
    expect(xml).toContain(`<loc>${SITE_URL}/colophon</loc>`);
    expect(xml).not.toContain('/notes');
  });
});

async function menuLabels(page: Page, nav: string): Promise<string[]> {
  return (await page.getByRole('navigation', { name: nav }).getByRole('link').allInnerTexts()).map((label) => label.trim());
}

describe('in the menu', () => {
  it('is second in the header menu at 1280 px, on every page', async () => {
    const page = await chromium.openPage({ viewport: { width: 1280, height: 800 } });
    for (const path of ['/', '/colophon', '/writing']) {
      await gotoReady(page, server.url + path);
      expect(await menuLabels(page, 'Main'), path).toEqual(['Home', 'Writing', 'Case Studies', 'Resume', 'Contact']);
    }
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Writing' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('is second in the phone menu at 375 px', async () => {
    const page = await chromium.openPage({ viewport: { width: 375, height: 800 } });
    await gotoReady(page, `${server.url}/colophon`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await waitForTransitionsToEnd(page);
    expect(await menuLabels(page, 'Mobile')).toEqual(['Home', 'Writing', 'Case Studies', 'Resume', 'Contact']);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Writing' }).click();
    await page.waitForURL(`${server.url}/writing`);
  });
});

describe('open and light', () => {
  it.each([
    ['/colophon', 3 * KB, false],
    ['/writing', 6 * KB, true],
  ] as const)('%s runs the islands only, within its budget', async (path, budget, heavy) => {
    const js = await publicPageJs(chromium.browser, server.url, path);
    expect(js.status).toBe(200);
    expect(js.framework, 'React, Remix or route chunks').toEqual([]);
    expect(js.external.map((script) => script.url).filter((url) => !url.startsWith('/build/islands/'))).toEqual([]);
    expect(js.heavy).toBe(heavy);
    expect(js.total).toBeLessThanOrEqual(budget);
  });

  describe.each(['light', 'dark'] as const)('axe, %s', (colorScheme) => {
    it.each([375, 1280])('a page of her own at %i px has no violations', async (width) => {
      const page = await chromium.openPage({ colorScheme, viewport: { width, height: 900 } });
      for (const path of ['/writing', '/colophon']) {
        expect((await gotoReady(page, server.url + path))?.status(), path).toBe(200);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    });
  });
});
