import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSite } from '~/content/content.server';
import { toFormBody } from '../helpers/data/contact-cases';
import { reviewScreenshot, stopAll } from '../helpers/start/browser';
import { type RunningServer } from '../helpers/start/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { useBrowser } from '../helpers/suite/browser-suite';
import { startOwnerServer, startOwnerStack, type OwnerStack } from '../helpers/suite/owner-stack';
import { noticeIn, postForm } from '../helpers/site/http';
import { signInOwner, signInPage } from '../helpers/site/owner-session';
import { at } from '../helpers/must';

/**
 * Mail and her own domain from /admin/settings, in Chromium against the
 * built server and a real PostgreSQL: she picks a service, a wrong password
 * gets a sentence with the fix and nothing is kept, the right one sends a
 * test to her own address through a real SMTP server that checks the login,
 * and then the public contact form's messages go out through it, with no
 * restart. The password is in no page, no answer, no log line and not in
 * clear in the database. The domain page shows the steps, and a server
 * Netlify serves at her domain (its URL) says so on the overview and in
 * canonical links. MAIL_SETTINGS_SCREENSHOTS=<folder> writes the screens at
 * 375/768/1280, light and dark, for a person to look at.
 */

const ADMIN_PASSWORD = 'owner password for mail settings';
const LOGIN = { user: 'dana@mail.example', pass: 'Sm7p-pass/with+symbols==' };
const WRONG = 'not-the-right-password';
const FROM = 'hello@dana-studio.example';
const DOMAIN = 'https://dana-studio.example';
const SCREENS = 'MAIL_SETTINGS_SCREENSHOTS';

const chromium = useBrowser({ viewport: { width: 1280, height: 900 } }, { pagePerTest: true });
let smtp: TestSmtpServer;
let stack: OwnerStack;
let atDomain: RunningServer | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer({ login: LOGIN });
  stack = await startOwnerStack(
    ADMIN_PASSWORD,
    { CONTACT_FUNCTION_SECRET: 'mail-settings-secret-0123456789', CONTACT_RATE_LIMIT: '1000' },
    { outbox: true },
  );
});

afterAll(() => stopAll(atDomain, stack, smtp));

/** Every form of the password a leak could take: as typed, URL-escaped, base64, and the base64 of an AUTH PLAIN exchange. */
const PASSWORD_FORMS = [
  LOGIN.pass,
  encodeURIComponent(LOGIN.pass),
  Buffer.from(LOGIN.pass).toString('base64'),
  Buffer.from(`\u0000${LOGIN.user}\u0000${LOGIN.pass}`).toString('base64'),
];
const expectNoPassword = (text: string, where: string) => {
  for (const form of [...PASSWORD_FORMS, WRONG]) expect(text.includes(form), `${where} holds the password`).toBe(false);
};

async function openMailSettings(page: Page) {
  await signInPage(page, stack.origin, ADMIN_PASSWORD);
  await page.goto(`${stack.origin}/admin/settings/mail`);
  await page.getByRole('heading', { name: 'Set up your mail account' }).waitFor();
}

async function fillOtherService(page: Page, password: string) {
  await page.getByLabel('Another service').check();
  await page.locator('#mail-host').fill('127.0.0.1');
  await page.locator('#mail-port').fill(String(smtp.port));
  await page.getByLabel('Secure once connected (port 587)').check();
  await page.locator('#mail-username').fill(LOGIN.user);
  await page.locator('#mail-password').fill(password);
  await page.locator('#mail-from').fill(FROM);
}

