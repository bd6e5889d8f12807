import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForReady } from '../helpers/site/e2e';
import { at, group } from '../helpers/must';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { leaks, PASSWORD, PRIVATE_ENV, PRIVATE_PATH, privateMediaFiles } from '../helpers/data/private';
import { useBrowser } from '../helpers/suite/browser-suite';
import { startServer } from '../helpers/start/server';
import { useStarted } from '../helpers/suite/use-started';

/**
 * A private case study in Chromium against the built server: the lock
 * screen, unlocking with and without JavaScript, the wrong-password state and
 * its focus, axe, the card's Private badge, and a crawl of everything a
 * visitor without the password can reach.
 */

// A server of its own: wrong passwords count against the unlock limit.
const server = useStarted(
  () => startServer({ ...PRIVATE_ENV, CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON }),
  (server) => server.stop(),
);
const pages = useBrowser({}, { pagePerTest: true });
let consoleErrors: () => string[] = () => [];

/** A page whose console may hold only Chromium's note on a 401 answer (the wrong password's page). */
async function openPage(options: Parameters<typeof pages.open>[0]): Promise<Page> {
  const tracked = await pages.open(options);
  consoleErrors = () => tracked.errors().filter((error) => !/the server responded with a status of 401/.test(error));
  return tracked.page;
}

afterEach(() => {
  expect(consoleErrors(), 'console errors').toEqual([]);
  consoleErrors = () => [];
});

const STORY = 'Quillfeather’s treasury team reconciled the Halcyon ledger by hand every night.';

async function unlockWith(page: Page, password: string) {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

describe.each([
  ['without JavaScript', false],
  ['with JavaScript', true],
] as const)('%s', (_name, javaScriptEnabled) => {
  const open = async () => {
    const page = await openPage({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
    const response = await page.goto(server.url + PRIVATE_PATH);
    expect(response?.status()).toBe(200);
    if (javaScriptEnabled) await waitForReady(page);
    return page;
  };

  it('the lock screen shows the card’s fields, the note and a labelled password field', async () => {
    const page = await open();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Treasury Ledger for a Private Bank');
    expect(await page.getByRole('heading', { name: 'This case study is private' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'private@example.com' }).getAttribute('href')).toBe('mailto:private@example.com');
    const field = page.getByLabel('Password');
    expect(await field.getAttribute('type')).toBe('password');
    expect(await field.getAttribute('autocomplete')).toBe('current-password');
    expect(await page.getByText(STORY).count()).toBe(0);
  });

  it('a wrong password: the error beside the field, tied to it, focus on it, the field empty', async () => {
    const page = await open();
    await unlockWith(page, 'not the password');
    const error = page.getByText('That password isn’t right.');
    await error.waitFor();
    const field = page.getByLabel('Password');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(await error.locator('xpath=ancestor::p[1]').getAttribute('id'));
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('');
    expect(await page.getByText(STORY).count()).toBe(0);
  });

  it('the right password opens the story on the same page, and every private case study stays open', async () => {
    const page = await open();
    await unlockWith(page, PASSWORD);
    await page.getByText(STORY).waitFor();
    expect(page.url()).toBe(server.url + PRIVATE_PATH);
    expect(await page.locator('article.story h2').count()).toBe(2);
    const image = page.locator('article.story img').first();
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.goto(server.url + PRIVATE_PATH);
    await page.getByText(STORY).waitFor();
  });
});

describe('the home page card', () => {
  it('is a link with a Private badge and a lock icon, and says so to screen readers', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.url + '/');
    const card = page.locator('article', { has: page.getByRole('heading', { name: /Treasury Ledger/ }) });
    expect(await card.getByText('Private', { exact: true }).isVisible()).toBe(true);
    expect(await card.locator('.case-study-card-private svg').count()).toBe(1);
    const link = card.getByRole('link');
    expect(await link.getAttribute('href')).toBe(PRIVATE_PATH);
    expect(await link.innerText()).toContain('Treasury Ledger for a Private Bank');
    expect(await link.textContent()).toContain('(private: password needed)');
  });
});

describe.each(['light', 'dark'] as const)('axe, %s', (colorScheme) => {
  it('the lock screen, and its wrong-password state, have no violations', async () => {
    const page = await openPage({ colorScheme, viewport: { width: 1280, height: 900 } });
    await page.goto(server.url + PRIVATE_PATH);
    await waitForReady(page);
    const check = async () => {
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await check();
    await unlockWith(page, 'wrong');
    await page.getByText('That password isn’t right.').waitFor();
    await check();
  });
});

describe('a crawl without the password', () => {
  it('follows every same-origin link and asset from / and finds nothing of the private case study', async () => {
    const media = await privateMediaFiles();
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    const seen = new Set<string>();
    // The home page, and the files every crawler reads first.
    const queue = ['/', '/robots.txt', '/sitemap.xml'];
    const found: string[] = [];
    const assets = new Map<string, Buffer>();
    page.on('response', async (response) => {
      const path = new URL(response.url()).pathname;
      if (response.url().startsWith(server.url)) assets.set(path, await response.body().catch(() => Buffer.alloc(0)));
    });
    while (queue.length > 0 && seen.size < 60) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      // Pages in the browser (their scripts, styles, images, data requests); other files fetched as they are.
      const isPage = !/\.\w+$/.test(path) || path.endsWith('.xml') || path.endsWith('.txt');
      let body: Buffer;
      if (isPage && !path.endsWith('.xml') && !path.endsWith('.txt')) {
        await page.goto(server.url + path);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        body = Buffer.from(await page.content());
      } else {
        body = Buffer.from(await (await fetch(server.url + path)).arrayBuffer());
      }
      found.push(...leaks(body, media).map((leak) => `${path}: ${leak}`));
      const text = body.toString('utf8');
      for (const match of text.matchAll(
        /(?:href|src|content|poster|data-poster)="(?:https?:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?)?(\/[^"#?/][^"#?]*|\/)"/g,
      ))
        queue.push(group(match, 'a link'));
      for (const match of text.matchAll(/<loc>https?:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?(\/[^<]*)<\/loc>/g))
        queue.push(group(match, 'a sitemap link'));
      for (const match of text.matchAll(/srcSet="([^"]+)"/gi))
        for (const candidate of group(match, 'a srcset').split(',')) queue.push(at(candidate.trim().split(' '), 0, 'a srcset URL'));
    }
    for (const [path, body] of assets) found.push(...leaks(body, media).map((leak) => `${path} (loaded by a page): ${leak}`));
    expect(seen.size).toBeGreaterThan(15);
    expect(seen.has(PRIVATE_PATH)).toBe(true);
    expect(found).toEqual([]);
  });
});
