// @module-tag slow
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS } from '~/settings/env.server';
import { toFormBody } from '../helpers/data/contact-cases';
import { testDatabase, type TestDatabase } from '../helpers/start/test-database';
import { createDatabase, type Database } from '~/db/connection.server';
import { applyMigrations } from '~/db/migrations.server';
import { startNetlifyServe, type NetlifyServe } from '../helpers/start/netlify-serve';
import { noticeIn } from '../helpers/site/http';
import { signInOwner } from '../helpers/site/owner-session';

/**
 * A first deploy, as the Deploy to Netlify button makes it: the built site
 * under Netlify's own runtime (`netlify serve`, offline), with the owner's
 * password as its only setting. NETLIFY_DB_URL is what Netlify Database gives
 * every function, and the migrations are applied first as Netlify's deploy
 * does: here a real PostgreSQL stands in for both. Every other setting the
 * code knows (SETTINGS in app/settings/env.server.ts) is removed from the environment.
 *
 * Then: the home page and the contact form work (the message is kept in the
 * inbox, no mail account needed); the owner signs in and sees the first-run
 * checklist; the secrets the site made for itself are the same on two
 * instances started together, and still the same after a restart (a share
 * link made before it still opens, the owner's session still holds).
 */

const ADMIN_PASSWORD = 'first deploy password 7f3c';
const BOUND = { timeout: 20_000, interval: 250 };

let database: TestDatabase;
let db: Database;
let dbUrl: string;
let first: NetlifyServe | undefined;
let second: NetlifyServe | undefined;

/** The environment a first deploy has: only the owner's password, and the database Netlify provides. */
function firstDeployEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = Object.fromEntries(SETTINGS.map((setting) => [setting.name, undefined]));
  // Test-run leftovers that a deploy never has.
  for (const name of ['CONTENT_JSON_PATH', 'CONTACT_OUTBOX_DIR', 'PORTFOLIO_SECRETS_FILE', 'LIVE_CONTENT_DIR', 'LIVE_STORE'])
    env[name] = undefined;
  return { ...env, ADMIN_PASSWORD, NETLIFY_DB_URL: dbUrl };
}

const start = () => startNetlifyServe({ env: firstDeployEnv() });

const post = (instance: NetlifyServe, path: string, fields: Record<string, string>, cookie = '') =>
  fetch(`${instance.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(fields),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: instance.url,
      cookie,
    },
  });
const get = (instance: NetlifyServe, path: string, cookie = '') =>
  fetch(`${instance.url}${path}`, { redirect: 'manual', headers: { cookie } });

const signIn = (instance: NetlifyServe) => signInOwner(instance.url, ADMIN_PASSWORD);

/** Makes a share link on `instance` and returns its address's path (/s/<token>). */
async function makeShareLink(instance: NetlifyServe, cookie: string, label: string): Promise<string> {
  expect(
    (await post(instance, '/admin/links', { intent: 'create', label, scope: 'all', days: '30' }, cookie)).status,
    instance.output(),
  ).toBe(303);
  const html = await (await get(instance, '/admin/links', cookie)).text();
  const row = html.slice(html.indexOf(label));
  const address = /data-share-url[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-share-url/.exec(row);
  const url = address?.[1] ?? address?.[2];
  expect(url, 'the new link’s address on /admin/links').toBeTruthy();
  return new URL(url!).pathname;
}

describe('a first deploy with one setting, ADMIN_PASSWORD', () => {
  beforeAll(async () => {
    // Empty, as Netlify's is before the deploy applies the migrations (below).
    database = await testDatabase({ migrated: false });
    dbUrl = database.url;
    db = await createDatabase({ connectionString: dbUrl });
    await applyMigrations(db.withoutQueryTimeout());
    // Two instances started together, on one fresh database: neither has made a secret yet.
    const started = await Promise.allSettled([start(), start()]);
    [first, second] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }, 900_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await db?.end();
    await database?.drop();
  }, 60_000);

  it('serves the home page', async () => {
    const response = await get(first!, '/');
    expect(response.status, first!.output()).toBe(200);
    expect(await response.text()).toMatch(/^<!DOCTYPE html>/i);
  });

  it('keeps a contact message in the inbox, with no mail account, and tells the visitor it was sent', async () => {
    const response = await fetch(`${first!.url}/?index`, {
      method: 'POST',
      body: toFormBody({
        firstName: 'Grace',
        lastName: 'Hopper',
        message: 'Hello from a first deploy.',
      }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        origin: first!.url,
      },
    });
    expect(response.status, first!.output()).toBe(200);
    const notice = noticeIn(await response.text());
    expect(notice?.variant).toBe('success');
    expect(notice?.text).toContain('Message sent!');
    const rows = await db.query<{ status: string; first_name: string }>(
      "SELECT status, first_name FROM contact_messages WHERE first_name = 'Grace'",
    );
    expect(rows).toEqual([{ status: 'kept', first_name: 'Grace' }]);

    const cookie = await signIn(first!);
    const inbox = await (await get(first!, '/admin/messages', cookie)).text();
    expect(inbox).toContain('Grace Hopper');
    expect(inbox).toContain('inbox only');
    const overview = await (await get(first!, '/admin', cookie)).text();
    expect(overview).toContain('data-mail-state="inbox-only"');
  });

  it('signs the owner in and shows the first-run checklist', async () => {
    const cookie = await signIn(second!);
    const response = await get(second!, '/admin', cookie);
    expect(response.status, second!.output()).toBe(200);
    const html = await response.text();
    for (const step of ['name-and-email', 'photo', 'resume', 'first-case-study', 'publishing']) {
      expect(html, step).toMatch(
        new RegExp(`data-setup-step="${step}"[^>]*data-done="(true|false)"|data-done="(true|false)"[^>]*data-setup-step="${step}"`),
      );
    }
  });

  it('makes its secrets once, in the database, and both instances use the same ones', async () => {
    // Both instances answer owner requests at once: each may try to make the secrets; one row wins for both.
    const [cookieA, cookieB] = await Promise.all([signIn(first!), signIn(second!)]);
    const rows = await db.query<{ name: string }>('SELECT name FROM site_secrets ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual(['CONTACT_FUNCTION_SECRET', 'SESSION_SECRET']);
    // A share link's address is signed with SESSION_SECRET: made on one instance, it opens on the other.
    const link = await makeShareLink(first!, cookieA, 'Made on the first instance');
    await expect.poll(async () => (await get(second!, link)).status, BOUND).toBe(303);
    const other = await makeShareLink(second!, cookieB, 'Made on the second instance');
    await expect.poll(async () => (await get(first!, other)).status, BOUND).toBe(303);
    // No secret in any log line.
    const secrets = await db.query<{ value: string }>('SELECT value FROM site_secrets');
    for (const { value } of secrets) {
      expect(first!.output()).not.toContain(value);
      expect(second!.output()).not.toContain(value);
    }
  });

  it('keeps the same secrets after a restart: a share link and a session from before still work', async () => {
    const cookie = await signIn(first!);
    const link = await makeShareLink(first!, cookie, 'Made before the restart');
    await first!.stop();
    first = undefined;
    first = await start();
    await expect.poll(async () => (await get(first!, link)).status, BOUND).toBe(303);
    const admin = await get(first!, '/admin', cookie);
    expect(admin.status, first!.output()).toBe(200);
  }, 600_000);
});
