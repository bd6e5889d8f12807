import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT, TOAST_DURATION_MS } from '~/contact/form';
import { VALID } from '../helpers/data/contact-cases';
import { stopAll, type TrackedPage } from '../helpers/start/browser';
import { useBrowser } from '../helpers/suite/browser-suite';
import { startServer, type RunningServer } from '../helpers/start/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { LOG_WAIT } from '../helpers/wait';

/** The contact form in real Chromium, with JavaScript on and off, against the built server and a real SMTP server. */

const FIELDS = ['firstName', 'lastName', 'email', 'message'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const chromium = useBrowser();
let smtp: TestSmtpServer;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, CONTACT_FUNCTION_SECRET: 'e2e-secret-0123456789abcdef', CONTACT_RATE_LIMIT: '1000' });
});
afterAll(() => stopAll(server, smtp));
// Each test's page is closed after it, passed or failed.
afterEach(() => chromium.closePages());
beforeEach(() => {
  smtp.messages.length = 0;
  smtp.setRejecting(false);
  smtp.setDelay(0);
});

async function open(javaScriptEnabled: boolean): Promise<TrackedPage> {
  const tracked = await chromium.open({ javaScriptEnabled });
  await tracked.page.goto(`${server.url}/#contact`);
  if (javaScriptEnabled) await tracked.page.locator('html[data-islands="ready"]').waitFor({ state: 'attached' });
  return tracked;
}

async function fill(page: Page, values: Values) {
  for (const field of FIELDS) await page.fill(`#contact-${field}`, values[field]);
}

async function valuesOf(page: Page): Promise<Values> {
  const entries = await Promise.all(FIELDS.map(async (field) => [field, await page.inputValue(`#contact-${field}`)] as const));
  return Object.fromEntries(entries) as Values;
}

const submit = (page: Page) => page.getByRole('button', { name: /Send Message|Sending\.\.\./ });
const toast = (page: Page) => page.getByTestId('toast');
const notice = (page: Page) => page.getByTestId('contact-notice');
const text = async (page: Page, selector: string) => ((await page.locator(selector).textContent()) ?? '').replace(/\s+/g, ' ').trim();
/** Title and body of the inline (no-JS) notice. */
const noticeText = async (page: Page) => [await text(page, '#contact-notice p:first-child'), await text(page, '#contact-notice p + p')];
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);
const FOCUS_WAIT = { timeout: 5_000, interval: 25 };
/**
 * Focus moves after the answer is in the page: autofocus at the next rendering
 * update (without JavaScript, possibly after the load event), or a React
 * effect after the errors are shown. So a test waits for it, bounded.
 */
const expectFocusOn = (page: Page, id: string) => expect.poll(() => focusedId(page), FOCUS_WAIT).toBe(id);
/** A console line reaches the test as an event of its own, after what the page shows meanwhile. */
const expectLogged = (tracked: TrackedPage, prefix: string) =>
  expect.poll(() => tracked.errors().some((error) => error.startsWith(prefix)), LOG_WAIT).toBe(true);

/** console.error and page errors, minus the browser's own "favicon missing" noise. */
function appErrors(tracked: TrackedPage): string[] {
  const favicon = tracked.messages.filter((m) => m.type() === 'error' && /favicon/.test(m.location().url)).map((m) => m.text());
  return tracked.errors().filter((error) => !favicon.includes(error));
}