/** Nothing on the page is wider than a 375 px phone. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function screens(page: Page, name: string) {
  if (!process.env[SCREENS]) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await reviewScreenshot(page, SCREENS, `${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('mail from /admin/settings/mail', () => {
  it('starts with no account, and offers the services, each in its own words', async () => {
    const page = await chromium.openPage();
    await openMailSettings(page);
    expect(await page.locator('[data-mail-settings]').getAttribute('data-mail-settings')).toBe('none');
    for (const name of ['Resend', 'Postmark', 'SendGrid', 'Mailgun', 'Brevo', 'Another service']) {
      await page.getByRole('radio', { name }).waitFor({ state: 'attached' });
    }
    // Choosing a service shows its own words: Postmark asks for its Server API token, with no user name.
    await page.getByLabel('Postmark').check();
    await page.getByText('Server API token', { exact: true }).waitFor();
    expect(await page.locator('#mail-username').isVisible()).toBe(false);
    await screens(page, 'mail-empty');
    // The longest form: every field of another service.
    await page.getByLabel('Another service').check();
    await fitsAPhone(page);
  });

  it('a wrong password: a plain sentence with the fix, nothing kept, and the typed details still there', async () => {
    const page = await chromium.openPage();
    await openMailSettings(page);
    await fillOtherService(page, WRONG);
    await page.getByRole('button', { name: 'Send a test and save' }).click();
    const alert = page.locator('#mail-save-status[role="alert"]');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      'Not saved. The mail service did not accept the user name and password. Copy both again from your mail service (with no spaces before or after), paste them here and try again.',
    );
    expect(await page.locator('#mail-host').inputValue()).toBe('127.0.0.1');
    expect(await page.locator('#mail-username').inputValue()).toBe(LOGIN.user);
    expect(await page.locator('#mail-password').inputValue()).toBe('');
    expect(await stack.db.query('SELECT 1 FROM mail_account')).toHaveLength(0);
    expect(smtp.messages).toHaveLength(0);
    expectNoPassword(await page.content(), 'the page');
    await screens(page, 'mail-wrong-password');
  });

  it('the right one: a test arrives at her address, the account is kept sealed, and the contact form mails through it at once', async () => {
    const page = await chromium.openPage();
    await openMailSettings(page);
    await fillOtherService(page, LOGIN.pass);
    await page.getByRole('button', { name: 'Send a test and save' }).click();
    const status = page.locator('#mail-save-status[role="status"]');
    await status.waitFor();
    const to = getSite().email;
    expect(await status.innerText()).toBe(
      `Saved. A test message is on its way to ${to}. From now on, messages from your contact form come to your e-mail too.`,
    );
    const [test] = await smtp.waitForMessages(1);
    expect(test?.header('subject')).toBe('Test message from your portfolio');
    expect(test?.envelope).toEqual({ from: FROM, to: [to] });

    const [row] = await stack.db.query<{ password_sealed: string; username: string }>('SELECT password_sealed, username FROM mail_account');
    expect(row?.username).toBe(LOGIN.user);
    expect(row?.password_sealed).toMatch(/^v1\./);
    expectNoPassword(row?.password_sealed ?? '', 'the database');

    await page.reload();
    expect(await page.locator('[data-mail-settings]').getAttribute('data-mail-settings')).toBe('owner-area');
    expectNoPassword(await page.content(), 'the page');
    await screens(page, 'mail-saved');

    // The public form, on the same server that started without a mail account.
    const answer = await postForm(stack.origin, toFormBody({ message: 'Saw your work: are you free next month?' }));
    expect(answer.status).toBe(200);
    expect(noticeIn(await answer.text())?.variant).toBe('success');
    const mails = await smtp.waitForMessages(2);
    const contact = at(mails, 1, 'the contact message');
    expect(contact.envelope.to).toEqual([to]);
    expect(contact.header('reply-to')).toBe('Ada Lovelace <ada@example.com>');
    expect(contact.text).toContain('Saw your work: are you free next month?');

    // "Send a test message" goes through the kept account.
    await page.getByRole('button', { name: 'Send a test message' }).click();
    await page.locator('#mail-status-answer[role="status"]').waitFor();
    await smtp.waitForMessages(3);
  });

  it('without JavaScript, a change keeps the saved password when its field is left empty, and is tested before it is kept', async () => {
    const page = await chromium.openPage({ javaScriptEnabled: false });
    await signInPage(page, stack.origin, ADMIN_PASSWORD);
    await page.goto(`${stack.origin}/admin/settings/mail`);
    await page.getByRole('heading', { name: 'Change your mail account' }).waitFor();
    // Her details come back as she typed them, never the password.
    expect(await page.getByLabel('Another service').isChecked()).toBe(true);
    expect(await page.locator('#mail-host').inputValue()).toBe('127.0.0.1');
    expect(await page.locator('#mail-username').inputValue()).toBe(LOGIN.user);
    expect(await page.locator('#mail-password').inputValue()).toBe('');
    const before = smtp.messages.length;
    await page.locator('#mail-from').fill('studio@dana-studio.example');
    await page.getByRole('button', { name: 'Send a test and save' }).click();
    await page.locator('#mail-save-status[role="status"]').waitFor();
    const mails = await smtp.waitForMessages(before + 1);
    expect(at(mails, before, 'the test').envelope.from).toBe('studio@dana-studio.example');
    const [row] = await stack.db.query<{ from_address: string }>('SELECT from_address FROM mail_account');
    expect(row?.from_address).toBe('studio@dana-studio.example');
  });

  it('no answer of the owner’s area and no log line carries the password', async () => {
    const cookie = await signInOwner(stack.origin, ADMIN_PASSWORD);
    for (const path of ['/admin/settings/mail', '/admin/settings/mail.data', '/admin', '/admin/setup']) {
      const answer = await fetch(`${stack.origin}${path}`, { headers: { cookie } });
      expect(answer.status, path).toBe(200);
      expectNoPassword(await answer.text(), path);
    }
    const posted = await fetch(`${stack.origin}/admin/settings/mail.data`, {
      method: 'POST',
      headers: { cookie, origin: stack.origin },
      body: new URLSearchParams({ intent: 'test' }),
    });
    expect(posted.status).toBe(200);
    expectNoPassword(await posted.text(), 'the test’s answer');
    expectNoPassword(stack.server.output(), 'the log');
  });
});

describe('her own domain', () => {
  it('the domain page shows the steps in her words, and the setup guide leads there', async () => {
    const page = await chromium.openPage();
    await signInPage(page, stack.origin, ADMIN_PASSWORD);
    await page.goto(`${stack.origin}/admin/setup`);
    await page.getByRole('link', { name: 'Use your own domain', exact: true }).click();
    await page.waitForURL(`${stack.origin}/admin/settings/domain`);
    const steps = await page.locator('[data-domain-steps]').innerText();
    expect(steps).toContain('Domain management → Add a domain');
    expect(steps).toContain('75.2.60.5');
    expect(steps).toContain('Verify DNS configuration');
    expect(await page.locator('[data-domain-settings]').getAttribute('data-domain-settings')).toBe('free');
    await fitsAPhone(page);
    await screens(page, 'domain-free');
  });

  it('served at her domain (Netlify’s URL names it), the overview says so and canonical links use it', async () => {
    atDomain = await startOwnerServer(ADMIN_PASSWORD, stack.dbUrl, { URL: DOMAIN });
    const page = await chromium.openPage();
    await signInPage(page, atDomain.url, ADMIN_PASSWORD);
    await page.goto(`${atDomain.url}/admin`);
    expect(await page.locator('[data-site-answers-at]').innerText()).toBe(`Your site answers at ${DOMAIN}`);
    await page.goto(`${atDomain.url}/admin/settings/domain`);
    expect(await page.locator('[data-domain-settings]').getAttribute('data-domain-settings')).toBe('own');
    expect(await page.locator('[data-site-answers-at]').innerText()).toBe(`Your site answers at ${DOMAIN}.`);
    await screens(page, 'domain-own');

    const home = await (await fetch(`${atDomain.url}/`)).text();
    expect(home).toMatch(/<link[^>]*rel="canonical"[^>]*href="https:\/\/dana-studio\.example\/"/);
    const sitemap = await (await fetch(`${atDomain.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${DOMAIN}/</loc>`);
  });
});
