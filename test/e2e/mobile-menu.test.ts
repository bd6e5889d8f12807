import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoReady, NAV, site, waitForFrames } from '../helpers/site/e2e';
import {
  expectSectionAtTop,
  expectSmoothScroll,
  logScrolls,
  scrollLog,
  waitForScrollEnd,
  waitForScrollToSettle,
  waitForSectionAtTop,
  type ScrollEntry,
} from '../helpers/site/scroll';
import { at } from '../helpers/must';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/** Polls get 5 s: the machine may be busy (two cores, several browsers). */
const POLL = { timeout: 5000 };

const url = publicSite();

const pages = useBrowser({}, { pagePerTest: true, failOnConsoleErrors: true });
const open = (width = 375, options: BrowserContextOptions = {}): Promise<Page> =>
  pages.openPage({ viewport: { width, height: 740 }, ...options });

const menuButton = (page: Page) => page.getByRole('button', { name: 'Open menu' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
const panel = (page: Page) => page.locator('#mobile-menu');
const panelOpen = (page: Page) =>
  panel(page).evaluate((el) => el.getAttribute('data-open') === 'true' && getComputedStyle(el).visibility === 'visible');

/** Opens the menu and waits for the slide-in to finish (the panel flush with the right edge). */
async function openMenu(page: Page) {
  await menuButton(page).click();
  await dialog(page).waitFor();
  await page.waitForFunction(() => {
    const panel = document.getElementById('mobile-menu')!;
    const box = panel.getBoundingClientRect();
    return panel.getAnimations().length === 0 && Math.abs(box.right - window.innerWidth) < 0.5;
  });
}

async function expectClosed(page: Page) {
  await expect.poll(() => panelOpen(page), POLL).toBe(false);
  await expect.poll(() => panel(page).isVisible(), POLL).toBe(false);
  expect(await page.locator('button[aria-controls="mobile-menu"]').getAttribute('aria-expanded')).toBe('false');
  expect(await page.evaluate(() => document.documentElement.style.overflow), 'page scroll unlocked').toBe('');
}

/** Jumps to `y` (no smooth scroll) and opens the menu there: where each try of a scrolling menu link starts. */
async function openMenuAt(page: Page, y: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), y);
  await page.waitForFunction((y) => window.scrollY === y, y);
  await openMenu(page);
}

const focusInPanel = (page: Page) => page.evaluate(() => document.activeElement?.closest('#mobile-menu') != null);

/** Records, in the page, when the next click happens and when the menu closes. */
async function recordClickAndClose(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __times: { click?: number; closed?: number } };
    w.__times = {};
    document.addEventListener('click', () => (w.__times.click ??= performance.now()), { capture: true, once: true });
    const panel = document.getElementById('mobile-menu')!;
    new MutationObserver(() => {
      if (panel.getAttribute('data-open') === 'false') w.__times.closed ??= performance.now();
    }).observe(panel, { attributes: true, attributeFilter: ['data-open'] });
  });
}

/**
 * In the open menu: records the click and the closing, logs the scroll, clicks
 * the link `name`, then waits until `arrived` holds and the scroll has ended.
 */
async function followMenuLink(page: Page, name: string, arrived: () => Promise<unknown>) {
  await recordClickAndClose(page);
  await logScrolls(page);
  await dialog(page).getByRole('link', { name }).click();
  await arrived();
  await waitForScrollEnd(page);
}

const recordedTimes = (page: Page) => page.evaluate(() => (window as unknown as { __times: { click: number; closed: number } }).__times);