describe('with JavaScript', () => {
  it('shows Sending... while sending, then the success toast, and clears the form', async () => {
    const tracked = await open(true);
    const { page } = tracked;
    smtp.setDelay(1500);
    await fill(page, VALID);
    await submit(page).click();
    await expect.poll(() => submit(page).textContent()).toBe('Sending...');
    expect(await submit(page).isDisabled()).toBe(true);
    await toast(page).waitFor({ timeout: 10_000 });
    expect(await toast(page).getAttribute('data-variant')).toBe('success');
    expect(await text(page, '[data-testid="toast"] p:first-child')).toBe('Message sent!');
    expect(await text(page, '[data-testid="toast"] p + p')).toBe("Thank you for your message. I'll get back to you soon.");
    // The toast sits inside the always-present live region.
    expect(await page.locator('[role="status"][aria-live="polite"] [data-testid="toast"]').count()).toBe(1);
    expect(await valuesOf(page)).toEqual({ firstName: '', lastName: '', email: '', message: '' });
    await expect.poll(() => submit(page).textContent()).toBe('Send Message');
    expect(await submit(page).isDisabled()).toBe(false);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.header('reply-to')).toBe('Ada Lovelace <ada@example.com>');
    expect(smtp.messages[0]?.text).toContain(VALID.message);
    expect(page.url()).toBe(`${server.url}/#contact`);
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await toast(page).waitFor({ state: 'detached' });
    expect(appErrors(tracked)).toEqual([]);
  });

  it('hides the toast by itself', async () => {
    const { page } = await open(true);
    await fill(page, VALID);
    // When the toast came and went, by the page's clock: the test sees both late, by as much as the machine is busy.
    await page.evaluate(() => {
      const times: { shown?: number; hidden?: number } = ((window as unknown as { __toast: object }).__toast = {});
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="toast"]')) times.shown ??= performance.now();
        else if (times.shown !== undefined) times.hidden ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await submit(page).click();
    await toast(page).waitFor();
    // Hovering pauses the timer, so keep the pointer away from the toast.
    await page.mouse.move(0, 0);
    await toast(page).waitFor({ state: 'detached', timeout: TOAST_DURATION_MS + 10_000 });
    const { shown, hidden } = await page.evaluate(() => (window as unknown as { __toast: { shown: number; hidden: number } }).__toast);
    // 50 ms for clock granularity: a timer never fires early.
    expect(hidden - shown).toBeGreaterThanOrEqual(TOAST_DURATION_MS - 50);
  });

  it('shows the destructive error toast, logs the error and keeps the input when sending fails', async () => {
    const tracked = await open(true);
    const { page } = tracked;
    smtp.setRejecting(true);
    const typed = { ...VALID, message: 'Please keep\nall of this.' };
    await fill(page, typed);
    await submit(page).click();
    await toast(page).waitFor({ timeout: 12_000 });
    expect(await toast(page).getAttribute('data-variant')).toBe('error');
    expect(await toast(page).getAttribute('class')).toContain('bg-red-600');
    expect(await text(page, '[data-testid="toast"] p:first-child')).toBe('Error');
    expect(await text(page, '[data-testid="toast"] p + p')).toBe('Failed to send message. Please try again.');
    expect(await valuesOf(page)).toEqual(typed);
    await expectLogged(tracked, 'Failed to send message (send_failed)');
    expect(smtp.messages).toHaveLength(0);
    // Nothing was lost: fixing the fault and sending again works.
    smtp.setRejecting(false);
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await submit(page).click();
    await page.getByText('Message sent!').waitFor();
    expect(smtp.messages).toHaveLength(1);
  });

  it('keeps the page and the input when the request never reaches the server', async () => {
    const tracked = await open(true);
    const { page } = tracked;
    // The island sends the form to CONTACT_ENDPOINT.
    await page.route(`**${CONTACT_ENDPOINT}`, (route) =>
      route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
    );
    await fill(page, VALID);
    await submit(page).click();
    await toast(page).waitFor();
    expect(await toast(page).getAttribute('data-variant')).toBe('error');
    expect(await valuesOf(page)).toEqual(VALID);
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    await expectLogged(tracked, 'Failed to send message (network)');
  });

  it('shows field errors next to their fields, focuses the first and sends nothing', async () => {
    const tracked = await open(true);
    const { page } = tracked;
    // Both pass the browser's own checks (required, type=email) but not the schema.
    await fill(page, { ...VALID, firstName: '   ', email: 'ada@example' });
    await submit(page).click();
    await page.locator('#contact-firstName-error').waitFor();
    expect(await text(page, '#contact-firstName-error')).toBe('Please enter your first name.');
    expect(await text(page, '#contact-email-error')).toBe('Please enter a valid email address, like name@example.com.');
    for (const field of ['firstName', 'email']) {
      expect(await page.getAttribute(`#contact-${field}`, 'aria-invalid')).toBe('true');
      expect(await page.getAttribute(`#contact-${field}`, 'aria-describedby')).toBe(`contact-${field}-error`);
    }
    expect(await page.getAttribute('#contact-lastName', 'aria-invalid')).toBeNull();
    await expectFocusOn(page, 'contact-firstName');
    expect(await valuesOf(page)).toEqual({ ...VALID, firstName: '   ', email: 'ada@example' });
    const results = await new AxeBuilder({ page }).include('#contact').analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    // Editing a field clears its error.
    await page.fill('#contact-firstName', 'Ada');
    expect(await page.locator('#contact-firstName-error').count()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    // Bad input is answered with a 422, which Chromium notes as a failed load; nothing else may log an error.
    expect(appErrors(tracked).filter((error) => !/status of 422/.test(error))).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('posts, lands back on the form with the success message and an empty form', async () => {
    const { page } = await open(false);
    await fill(page, VALID);
    await Promise.all([page.waitForURL(`${server.url}/?index`), submit(page).click()]);
    expect(await notice(page).getAttribute('data-variant')).toBe('success');
    expect(await noticeText(page)).toEqual(['Message sent!', "Thank you for your message. I'll get back to you soon."]);
    // The page opens on the answer, in the contact section.
    await expectFocusOn(page, 'contact-notice');
    expect(await notice(page).isVisible()).toBe(true);
    expect(
      await page.evaluate(() => {
        const box = document.getElementById('contact-notice')!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    ).toBe(true);
    expect(await valuesOf(page)).toEqual({ firstName: '', lastName: '', email: '', message: '' });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.header('subject')).toBe('Portfolio message from Ada Lovelace');
  });

  it('shows the error message and keeps the input when sending fails', async () => {
    const { page } = await open(false);
    smtp.setRejecting(true);
    const typed = { ...VALID, message: 'Line one\nLine <two> & "three"' };
    await fill(page, typed);
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), submit(page).click()]);
    expect(response.status()).toBe(502);
    await notice(page).waitFor();
    expect(await notice(page).getAttribute('data-variant')).toBe('error');
    expect(await noticeText(page)).toEqual(['Error', 'Failed to send message. Please try again.']);
    await expectFocusOn(page, 'contact-notice');
    expect(await valuesOf(page)).toEqual(typed);
  });

  it('shows field errors next to their fields, focuses the first and keeps the input', async () => {
    const { page } = await open(false);
    const typed = { ...VALID, lastName: '  ', email: 'ada@example' };
    await fill(page, typed);
    await Promise.all([page.waitForURL(`${server.url}/?index`), submit(page).click()]);
    expect(await text(page, '#contact-lastName-error')).toBe('Please enter your last name.');
    expect(await text(page, '#contact-email-error')).toBe('Please enter a valid email address, like name@example.com.');
    expect(await page.getAttribute('#contact-lastName', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#contact-lastName', 'aria-describedby')).toBe('contact-lastName-error');
    expect(await page.getAttribute('#contact-firstName', 'aria-invalid')).toBeNull();
    await expectFocusOn(page, 'contact-lastName');
    // Trimmed names come back as typed; nothing is lost.
    expect(await valuesOf(page)).toEqual(typed);
    expect(await notice(page).count()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });
});
