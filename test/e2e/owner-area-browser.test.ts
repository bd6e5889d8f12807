import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopAll } from '../helpers/start/browser';
import { useBrowser, WITHOUT_AND_WITH_JAVASCRIPT } from '../helpers/suite/browser-suite';
import { startContactDb, type ContactDb } from '../helpers/suite/contact-db';
import { startOwnerServer } from '../helpers/suite/owner-stack';
import { waitForReady } from '../helpers/site/e2e';
import { PRIVATE_PATH } from '../helpers/data/private';
import { type RunningServer } from '../helpers/start/server';
import { signInPage } from '../helpers/site/owner-session';
import { waitFor } from '../helpers/wait';

/**
 * The owner's area in Chromium against the built server and a real
 * PostgreSQL: signing in, making, copying and revoking a share link, reading
 * and clearing a message, with and without JavaScript; axe in light and dark;
 * nothing wider than a 375 px phone; a tap as the app starts; and the area's
 * JavaScript stays in the area.
 */

const ADMIN_PASSWORD = 'owner password for the browser';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const chromium = useBrowser({ viewport: DESKTOP });
let db: ContactDb;
let server: RunningServer;
let url: string;

beforeAll(async () => {
  db = await startContactDb();
  server = await startOwnerServer(ADMIN_PASSWORD, db.url);
  url = server.url;
  await db.insert({
    id: 'msg-delivered',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    message: 'Loved the ledger case study. Free for a call on Thursday?',
    status: 'delivered',
  });
  await db.insert({
    id: 'msg-retrying',
    first_name: 'Alan',
    last_name: 'Turing',
    email: 'alan@example.com',
    message: 'Are you open to contract work?',
    status: 'retrying',
    last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
  });
});

afterAll(() => stopAll(server, db));

/** A fresh page; its console must stay free of errors but Chromium's notes on a 401 (a wrong password) and a 422 (a refused form), which are the answers meant. */
const open = chromium.openPage;
const consoleErrors = () => chromium.errors(/the server responded with a status of (401|422)/);

/** Through the sign-in form, as these tests are about it; the others sign in by cookie (signInPage). */
async function signIn(page: Page, javaScript: boolean) {
  await page.goto(`${url}/admin`);
  await page.waitForURL(/\/admin\/sign-in/);
  if (javaScript) await waitForReady(page);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/admin`);
  await page.getByRole('heading', { name: 'Share links' }).first().waitFor();
}

describe.each(WITHOUT_AND_WITH_JAVASCRIPT)('%s', (_name, javaScriptEnabled) => {
  it('a wrong password: the error on the field, focus on it, the field empty; the right one opens the overview', async () => {
    const page = await open({ javaScriptEnabled });
    await page.goto(`${url}/admin/sign-in`);
    if (javaScriptEnabled) await waitForReady(page);
    await page.getByLabel('Password').fill('not it');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That password isn’t right.').waitFor();
    const field = page.getByLabel('Password');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('');
    await field.fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${url}/admin`);
    // With JavaScript the address changes as the navigation commits, a moment before the overview renders: wait for it.
    await page.getByText('Mail delivery').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/\S/);
  });

  it('a link that opens nothing is refused with the typed label kept; a good one is made, shown with its address, and revoked', async () => {
    const page = await open({ javaScriptEnabled });
    await signIn(page, javaScriptEnabled);
    await page.goto(`${url}/admin/links`);
    if (javaScriptEnabled) await waitForReady(page);
    const label = `Acme · Jane Doe, recruiter (${javaScriptEnabled ? 'js' : 'no js'})`;
    await page.getByLabel('Who it is for').fill(label);
    await page.getByLabel('Only these:').check();
    await page.getByRole('button', { name: 'Make link' }).click();
    await page.locator('#link-scope-error').waitFor();
    expect(await page.getByLabel('Who it is for').inputValue()).toBe(label);

    await page.getByLabel('All private case studies, including ones added later').check();
    await page.getByRole('button', { name: 'Make link' }).click();
    const row = page.locator('[data-share-link]', { hasText: label });
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('active');
    expect(await row.getAttribute('data-opens')).toBe('0');
    expect(await row.locator('[data-share-url]').inputValue()).toMatch(new RegExp(`^${url}/s/[\\w-]{43}$`));

    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('revoked');
    expect(await row.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
  });

  it('a message opens from the inbox with its status and last error, is marked done, and is deleted', async () => {
    const id = await db.insert({
      first_name: 'Margaret',
      last_name: 'Hamilton',
      message: `Reading your work (${javaScriptEnabled ? 'js' : 'no js'}).`,
      status: 'failed',
      last_error: 'Greeting never received',
    });
    const page = await open({ javaScriptEnabled });
    await signIn(page, javaScriptEnabled);
    await page.goto(`${url}/admin/messages`);
    const row = page.locator(`li[data-message="${id}"]`);
    expect(await row.getAttribute('data-status')).toBe('failed');
    await row.getByRole('link').first().click();
    await page.waitForURL(`${url}/admin/messages/${id}`);
    // isVisible() does not wait; waitFor() does, bounded, for the message to render.
    // The stored error in her words: what happened and where to look, never nodemailer's own.
    await page.getByText('Not sent: The mail server did not answer in time. Check Settings → Mail').waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Greeting never received');
    expect(await page.getByRole('link', { name: 'Reply' }).getAttribute('href')).toMatch(/^mailto:ada@example\.com\?/);
    await page.getByRole('button', { name: 'Mark done' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Mark done' }).count()).toBe(0);
    await page.getByText('Delete…').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`${url}/admin/messages`);
    // With JavaScript the address changes as the navigation commits, a moment before the list re-renders.
    await expect.poll(() => page.locator(`[data-message="${id}"]`).count()).toBe(0);
    expect((await db.rows()).some((message) => message.id === id)).toBe(false);
  });
});