describe.each([
  [375, 280],
  [639, 280],
  [640, 300],
  [700, 300],
])('at %i px', (width, panelWidth) => {
  it(`the menu button opens a right-side panel ${panelWidth} px wide with the four items`, async () => {
    const page = await open(width);
    await gotoReady(page, url);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await panel(page).isVisible()).toBe(false);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await openMenu(page);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    const box = (await dialog(page).boundingBox())!;
    // Sub-pixel rounding aside.
    expect(box.width).toBeCloseTo(panelWidth, 0);
    expect(box.x + box.width).toBeCloseTo(width, 0);
    expect(box.y).toBeCloseTo(0, 0);
    expect(box.height).toBeCloseTo(740, 0);
    const links = dialog(page).getByRole('link');
    expect(await links.count()).toBe(4);
    for (const [i, item] of NAV.entries()) {
      expect((await links.nth(i).innerText()).trim()).toBe(item.label);
      expect(await links.nth(i).getAttribute('href')).toBe(item.href);
      expect(await links.nth(i).isVisible()).toBe(true);
    }
  });
});

describe('focus handling (375 px)', () => {
  it('focus moves into the panel when it opens', async () => {
    const page = await open();
    await gotoReady(page, url);
    await openMenu(page);
    await expect.poll(() => focusInPanel(page), POLL).toBe(true);
  });

  it('Escape closes it and focus returns to the menu button', async () => {
    const page = await open();
    await gotoReady(page, url);
    await openMenu(page);
    await page.keyboard.press('Escape');
    await expectClosed(page);
    expect(await menuButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('Tab and Shift+Tab stay inside the panel', async () => {
    const page = await open();
    await gotoReady(page, url);
    await openMenu(page);
    const focusable = await dialog(page).locator('a[href]:visible, button:visible').count();
    expect(focusable).toBe(5); // Close + four items
    const seen = new Set<string>();
    for (let i = 0; i < focusable + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInPanel(page), `after Tab #${i + 1}`).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(seen.size).toBe(5);
    for (let i = 0; i < focusable + 2; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInPanel(page), `after Shift+Tab #${i + 1}`).toBe(true);
    }
  });

  it('the Close button and the backdrop close it too', async () => {
    const page = await open();
    await gotoReady(page, url);
    await openMenu(page);
    await dialog(page).getByRole('button', { name: 'Close menu' }).click();
    await expectClosed(page);
    await openMenu(page);
    await page.mouse.click(20, 400); // the backdrop, left of the panel
    await expectClosed(page);
  });
});

describe('menu items (375 px)', () => {
  /** Where the page was at the click, and the first scroll event after it that moved (never earlier than the movement). */
  function analyse(log: ScrollEntry[], click: number) {
    const startY = log.filter((e) => e.t <= click).at(-1)?.y ?? at(log, 0, 'a scroll event').y;
    const firstMoved = log.find((e) => e.t > click && Math.abs(e.y - startY) > 2);
    const timeline = JSON.stringify(
      log
        .filter((e) => e.t > click - 50)
        .slice(0, 60)
        .map((e) => [Math.round(e.t - click), Math.round(e.y)]),
    );
    return { startY, firstMoved, timeline };
  }

  it('Case Studies closes the menu at once, then smooth-scrolls to #work only after 500 ms', async () => {
    const page = await open();
    await gotoReady(page, url);
    // Every try checks it all; only the smoothness may need another try (see expectSmoothScroll).
    await expectSmoothScroll(async () => {
      await openMenuAt(page, 0);
      await followMenuLink(page, 'Case Studies', () => waitForSectionAtTop(page, 'work'));
      expect(await expectSectionAtTop(page, 'work')).toBeNull();
      await expectClosed(page);
      await page.waitForURL(`${url}/#work`);

      const { click, closed } = await recordedTimes(page);
      const log = await scrollLog(page);
      const { startY, firstMoved, timeline } = analyse(log, click);
      expect(closed - click, 'menu closes at once').toBeLessThan(300);
      expect(firstMoved, timeline).toBeDefined();
      // Not before the 500 ms delay (a timer never fires early; 50 ms of slack for clock granularity)…
      expect(firstMoved!.t - click, `scroll started too early: ${timeline}`).toBeGreaterThanOrEqual(450);
      // …but soon after it, even on a busy machine.
      expect(firstMoved!.t - click, `scroll started too late: ${timeline}`).toBeLessThan(2000);
      expect(closed).toBeLessThan(firstMoved!.t);
      return { log, from: startY, to: log.at(-1)!.y };
    });
  });

  it('Contact scrolls to #contact the same way', async () => {
    const page = await open();
    await gotoReady(page, url);
    await openMenu(page);
    await followMenuLink(page, 'Contact', () => waitForSectionAtTop(page, 'contact'));
    const { click } = await recordedTimes(page);
    const { firstMoved, timeline } = analyse(await scrollLog(page), click);
    expect(firstMoved!.t - click, timeline).toBeGreaterThanOrEqual(450);
    expect(await expectSectionAtTop(page, 'contact')).toBeNull();
  });

  it('Home on /, from a scrolled position, closes the menu and ends at the top', async () => {
    const page = await open();
    await gotoReady(page, url);
    await expectSmoothScroll(async () => {
      await openMenuAt(page, 2000);
      expect(await page.evaluate(() => window.scrollY), 'opening the menu keeps the position').toBe(2000);
      await followMenuLink(page, 'Home', () => page.waitForFunction(() => window.scrollY === 0, null, { timeout: 8000 }));
      await expectClosed(page);
      expect(new URL(page.url()).pathname).toBe('/');
      const { click } = await recordedTimes(page);
      const log = await scrollLog(page);
      const { firstMoved, timeline } = analyse(log, click);
      expect(firstMoved!.t - click, timeline).toBeGreaterThanOrEqual(450);
      return { log, from: 2000, to: 0 };
    });
  });

  it('Resume closes the menu and opens /resume at the top', async () => {
    const page = await open();
    await gotoReady(page, url);
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    await openMenu(page);
    await dialog(page).getByRole('link', { name: 'Resume' }).click();
    await page.waitForURL(`${url}/resume`);
    await page.getByRole('heading', { level: 1, name: site.name }).waitFor();
    await expectClosed(page);
    await waitForScrollToSettle(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe('breakpoint', () => {
  it('growing the viewport to 768 px closes an open menu (it stays closed when narrowed again)', async () => {
    const page = await open();
    await gotoReady(page, url);
    await openMenu(page);
    await page.setViewportSize({ width: 768, height: 740 });
    await expect.poll(() => panel(page).getAttribute('data-open'), POLL).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 375, height: 740 });
    // The media-query listener runs in the first frame at the new width; two frames on, reopening would show.
    await page.waitForFunction(() => window.innerWidth === 375);
    await waitForFrames(page);
    await expectClosed(page);
  });

  it('growing to 767 px does not close it', async () => {
    const page = await open();
    await gotoReady(page, url);
    await openMenu(page);
    await page.setViewportSize({ width: 767, height: 740 });
    // A media-query listener runs in the first frame at the new width; two frames on, closing would show.
    await page.waitForFunction(() => window.innerWidth === 767);
    await waitForFrames(page);
    expect(await panelOpen(page)).toBe(true);
  });

  it.each([768, 1280])('there is no menu button at %i px', async (width) => {
    const page = await open(width);
    await gotoReady(page, url);
    expect(await menuButton(page).isVisible()).toBe(false);
    expect(await page.locator('a[href="#mobile-menu"]').isVisible()).toBe(false);
    expect(await panel(page).isVisible()).toBe(false);
  });
});

describe('the back/forward cache', () => {
  // Playwright's Chromium runs with the cache off (--disable-back-forward-cache), so the
  // test fires the events the browser fires when it keeps the page and brings it back.
  it('a menu left open is closed when the page is hidden, and shown again closed, the page free to scroll', async () => {
    const page = await open();
    await gotoReady(page, url);
    await openMenu(page);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    await page.evaluate(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await expectClosed(page);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  });
});
