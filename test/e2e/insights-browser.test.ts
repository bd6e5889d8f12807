import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA, stopAll } from '../helpers/start/browser';
import { useBrowser } from '../helpers/suite/browser-suite';
import { waitForFrames, waitForReady } from '../helpers/site/e2e';
import { startOwnerStack, type OwnerStack } from '../helpers/suite/owner-stack';
import { waitFor } from '../helpers/wait';
import { asIfPrerendered, showPrerendered } from '../helpers/site/prerender';
import { only } from '../helpers/must';
import { signInPage } from '../helpers/site/owner-session';

/**
 * Reading insights in Chromium against the built server and a real
 * PostgreSQL, with a desktop Chrome user agent (headless Chromium's own is a
 * bot's): a visit to / and a case study read to section 5 shows on the
 * dashboard as 1 visitor, 2 views and sections 1–5 reached once; a visit
 * without JavaScript counts once; GPC and the signed-in owner count never;
 * and no visit leaves a cookie or an identifying storage key behind.
 *
 * The server writes events a moment after answering, in the order they came:
 * before saying that nothing was stored, settle() sends a marker view of
 * /privacy (no test here visits it) and waits for it to be written.
 */

const ADMIN_PASSWORD = 'owner password for the insights browser test';
const CHROME = DESKTOP_CHROME_UA;
const STUDY = '/case-study/office-depot';

const chromium = useBrowser({ userAgent: CHROME });
const open = chromium.openPage;
let stack: OwnerStack;
let url: string;
let db: OwnerStack['db'];

beforeAll(async () => {
  stack = await startOwnerStack(ADMIN_PASSWORD);
  url = stack.server.url;
  db = stack.db;
});

afterAll(() => stopAll(stack));

beforeEach(async () => {
  await db.query('DELETE FROM insight_events');
});

const MARKER = '/privacy';
const rows = () =>
  db.query<{ kind: string; path: string; sections: number }>(
    `SELECT kind, path, sections FROM insight_events WHERE path <> '${MARKER}' ORDER BY id`,
  );
const waitForRows = (count: number, what: string) =>
  waitFor(async () => ((await rows()).length >= count ? rows() : undefined), { timeoutMs: 20_000, what });
const views = async (path: string) => (await rows()).filter((row) => row.kind === 'view' && row.path === path).length;
/** Until `path` has `count` views: a read sent meanwhile is a row too, so counting rows could go on before the view is in. */
const waitForViews = (path: string, count: number) =>
  waitFor(async () => (await views(path)) >= count || undefined, { timeoutMs: 20_000, what: `${count} view(s) of ${path}` });

let markers = 0;
/** Everything the server was sent before this has been written (or refused). */
async function settle() {
  const count = async () =>
    only(await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM insight_events WHERE path = '${MARKER}'`), 'count row').n;
  const before = await count();
  const marker = await fetch(`${url}/api/insights?p=${encodeURIComponent(MARKER)}`, {
    headers: { 'user-agent': `${CHROME} marker/${++markers}` },
  });
  expect(marker.status).toBe(204);
  await waitFor(async () => (await count()) > before, { timeoutMs: 20_000, what: 'the marker to be written' });
}

/**
 * Scrolls down in steps smaller than the viewport, a couple of frames apart,
 * until section `n`'s heading sits near the bottom of the view and the next
 * one is still below it. The target is measured again at every step: the
 * story's own stylesheet, linked in the body, may arrive a moment later and
 * move every heading.
 */
async function scrollToSection(page: Page, n: number) {
  await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/story-') && sheet.cssRules.length > 0));
  await waitFor(
    async () => {
      const there = await page.evaluate((n) => {
        const heading = document.querySelector(`.story h2[data-section="${n}"]`)!;
        const goal = Math.round(window.scrollY + heading.getBoundingClientRect().top - window.innerHeight + 160);
        if (Math.abs(goal - window.scrollY) <= 1) return true;
        window.scrollTo({ top: Math.min(goal, window.scrollY + 350), behavior: 'instant' });
        return false;
      }, n);
      await waitForFrames(page, 2);
      return there || undefined;
    },
    { timeoutMs: 30_000, what: `section ${n}'s heading in view` },
  );
  const inView = await page
    .locator('.story h2[data-section]')
    .evaluateAll((headings) =>
      headings
        .filter((h) => h.getBoundingClientRect().bottom > 0 && h.getBoundingClientRect().top < window.innerHeight)
        .map((h) => Number((h as HTMLElement).dataset.section)),
    );
  expect(inView).toContain(n);
  expect(Math.max(...inView)).toBe(n);
}

const signIn = (page: Page) => signInPage(page, url, ADMIN_PASSWORD);

const metric = (page: Page, name: string) => page.locator(`[data-metric="${name}"]`).getAttribute('data-value');

