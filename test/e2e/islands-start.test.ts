import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForReady } from '../helpers/site/e2e';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/**
 * A public page runs no app: one boot module (app/islands/boot.ts) imports
 * the islands its hooks ask for once the page has loaded and painted, and
 * until they have started the page behaves as it does without JavaScript.
 */

const PAGES = ['/', '/resume', '/case-study/office-depot'];
/** How long the islands wait for the load event at most, from the navigation's start (app/islands/boot-loader.ts). */
const START_FALLBACK_MS = 3_000;
const POLL = { timeout: 5000 };
const ISLAND_SCRIPT = /\/build\/islands\/.*\.js$/;

const url = publicSite();

const pages = useBrowser({}, { pagePerTest: true, failOnConsoleErrors: true });
const open = (width = 375): Promise<Page> => pages.openPage({ viewport: { width, height: 740 } });
// For the test whose failed island logs its failed request.
const failing = useBrowser({}, { pagePerTest: true });

/** Holds every island's module (all but the boot's) until `release()`: the page is painted, its islands not yet started. */
async function holdIslands(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(ISLAND_SCRIPT, async (route) => {
    if (/\/boot-[\w]+\.js$/.test(route.request().url())) return route.continue();
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, requested };
}

describe('the islands start after the first paint', () => {
  it.each(PAGES)('%s loads no script before it has loaded and painted: then the boot module, then its islands', async (path) => {
    const page = await open();
    const response = await page.goto(url + path);
    expect(response?.status()).toBe(200);
    await waitForReady(page);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventStart ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      modulePreloads: document.querySelectorAll('link[rel="modulepreload"]').length,
      remix: '__remixContext' in window,
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.remix, 'no hydration data').toBe(false);
    expect(timing.modulePreloads, 'no module preloads').toBe(0);
    const paths = timing.scripts.map((script) => script.path);
    const boots = timing.scripts.filter((script) => /\/boot-\w+\.js$/.test(script.path));
    expect(boots).toHaveLength(1);
    // Not fetched beside the hero image and the stylesheet: only once the page has loaded (its islands only after the first paint, below).
    expect(timing.loaded).toBeGreaterThan(0);
    expect(boots[0]!.startTime, 'the boot module, after load').toBeGreaterThanOrEqual(timing.loaded);
    expect(
      paths.filter((p) => !ISLAND_SCRIPT.test(p)),
      'nothing but islands',
    ).toEqual([]);
    // The menu's island at least: every public page has the header.
    const islands = timing.scripts.filter((script) => !/\/boot-\w+\.js$/.test(script.path));
    expect(islands.length).toBeGreaterThan(0);
    for (const island of islands) expect(island.startTime, island.path).toBeGreaterThanOrEqual(timing.fcp);
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
  });

  it('leaves the no-JS mobile menu in charge until its island starts, then hands an open menu over to the dialog', async () => {
    const page = await open(375);
    const { release, requested } = await holdIslands(page);
    await page.goto(url + '/resume');
    await expect.poll(() => requested.length, POLL).toBeGreaterThan(0);

    // Painted, islands held: the link that opens the panel through :target is the one shown.
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await page.locator('a[href="#mobile-menu"]').click();
    await expect.poll(() => page.locator('#mobile-menu').isVisible(), POLL).toBe(true);
    await page.waitForURL(/#mobile-menu$/, { waitUntil: 'commit' });

    release();
    await waitForReady(page);
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    expect(await dialog.getAttribute('data-open')).toBe('true');
    expect(await dialog.isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.getElementById('mobile-menu')!.contains(document.activeElement)), POLL).toBe(true);
    await expect.poll(() => new URL(page.url()).hash, { ...POLL, message: 'the :target hash is dropped' }).toBe('');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.getAttribute('data-open'), POLL).toBe('false');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent), POLL)
      .toContain('Open menu');
  });

  it(`starts the islands after ${START_FALLBACK_MS / 1000} s even when the page never finishes loading`, async () => {
    const page = await open(1280);
    // An image that never answers keeps the load event from firing.
    await page.route(/\/generated\/images\//, () => undefined);
    await page.goto(url + '/case-study/office-depot', { waitUntil: 'domcontentloaded' });
    const started = Date.now();
    await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready', undefined, {
      timeout: START_FALLBACK_MS + 5000,
    });
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(Date.now() - started).toBeLessThan(START_FALLBACK_MS + 4000);
  });

  it('an island that fails to load leaves a usable page: the no-JS menu stays in charge', async () => {
    const page = await failing.openPage({ viewport: { width: 375, height: 740 } });
    await page.route(ISLAND_SCRIPT, (route) =>
      /\/boot-\w+\.js$/.test(route.request().url()) ? route.continue() : route.fulfill({ status: 404, body: '' }),
    );
    await page.goto(url + '/resume');
    await waitForReady(page);
    expect(await page.evaluate(() => document.getElementById('mobile-menu')?.hasAttribute('data-island-failed'))).toBe(true);
    await page.locator('a[href="#mobile-menu"]').click();
    await expect.poll(() => page.locator('#mobile-menu').isVisible(), POLL).toBe(true);
  });
});

describe('scroll restoration', () => {
  it('a reload comes back to the same place, by the browser alone: nothing is kept in storage', async () => {
    const page = await open(1280);
    await page.goto(url + '/resume');
    await waitForReady(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('auto');

    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBe(900);
    await page.reload();
    await waitForReady(page);
    await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBe(900);
    expect(await page.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([0, 0]);
  });
});