it('Copy puts the link’s address on the clipboard and says so', async () => {
  const page = await open();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  await signInPage(page, url, ADMIN_PASSWORD);
  await page.goto(`${url}/admin/links`);
  await waitForReady(page);
  await page.getByLabel('Who it is for').fill('Globex · hiring manager');
  await page.getByRole('button', { name: 'Make link' }).click();
  const row = page.locator('[data-share-link]', { hasText: 'Globex · hiring manager' });
  await row.waitFor();
  const address = await row.locator('[data-share-url]').inputValue();
  await row.getByRole('button', { name: /^Copy/ }).click();
  await row.getByText('Copied').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
});

describe.each(['light', 'dark'] as const)('%s colour scheme', (colorScheme) => {
  const PAGES = ['/admin/sign-in', '/admin', '/admin/links', '/admin/messages', '/admin/messages/msg-retrying', '/admin/insights'];

  it.each(PAGES)('%s has no axe violations and nothing wider than a 375 px phone', async (path) => {
    const page = await open({ colorScheme, viewport: PHONE });
    if (path !== '/admin/sign-in') await signInPage(page, url, ADMIN_PASSWORD);
    await page.goto(url + path);
    await waitForReady(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow in px').toBe(0);
  });
});

it('a click the moment the app starts, before React has rendered anything, is met by a hydrated page and no error', async () => {
  const tracked = await chromium.open({ viewport: PHONE });
  const { page } = tracked;
  await signInPage(page, url, ADMIN_PASSWORD);
  // She taps as the app starts (it starts after the first paint, so the page is in use by then): the click is sent
  // as hydrateRoot attaches React's listeners to the document, before React's first render, which is a task later.
  await page.addInitScript(() => {
    const add = EventTarget.prototype.addEventListener;
    let clicked = false;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof add>) {
      add.apply(this, args);
      if (clicked || this !== document || args[0] !== 'click') return;
      clicked = true;
      queueMicrotask(() => document.body.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    };
  });
  await page.goto(`${url}/admin/links`);
  const hydrated = () => page.evaluate(() => window.history.scrollRestoration === 'manual');
  await waitFor(async () => tracked.errors().length > 0 || (await hydrated()), {
    timeoutMs: 30_000,
    what: 'the page hydrated, or an error',
  });
  expect(tracked.errors()).toEqual([]);
  expect(await hydrated()).toBe(true);
});

it('the area’s JavaScript loads only under /admin', async () => {
  const page = await open();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signInPage(page, url, ADMIN_PASSWORD);
  await page.goto(`${url}/admin/links`);
  await waitForReady(page);
  const adminModules = scripts.filter((script) => /\/routes\/admin/.test(script));
  expect(adminModules.length).toBeGreaterThan(0);
  // The area runs the app, and none of the public pages' islands.
  expect(scripts.filter((script) => script.startsWith('/build/islands/'))).toEqual([]);

  scripts.length = 0;
  for (const path of ['/', '/resume', '/case-study/blocks-demo', PRIVATE_PATH]) {
    await page.goto(url + path);
    await waitForReady(page);
  }
  const preloads = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel=modulepreload], script[src]')].map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src'),
    ),
  );
  expect(scripts.filter((script) => /admin/.test(script))).toEqual([]);
  expect(preloads.filter((href) => href && /admin/.test(href))).toEqual([]);
  // Signed in or not, a public page runs no app: its islands only.
  expect(scripts.filter((script) => !script.startsWith('/build/islands/'))).toEqual([]);
});

it('no console errors on any page the tests opened', () => {
  expect(consoleErrors()).toEqual([]);
});
