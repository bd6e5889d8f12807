import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/suite/browser-suite';
import { useOwnerStack } from '../helpers/suite/owner-stack';
import { waitForReady } from '../helpers/site/e2e';
import { signInOverHttp, signInPage } from '../helpers/site/owner-session';
import { waitFor } from '../helpers/wait';

/**
 * Her time zone in Chromium, against the built server and a real
 * PostgreSQL: a message's time is printed in her browser's zone once her
 * owner's area has opened with JavaScript (the browser set to Amsterdam);
 * without JavaScript it stays UTC until she chooses a zone in Settings,
 * which then shows on the message and hydrates without a mismatch; axe
 * finds nothing on the settings page.
 */

const ADMIN_PASSWORD = 'owner password for her time zone';
const MESSAGE = 'msg-time-zone';
/** 18:39 UTC: 19:39 in Amsterdam (CET), 13:39 in New York (EST). */
const SENT_AT = '2026-11-28T18:39:00Z';

const stack = useOwnerStack(ADMIN_PASSWORD);
const chromium = useBrowser({ timezoneId: 'Europe/Amsterdam' }, { pagePerTest: true, failOnConsoleErrors: true });

beforeEach(async () => {
  await stack.db.query('DELETE FROM owner_time_zone');
  await stack.db.query(
    `INSERT INTO contact_messages (id, created_at, first_name, last_name, email, message, status, delivered_at)
     VALUES ($1, $2, 'Anna', 'de Jong', 'anna@example.com', 'Free for a call on Thursday?', 'delivered', $2)
     ON CONFLICT (id) DO NOTHING`,
    [MESSAGE, SENT_AT],
  );
});

async function ownerPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await chromium.openPage({ javaScriptEnabled });
  await signInPage(page, stack.origin, ADMIN_PASSWORD);
  return page;
}

const messageTime = (page: Page) => page.locator(`[data-message="${MESSAGE}"] header p`).innerText();

describe('her time zone', () => {
  it('with JavaScript: her browser’s zone, kept on her first visit, shows on the message and in Settings', async () => {
    const page = await ownerPage(true);
    await page.goto(`${stack.origin}/admin/messages/${MESSAGE}`);
    await waitForReady(page);
    let shown = '';
    await waitFor(async () => (shown = await messageTime(page)).includes('28 Nov 2026, 19:39 CET'), {
      what: () => `the message's time in Amsterdam, not "${shown}"`,
    });
    const [row] = await stack.db.query<{ zone: string; chosen_by: string }>('SELECT zone, chosen_by FROM owner_time_zone');
    expect(row).toEqual({ zone: 'Europe/Amsterdam', chosen_by: 'browser' });

    // A fresh load renders it on the server already, and hydrates as written (no console error).
    await page.goto(`${stack.origin}/admin/settings/time-zone`);
    await waitForReady(page);
    expect(await page.getByLabel('Your time zone').inputValue()).toBe('Europe/Amsterdam');
    expect(await page.locator('[data-time-zone-chosen-by]').getAttribute('data-time-zone-chosen-by')).toBe('browser');
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  it('without JavaScript: UTC until she chooses, then her choice on the message', async () => {
    const page = await ownerPage(false);
    await page.goto(`${stack.origin}/admin/messages/${MESSAGE}`);
    expect(await messageTime(page)).toContain('28 Nov 2026, 18:39 UTC');

    await page.goto(`${stack.origin}/admin/settings/time-zone`);
    await page.getByText('without JavaScript, it stays UTC until you choose yours below').waitFor();
    expect(await page.getByLabel('Your time zone').inputValue()).toBe('UTC');
    await page.getByLabel('Your time zone').selectOption('America/New_York');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await page.getByLabel('Your time zone').inputValue()).toBe('America/New_York');

    await page.goto(`${stack.origin}/admin/messages/${MESSAGE}`);
    expect(await messageTime(page)).toContain('28 Nov 2026, 13:39 EST');
  });

  it('a name that is not a time zone is refused in her words, with a 400, and nothing is kept', async () => {
    const owner = await signInOverHttp(stack.origin, ADMIN_PASSWORD);
    const answer = await owner.post('/admin/settings/time-zone', new URLSearchParams({ intent: 'choose', timeZone: 'Mars/Olympus' }));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('“Mars/Olympus” is not a time zone the site knows. Choose yours from the list');
    expect(await stack.db.query('SELECT zone FROM owner_time_zone')).toEqual([]);
  });
});
