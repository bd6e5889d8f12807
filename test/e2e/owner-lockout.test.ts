import AxeBuilder from '@axe-core/playwright';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stopAll } from '../helpers/start/browser';
import { useBrowser, WITHOUT_AND_WITH_JAVASCRIPT } from '../helpers/suite/browser-suite';
import { waitForReady } from '../helpers/site/e2e';
import { startOwnerStack, type OwnerStack } from '../helpers/suite/owner-stack';
import { waitFor } from '../helpers/wait';

/**
 * The cost of the overall cap on wrong passwords, as the owner meets it in
 * Chromium: password sign-in paused, the way in by e-mail, the one-time link
 * signing in, with and without JavaScript; axe and a 375 px phone on the
 * pages it adds.
 */

const ADMIN_PASSWORD = 'owner password for the lockout';
const PHONE = { width: 375, height: 812 };

const chromium = useBrowser({ viewport: { width: 1280, height: 900 } });
let outbox: string;
let stack: OwnerStack;

beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'lockout-outbox-'));
  stack = await startOwnerStack(ADMIN_PASSWORD, { CONTACT_OUTBOX_DIR: outbox });
}, 120_000);

afterAll(() => stopAll(stack, outbox));

beforeEach(async () => {
  // Paused: the overall cap is used up, as a slow guesser on many addresses would leave it.
  await stack.db.query('DELETE FROM rate_limits');
  await stack.db.query("INSERT INTO rate_limits (key, hits) VALUES ('sign-in:everyone', 100)");
});

const open = chromium.openPage;

async function pausedSignIn(page: Page, javaScript: boolean) {
  await page.goto(`${stack.server.url}/admin/sign-in`);
  if (javaScript) await waitForReady(page);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Password sign-in is paused').waitFor();
}

async function mailedLink(before: number): Promise<string> {
  const files = await waitFor(
    async () => {
      const names = (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
      return names.length > before ? names : undefined;
    },
    { what: 'the sign-in link in the outbox' },
  );
  const mail = (await readFile(path.join(outbox, files.at(-1)!), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/[^\s]+\/admin\/sign-in\/link\?token=[\w-]{43}/.exec(mail)?.[0];
  expect(link, mail).toBeDefined();
  const { pathname, search } = new URL(link!);
  return `${stack.server.url}${pathname}${search}`;
}

describe.each(WITHOUT_AND_WITH_JAVASCRIPT)('%s', (_name, javaScriptEnabled) => {
  it('the right password is refused while paused; the owner asks for a link, opens it from the e-mail, and is in', async () => {
    const page = await open({ javaScriptEnabled });
    await pausedSignIn(page, javaScriptEnabled);
    expect(page.url()).toBe(`${stack.server.url}/admin/sign-in`);
    const before = (await readdir(outbox)).length;
    await page.getByRole('button', { name: 'E-mail me a one-time sign-in link' }).click();
    await page.getByText('A one-time sign-in link is on its way to the owner’s e-mail.').waitFor();
    const link = await mailedLink(before);

    const reader = await open({ javaScriptEnabled });
    await reader.goto(link);
    await reader.getByRole('heading', { name: 'Sign in with your link' }).waitFor();
    if (javaScriptEnabled) await waitForReady(reader);
    await reader.getByRole('button', { name: 'Sign in', exact: true }).click();
    await reader.waitForURL(`${stack.server.url}/admin`);
    await reader.getByRole('heading', { name: 'Share links' }).first().waitFor();

    // The same link again: used.
    await reader.goto(link);
    await reader.getByRole('heading', { name: 'This link has been used or has expired' }).waitFor();
  });
});

describe.each(['light', 'dark'] as const)('%s colour scheme at 375 px', (colorScheme) => {
  it.each(['paused sign-in', 'link page'])('%s: no axe violations, nothing wider than the phone', async (which) => {
    const page = await open({ colorScheme, viewport: PHONE });
    if (which === 'paused sign-in') {
      await pausedSignIn(page, true);
    } else {
      await pausedSignIn(page, true);
      const before = (await readdir(outbox)).length;
      await page.getByRole('button', { name: 'E-mail me a one-time sign-in link' }).click();
      await page.getByText('on its way').waitFor();
      await page.goto(await mailedLink(before));
      await waitForReady(page);
    }
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    if (process.env.SCREENSHOTS_DIR)
      await page.screenshot({
        path: path.join(process.env.SCREENSHOTS_DIR, `${which.replace(/ /g, '-')}-375-${colorScheme}.png`),
        fullPage: true,
      });
  });
});

it('no console errors but the 429 of a paused sign-in and the 410 of a used link, the answers meant', () => {
  expect(chromium.errors(/status of (429|410)/)).toEqual([]);
});
