import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HYDRATION_START_FALLBACK_MS } from '~/content/deferred-hydration.server';
import { COMPILE_HINT } from '../../scripts/compile-hints';
import { waitForHydration } from '../helpers/site/e2e';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/**
 * The app's JavaScript waits for the first paint (app/content/deferred-hydration.server.ts),
 * and until it has hydrated the page behaves as it does without JavaScript.
 */

const PAGES = ['/', '/resume', '/case-study/office-depot'];
const POLL = { timeout: 5000 };

const url = publicSite();

const pages = useBrowser({}, { pagePerTest: true, failOnConsoleErrors: true });
const open = (width = 375): Promise<Page> => pages.openPage({ viewport: { width, height: 740 } });

/** Holds every /build/*.js response until `release()`: the page is painted, the app not yet started. */
async function holdAppScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(/\/build\/.*\.js$/, async (route) => {
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, requested };
}

describe('the app starts after the first paint', () => {
  it.each(PAGES)('%s requests no app module before its first contentful paint, then hydrates', async (path) => {
    const page = await open();
    const response = await page.goto(url + path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/build\/.*\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
      modulePreloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.scripts.map((s) => new URL(s.name).pathname)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/build\/root-/), expect.stringMatching(/^\/build\/entry\.client-/)]),
    );
    for (const script of timing.scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(timing.fcp);
    expect(timing.modulePreloads, 'no high-priority module preloads').toBe(0);
    // Each module asks V8 to compile it while it downloads (the precompressed twins too).
    for (const script of timing.scripts) {
      const source = await (await fetch(script.name, { headers: { 'accept-encoding': 'br' } })).text();
      expect(source.startsWith(COMPILE_HINT), script.name).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
  });

  it('leaves the no-JS mobile menu in charge until hydration, then hands an open menu over to the dialog', async () => {
    const page = await open(375);
    const { release, requested } = await holdAppScripts(page);
    await page.goto(url + '/resume');
    await expect.poll(() => requested.length, POLL).toBeGreaterThan(0);

    // Painted, not hydrated: the link that opens the panel through :target is the one shown.
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await page.locator('a[href="#mobile-menu"]').click();
    await expect.poll(() => page.locator('#mobile-menu').isVisible(), POLL).toBe(true);
    // The page is still loading (its scripts are held): wait for the URL alone.
    await page.waitForURL(/#mobile-menu$/, { waitUntil: 'commit' });

    release();
    await waitForHydration(page);
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

  it(`starts the app after ${HYDRATION_START_FALLBACK_MS / 1000} s even when the page never finishes loading`, async () => {
    const page = await open(1280);
    // An image that never answers keeps the load event from firing.
    await page.route(/\/generated\/images\//, () => undefined);
    await page.goto(url + '/case-study/office-depot', { waitUntil: 'domcontentloaded' });
    const started = Date.now();
    await page.waitForFunction(() => window.history.scrollRestoration === 'manual', undefined, {
      timeout: HYDRATION_START_FALLBACK_MS + 5000,
    });
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(Date.now() - started).toBeLessThan(HYDRATION_START_FALLBACK_MS + 4000);
  });
});

describe('scroll restoration', () => {
  it('a reload comes back to the same place; a fresh visit starts at the top with a new history key', async () => {
    const page = await open(1280);
    await page.goto(url + '/resume');
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => typeof (window.history.state as { key?: unknown } | null)?.key)).toBe('string');

    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBe(900);
    await page.reload({ waitUntil: 'domcontentloaded' });
    // Restored by the inline script, before the app starts.
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
  });
});
