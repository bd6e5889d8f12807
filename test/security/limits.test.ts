import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkIdFromToken, linkToken, newLinkId } from '~/access/share-link-token.server';
import { createDatabase, type Database } from '~/db/connection.server';
import { toFormBody } from '../helpers/data/contact-cases';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { postFormFrom, requestFrom, tally } from '../helpers/site/from-address';
import { testDatabase, type TestDatabase } from '../helpers/start/test-database';
import { PASSWORD, PRIVATE_ENV, PRIVATE_PATH } from '../helpers/data/private';
import { startServer, type RunningServer } from '../helpers/start/server';
import { waitFor } from '../helpers/wait';
import { at, group, only } from '../helpers/must';

/**
 * Every limit, attacked as a stranger would: all the guesses at once, not
 * one after another, on one instance and across two instances on one real
 * PostgreSQL. Each try must take its slot before it is judged, so with N in
 * flight exactly the limit are judged and the rest get 429.
 */

const ADMIN_PASSWORD = 'owner password for the limits test';
const SIGN_IN = '/admin/sign-in';
const MIGRATED = /Migrations: (applied|none pending)/;

let database: TestDatabase;
let db: Database;
let servers: RunningServer[] = [];
let outbox: string;
const [A, B] = [0, 1];

beforeAll(async () => {
  database = await testDatabase();
  const url = database.url;
  outbox = await mkdtemp(path.join(tmpdir(), 'limits-outbox-'));
  const env = {
    ...PRIVATE_ENV,
    ADMIN_PASSWORD,
    CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON,
    NETLIFY_DB_URL: url,
    CONTACT_OUTBOX_DIR: outbox,
    CONTACT_TO: 'owner@example.com',
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
  for (const server of servers)
    await waitFor(() => MIGRATED.test(server.output()), { timeoutMs: 60_000, what: () => `migrations:\n${server.output()}` });
  db = await createDatabase({ connectionString: url });
  process.env.SESSION_SECRET = PRIVATE_ENV.SESSION_SECRET;
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await db?.end();
  await database?.drop();
  await rm(outbox, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.query('DELETE FROM rate_limits');
});

const origin = (i: number) => at(servers, i, `server ${i}`).url;
const signIn = (address: string, password: string, i = A) => postFormFrom(address, origin(i), SIGN_IN, { password });
const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('the owner’s sign-in', () => {
  it('200 wrong passwords at once from one address: exactly 10 are judged (401), 190 get 429', async () => {
    const answers = await times(200, (i) => signIn('127.0.0.2', `wrong ${i}`));
    expect(tally(answers)).toEqual({ 401: 10, 429: 190 });
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.text).toContain('Too many wrong passwords. Wait ten minutes, then try again.');
  });

  it('150 at once with the right one among them: still exactly 10 judged; the right one signs in only if it was one of them', async () => {
    const answers = await times(150, (i) => signIn('127.0.0.3', i === 75 ? ADMIN_PASSWORD : `wrong ${i}`));
    const counts = tally(answers);
    expect((counts[401] ?? 0) + (counts[303] ?? 0)).toBe(10);
    expect(counts[429]).toBe(140);
    expect(answers.filter((answer) => answer.status === 303).every((answer, _, all) => all.length === 1 && answers[75] === answer)).toBe(
      true,
    );
  });

  it('across two instances on one PostgreSQL: 200 wrong passwords at once, split between them, exactly 10 judged', async () => {
    const answers = await times(200, (i) => signIn('127.0.0.4', `wrong ${i}`, i % 2));
    expect(tally(answers)).toEqual({ 401: 10, 429: 190 });
  });

  it('a right password gives its slot back: 30 sign-ins in a row from one address all succeed', async () => {
    for (let i = 0; i < 30; i++) expect((await signIn('127.0.0.5', ADMIN_PASSWORD, i % 2)).status).toBe(303);
  });
});

/** The body of the newest mail in the outbox, quoted-printable undone. */
async function newestMail(): Promise<string> {
  const files = (await readdir(outbox)).filter((file) => file.endsWith('.eml')).sort();
  const raw = await readFile(path.join(outbox, files.at(-1)!), 'utf8');
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('the overall cap on sign-in failures (a guesser spread over many addresses)', () => {
  it('108 wrong passwords at once from 12 addresses, 9 each: exactly 100 judged; then password sign-in is paused for everyone, the right password too', async () => {
    const answers = await times(108, (i) => signIn(`127.0.1.${1 + (i % 12)}`, `wrong ${i}`, i % 2));
    expect(tally(answers)).toEqual({ 401: 100, 429: 8 });
    const right = await signIn('127.0.1.100', ADMIN_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.text).toContain('Password sign-in is paused: too many wrong passwords were tried in the last hour.');
    expect(right.text).toContain('E-mail me a one-time sign-in link');
    // Wrong tries that were refused were not judged: the address that sent them still has its own ten.
    const row = only(await db.query<{ hits: number }>("SELECT hits FROM rate_limits WHERE key = 'sign-in:everyone'"), 'rate limit row');
    expect(row.hits).toBeGreaterThan(100);
  });

  it('the one-time link: mailed to the owner at the site’s own address whatever Host was sent, used once to sign in, never twice', async () => {
    await db.query(`INSERT INTO rate_limits (key, hits) VALUES ('sign-in:everyone', 100)`);
    const before = (await readdir(outbox)).length;
    // Not a browser: any Host, with a matching Origin. The link must still point at the site itself.
    const mailed = await postFormFrom(
      '127.0.1.101',
      origin(A),
      SIGN_IN,
      { intent: 'mail-link' },
      { host: 'evil.example', origin: 'http://evil.example' },
    );
    expect(mailed.status).toBe(200);
    expect(mailed.text).toContain('A one-time sign-in link is on its way to the owner’s e-mail.');
    await waitFor(async () => (await readdir(outbox)).length > before, { what: 'the mail in the outbox' });
    const mail = await newestMail();
    expect(mail).toMatch(/^To: owner@example\.com/m);
    const port = new URL(origin(A)).port;
    const link = new RegExp(`http://localhost:${port}(/admin/sign-in/link\\?token=([A-Za-z0-9_-]{43}))`).exec(mail);
    expect(link, mail).not.toBeNull();
    const pathAndQuery = group(link, 'a sign-in link in the mail');
    const token = group(link, 'a token in the sign-in link', 2);

    const page = await requestFrom('127.0.1.101', `${origin(B)}${pathAndQuery}`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    // Opening it (a mail scanner would) signs no one in and uses nothing up.
    expect(page.headers['set-cookie']).toBeUndefined();
    // Used twice at once: one signs in, the other finds it used.
    const uses = await times(2, (i) => postFormFrom('127.0.1.101', origin(i), '/admin/sign-in/link', { token }));
    expect(tally(uses)).toEqual({ 303: 1, 410: 1 });
    const cookie = String(uses.find((use) => use.status === 303)?.headers['set-cookie']).replace(/;.*/s, '');
    expect((await requestFrom('127.0.1.101', `${origin(A)}/admin`, { headers: { cookie } })).status).toBe(200);
    expect((await requestFrom('127.0.1.101', `${origin(A)}${pathAndQuery}`)).status).toBe(410);
    // The token is in no log line.
    for (const server of servers) expect(server.output()).not.toContain(token);
  });

  it('the links themselves are limited: three mails an hour for everyone together; none while sign-in is not paused', async () => {
    expect((await postFormFrom('127.0.1.102', origin(A), SIGN_IN, { intent: 'mail-link' })).status).toBe(409);
    await db.query(`INSERT INTO rate_limits (key, hits) VALUES ('sign-in:everyone', 100)`);
    const answers = await times(10, (i) => postFormFrom(`127.0.1.${110 + i}`, origin(i % 2), SIGN_IN, { intent: 'mail-link' }));
    expect(tally(answers)).toEqual({ 200: 3, 429: 7 });
  });
});

async function insertLink(fields: { revoked?: boolean; expired?: boolean } = {}): Promise<string> {
  const id = newLinkId();
  await db.query(
    `INSERT INTO share_links (id, label, created_at, expires_at, revoked_at) VALUES ($1, 'test', now() - interval '2 days', now() + $2::int * interval '1 day', $3)`,
    [id, fields.expired ? -1 : 30, fields.revoked ? new Date() : null],
  );
  return linkToken(id)!;
}

describe('share-link tokens', () => {
  it('200 unknown tokens at once from one address: exactly 20 are judged (404), 180 get 429', async () => {
    const answers = await times(200, (i) => requestFrom('127.0.2.1', `${origin(i % 2)}/s/${'A'.repeat(40)}${String(i).padStart(3, '0')}`));
    expect(tally(answers)).toEqual({ 404: 20, 429: 180 });
    expect(Number(answers.find((answer) => answer.status === 429)!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('revoked and expired tokens count as bad guesses: after 20 of them even a live link gets 429 from that address, and still opens from another', async () => {
    const [revoked, expired, live] = [await insertLink({ revoked: true }), await insertLink({ expired: true }), await insertLink()];
    const answers = await times(20, (i) => requestFrom('127.0.2.2', `${origin(i % 2)}/s/${i % 2 ? revoked : expired}`));
    expect(tally(answers)).toEqual({ 410: 20 });
    expect((await requestFrom('127.0.2.2', `${origin(A)}/s/${live}`)).status).toBe(429);
    expect((await requestFrom('127.0.2.3', `${origin(A)}/s/${live}`)).status).toBe(303);
  });

  it('a live link gives its slot back: opened 40 times in a row from one address, every open works', async () => {
    const live = await insertLink();
    for (let i = 0; i < 40; i++) expect((await requestFrom('127.0.2.4', `${origin(i % 2)}/s/${live}`)).status).toBe(303);
  });

  it('a live link opened 60 times at once: every answer is a 303 or a 429, never an error, and the opens are all counted', async () => {
    const live = await insertLink();
    const answers = await times(60, (i) => requestFrom('127.0.2.5', `${origin(i % 2)}/s/${live}`));
    const counts = tally(answers);
    expect(Object.keys(counts).sort()).toEqual(['303', '429'].filter((status) => counts[Number(status)]));
    expect(counts[303]).toBeGreaterThanOrEqual(20);
    const row = only(
      await db.query<{ opens: number }>('SELECT opens FROM share_links WHERE id = $1', [linkIdFromToken(live)]),
      'share link row',
    );
    expect(row.opens).toBe(counts[303]);
  });
});

describe('a link’s reading counted under a burst', () => {
  it('its private case study read 60 times at once through two instances: every answer 200, every view counted', async () => {
    const live = await insertLink();
    const cookie = `portfolio_link=${live}`;
    const answers = await times(60, (i) => requestFrom('127.0.2.6', `${origin(i % 2)}${PRIVATE_PATH}`, { headers: { cookie } }));
    expect(tally(answers)).toEqual({ 200: 60 });
    const row = only(
      await db.query<{ views: number }>('SELECT views FROM share_link_views WHERE link_id = $1', [linkIdFromToken(live)]),
      'view count row',
    );
    expect(row.views).toBe(60);
  });
});

describe('the private case study’s password and the contact form', () => {
  it('100 wrong passwords at once across two instances: exactly 10 are judged', async () => {
    const answers = await times(100, (i) => postFormFrom('127.0.3.1', origin(i % 2), PRIVATE_PATH, { password: `wrong ${i}` }));
    expect(tally(answers)).toEqual({ 401: 10, 429: 90 });
    expect((await postFormFrom('127.0.3.1', origin(A), PRIVATE_PATH, { password: PASSWORD })).status).toBe(429);
  });

  it('100 valid messages at once across two instances: exactly 5 are sent, 95 get 429', async () => {
    const body = Object.fromEntries(toFormBody({}));
    const answers = await times(100, (i) => postFormFrom('127.0.3.2', origin(i % 2), '/?index', body, { accept: 'text/html' }));
    expect(tally(answers)).toEqual({ 200: 5, 429: 95 });
  });
});