describe('a reader', () => {
  it('opens / and a case study, reads to section 5 and leaves: 1 visitor, 2 views, sections 1–5 reached once, 6–9 none', async () => {
    const page = await open();
    await page.goto(`${url}/`);
    await waitForReady(page);
    await waitForRows(1, 'the view of /');
    // As a reader clicks a card: a page of its own, counted by its own tracker.
    await page.locator(`a[href="${STUDY}"]`).first().click();
    await page.waitForURL(`${url}${STUDY}`);
    await waitForRows(2, 'the view of the case study');
    await scrollToSection(page, 5);
    // Closing the tab sends the reading (pagehide). A navigation away sends it too in a browser, but
    // headless Chromium drops a beacon sent while its tab navigates (seen here: sendBeacon says true, nothing arrives).
    await page.close({ runBeforeUnload: true });
    const recorded = await waitFor(async () => ((await rows()).some((row) => row.kind === 'read') ? rows() : undefined), {
      timeoutMs: 20_000,
      what: 'the reading',
    });
    expect(recorded.filter((row) => row.kind === 'view').map((row) => row.path)).toEqual(['/', STUDY]);
    expect(recorded.filter((row) => row.kind === 'read').reduce((bits, row) => bits | row.sections, 0)).toBe(0b11111);

    const owner = await open();
    await signIn(owner);
    await owner.goto(`${url}/admin/insights?range=7`);
    expect(await metric(owner, 'visitors')).toBe('1');
    expect(await metric(owner, 'views')).toBe('2');
    expect(await metric(owner, 'readers')).toBe('1');
    const bars = await owner
      .locator(`[data-case-study="office-depot"][data-section]`)
      .evaluateAll((elements) =>
        elements.map((element) => [Number((element as HTMLElement).dataset.section), Number((element as HTMLElement).dataset.readers)]),
      );
    expect(bars).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [n, n <= 5 ? 1 : 0]));
  });

  it('leaves no cookie and nothing in localStorage or sessionStorage, and Back counts the page again', async () => {
    const page = await open();
    await page.goto(`${url}/`);
    await waitForReady(page);
    await page.locator(`a[href="${STUDY}"]`).first().click();
    await page.waitForURL(`${url}${STUDY}`);
    await waitForRows(2, 'both views');
    await page.goBack();
    await page.waitForURL(`${url}/`);
    await waitForRows(3, 'the view after going back');
    expect(await page.context().cookies()).toEqual([]);
    const storage = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
    expect(storage.local).toEqual([]);
    expect(storage.session).toEqual([]);
  });

  it('without JavaScript is counted once, by the pixel', async () => {
    const page = await open({ javaScriptEnabled: false });
    const pixel = page.waitForResponse((response) => response.url().includes('/api/insights'));
    await page.goto(`${url}/resume`);
    expect((await pixel).status()).toBe(204);
    await page.waitForLoadState('networkidle');
    await settle();
    expect(await rows()).toEqual([{ kind: 'view', path: '/resume', sections: 0 }]);
  });
});

/** The sections read on `path`, from every 'read' beacon written so far. */
const sectionsRead = async (path: string) =>
  (await rows()).filter((row) => row.kind === 'read' && row.path === path).reduce((bits, row) => bits | row.sections, 0);
const untilRead = (path: string, bits: number, what: string) =>
  waitFor(async () => ((await sectionsRead(path)) === bits ? true : undefined), { timeoutMs: 20_000, what });

describe('a reader leaving a case study any way they can', () => {
  it('by a link in the menu: what was read is counted (headless Chromium drops a beacon sent in pagehide while the tab navigates)', async () => {
    const page = await open();
    await page.goto(`${url}${STUDY}`);
    await waitForReady(page);
    await waitForRows(1, 'the view');
    await scrollToSection(page, 3);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resume' }).click();
    await page.waitForURL(`${url}/resume`);
    await untilRead(STUDY, 0b111, 'sections 1–3 read, sent as the link was followed');
  });

  it('back, then forward: the page shown again is a view, and what is read on it is counted a moment later, without waiting for it to be left', async () => {
    const page = await open();
    await page.goto(`${url}${STUDY}`);
    await waitForReady(page);
    await waitForRows(1, 'the view');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resume' }).click();
    await page.waitForURL(`${url}/resume`);
    // Its view in before going back: one sent as the tab navigates away can be dropped by headless Chromium.
    await waitForViews('/resume', 1);
    await page.goBack();
    await page.waitForURL(`${url}${STUDY}`);
    await waitForViews(STUDY, 2);
    await scrollToSection(page, 4);
    await untilRead(STUDY, 0b1111, 'sections 1–4 read, sent while the page is still open');
    await page.goForward();
    await page.waitForURL(`${url}/resume`);
    // Each page twice: the page shown again from history is a view of its own, and only one.
    await waitForViews('/resume', 2);
    await settle();
    expect([await views(STUDY), await views('/resume')]).toEqual([2, 2]);
  });

  it('a prerendered case study counts its reading once it is shown', async () => {
    // Chromium does not prerender under DevTools: the page gets a prerendered page's state (helpers/site/prerender.ts).
    const page = await open();
    await asIfPrerendered(page);
    await page.goto(`${url}${STUDY}`, { waitUntil: 'load' });
    await showPrerendered(page);
    await waitForReady(page);
    await waitForRows(1, 'the view once shown');
    await scrollToSection(page, 2);
    await untilRead(STUDY, 0b11, 'sections 1–2 read');
    await settle();
    expect((await rows()).filter((row) => row.kind === 'view' && row.path === STUDY).length).toBe(1);
  });
});

describe('never counted', () => {
  it.each([
    ['Global Privacy Control', { extraHTTPHeaders: { 'Sec-GPC': '1' } }],
    ['Do Not Track', { extraHTTPHeaders: { DNT: '1' } }],
    ['headless Chromium’s own user agent', { userAgent: undefined }],
  ] as const)('a visit with %s', async (_name, options) => {
    const page = await open(options);
    // The tracker still sends (the browser does not say GPC to scripts here); the server drops it.
    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/insights') && response.request().method() === 'POST');
    await page.goto(`${url}/`);
    expect((await beacon).status()).toBe(204);
    await settle();
    expect(await rows()).toEqual([]);
  });

  it('the owner’s own visits while signed in', async () => {
    const page = await open();
    await signIn(page);
    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/insights') && response.request().method() === 'POST');
    await page.goto(`${url}${STUDY}`);
    expect((await beacon).status()).toBe(204);
    await settle();
    expect(await rows()).toEqual([]);
  });
});
