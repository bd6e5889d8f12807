import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForReady } from '../helpers/site/e2e';
import { PRIVATE_PATH } from '../helpers/data/private';
import { signInPage } from '../helpers/site/owner-session';
import { useBrowser } from '../helpers/suite/browser-suite';
import { useOwnerStack } from '../helpers/suite/owner-stack';

/**
 * The password of private case studies as the owner sets it, in Chromium,
 * against the built server on a database of its own with no password in
 * its settings: until one is set the private page has no password box and
 * says how to ask for access; a password set through
 * `[data-private-password]` on /admin/settings/private unlocks the page for a
 * visitor, a wrong one does not; changing it locks out the visitor who
 * unlocked with the old one. The tests run in order: each starts where the
 * one before left the password.
 */

const ADMIN = 'private password browser test owner';
const FIRST = 'paper lantern harbour';
const SECOND = 'quiet orchard compass';
const STORY = 'Quillfeather’s treasury team reconciled the Halcyon ledger by hand every night.';

// No password in the settings: the one she sets in /admin is the one in force.
const stack = useOwnerStack(ADMIN, { PRIVATE_CASE_STUDY_PASSWORD: '' });
const pages = useBrowser({ viewport: { width: 1280, height: 900 } }, { pagePerTest: true, failOnConsoleErrors: false });

/** Unlocks with the right password and waits for the story to show. */
async function unlockedWith(page: Page, password: string) {
  await unlockWith(page, password);
  await page.getByText(STORY).waitFor();
}

/** Chromium logs the wrong password's 401 answer; nothing else may reach the console. */
const unexpectedErrors = () => pages.errors(/the server responded with a status of 401/);

async function visitor(javaScriptEnabled: boolean): Promise<Page> {
  const page = await pages.openPage({ javaScriptEnabled });
  const response = await page.goto(stack.origin + PRIVATE_PATH);
  expect(response?.status()).toBe(200);
  if (javaScriptEnabled) await waitForReady(page);
  return page;
}

async function unlockWith(page: Page, password: string) {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

/** Sets (or changes) the password on /admin/settings/private, as she does, and waits for the page to say it is saved. */
async function setPassword(password: string, javaScriptEnabled: boolean) {
  const page = await pages.openPage({ javaScriptEnabled });
  await signInPage(page, stack.origin, ADMIN);
  await page.goto(`${stack.origin}/admin/settings/private`);
  if (javaScriptEnabled) await waitForReady(page);
  const form = page.locator('form[data-private-password]');
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: /^(Set|Change) password$/ }).click();
  await page.locator('[data-private-password-answer="saved"]').waitFor({ timeout: 30_000 });
  return page;
}

describe('a private case study’s password, set in /admin', () => {
  it('with no password set, the page has no password box: it says the work is under NDA and how to ask for access', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const page = await visitor(javaScriptEnabled);
      expect(await page.getByRole('heading', { name: 'This case study is private' }).isVisible()).toBe(true);
      expect(await page.locator('input[name="password"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Unlock' }).count()).toBe(0);
      expect(await page.locator('[data-no-password]').innerText()).toContain('This work is under NDA');
      expect(await page.getByRole('link', { name: 'Ask for access' }).getAttribute('href')).toBe('/#contact');
      expect(await page.getByText(STORY).count()).toBe(0);
    }
    expect(unexpectedErrors()).toEqual([]);
  });

  it('set through [data-private-password] without JavaScript, it unlocks the page for a visitor; a wrong one does not', async () => {
    const owner = await setPassword(FIRST, false);
    expect(await owner.locator('[data-private-password-source]').getAttribute('data-private-password-source')).toBe('owner-area');
    expect(await owner.content()).not.toContain(FIRST);
    expect(await owner.content()).not.toContain('$scrypt$');

    const wrong = await visitor(false);
    await unlockWith(wrong, 'not the password at all');
    await wrong.getByText('That password isn’t right.').waitFor();
    expect(await wrong.getByText(STORY).count()).toBe(0);

    const right = await visitor(true);
    await unlockedWith(right, FIRST);
    expect(unexpectedErrors()).toEqual([]);
  });

  it('changed with JavaScript, it locks out the visitor who unlocked with the old one at once; the new one unlocks', async () => {
    const reader = await visitor(false);
    await unlockedWith(reader, FIRST);

    const owner = await setPassword(SECOND, true);
    expect(await owner.locator('input[name="password"]').inputValue()).toBe('');

    // The same browser, its unlock cookie still held: locked again, the box back.
    const cookies = await reader.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain('portfolio_unlock');
    await reader.goto(stack.origin + PRIVATE_PATH);
    await reader.getByLabel('Password').waitFor();
    expect(await reader.getByText(STORY).count()).toBe(0);
    await unlockWith(reader, FIRST);
    await reader.getByText('That password isn’t right.').waitFor();
    await unlockedWith(reader, SECOND);
    expect(unexpectedErrors()).toEqual([]);
  });

  it('removed, the page has no password box again, and the old unlock opens nothing', async () => {
    const reader = await visitor(false);
    await unlockedWith(reader, SECOND);

    const owner = await pages.openPage({ javaScriptEnabled: false });
    await signInPage(owner, stack.origin, ADMIN);
    await owner.goto(`${stack.origin}/admin/settings/private`);
    await owner.getByRole('button', { name: 'Remove the password' }).click();
    await owner.locator('[data-private-password-answer="removed"]').waitFor();

    await reader.goto(stack.origin + PRIVATE_PATH);
    await reader.locator('[data-no-password]').waitFor();
    expect(await reader.locator('input[name="password"]').count()).toBe(0);
    expect(await reader.getByText(STORY).count()).toBe(0);
    expect(unexpectedErrors()).toEqual([]);
  });

  it('neither a password nor its hash ever reached the server’s output', async () => {
    const [row] = await stack.db.query<{ count: number }>('SELECT count(*)::int AS count FROM private_case_study_password');
    expect(row?.count).toBe(0);
    const output = stack.server.output();
    expect(output.length).toBeGreaterThan(0);
    for (const secret of [FIRST, SECOND, '$scrypt$']) expect(output).not.toContain(secret);
  });
});
