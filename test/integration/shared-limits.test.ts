import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLOCK_TEXT } from '~/access/private-case-study';
import { createDatabase, type Database } from '~/db/connection.server';
import { SUCCESS_TEXT, toFormBody } from '../helpers/data/contact-cases';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { requestFrom } from '../helpers/site/from-address';
import { noticeIn, postForm } from '../helpers/site/http';
import { startPostgres, type TestPostgres } from '../helpers/start/postgres';
import { PASSWORD, PRIVATE_ENV, PRIVATE_PATH } from '../helpers/data/private';
import { startServer, type RunningServer } from '../helpers/start/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { LOG_WAIT, waitFor } from '../helpers/wait';
import { at, only } from '../helpers/must';

/**
 * Two built servers on one real PostgreSQL, as two Netlify function
 * instances share Netlify Database: the limits hold across them, public
 * pages never touch the database, and when the database goes away the site
 * (mail included) keeps working: the contact limit counts in memory, and a
 * guess is refused with 503 and Retry-After, never judged from one server's
 * memory (a database that does not answer may only be a slow one).
 */

const SECRET = 'shared-limits-test-secret-abcdefghij';
const PUBLIC_PATHS = ['/', '/resume', '/case-study/blocks-demo', '/sitemap.xml'];
const MIGRATED = /Migrations: (applied|none pending)/;

let pg: TestPostgres;
let url: string;
/** On the `postgres` database: counts what the servers run in theirs. */
let observer: Database;
let smtp: TestSmtpServer;
let servers: RunningServer[] = [];
let dbName: string;

beforeAll(async () => {
  [pg, smtp] = await Promise.all([startPostgres(), startSmtpServer()]);
  url = await pg.createDatabase();
  dbName = new URL(url).pathname.slice(1);
  observer = await createDatabase({ connectionString: pg.url() });
  await observer.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const env = {
    ...PRIVATE_ENV,
    CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON,
    NETLIFY_DB_URL: url,
    SMTP_URL: smtp.url,
    CONTACT_FUNCTION_SECRET: SECRET,
    CONTACT_RATE_LIMIT: '2',
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
  // Both migrate the one database as they start; the advisory lock lets one apply.
  for (const server of servers) {
    await waitFor(() => MIGRATED.test(server.output()), { timeoutMs: 30_000, what: () => `migrations to be applied:\n${server.output()}` });
  }
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await observer?.end();
  await smtp?.close();
  await pg?.destroy();
});

/** Statements run so far in the servers' database. */
/**
 * Statements a request could have run: not the mail queue's background
 * ticks (contact messages, expired sessions, the limits' purge, and the
 * daily housekeeping a server runs as it starts: old sign-in links, the
 * insights' rollup and retention) nor the connection's own housekeeping
 * (and its first check), which run on their own timer.
 */
const BACKGROUND = String.raw`contact_messages|admin_sessions|^\s*DELETE FROM (rate_limits|owner_sign_in_links)|^\s*WITH (gone|visitors) AS \(DELETE|^\s*SELECT DISTINCT e\.day|^\s*SELECT \$1\s*$|^\s*(BEGIN|COMMIT|ROLLBACK|SET|RESET|SHOW|DISCARD)\y`;

async function statements(): Promise<number> {
  const rows = await observer.query<{ calls: number }>(
    'SELECT coalesce(sum(calls), 0)::int AS calls FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) AND query !~* $2',
    [dbName, BACKGROUND],
  );
  return only(rows, 'sum row').calls;
}

/**
 * A password try from `address` (each test its own: a server keeps a client it
 * has refused in its memory until the window ends, whatever the table says).
 */
const unlock = async (server: RunningServer, password: string, address = '127.0.0.1') => {
  const answer = await requestFrom(address, server.url + PRIVATE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password }).toString(),
  });
  return {
    status: answer.status,
    headers: new Headers(answer.headers as Record<string, string>),
    text: async () => answer.text,
    arrayBuffer: async () => undefined,
  };
};

describe('two instances on one database', () => {
  it('each migration was applied once, by one of them (they take turns, migration by migration)', async () => {
    const applied = servers.flatMap((server) => /Migrations: applied (.+?) \(/.exec(server.output())?.[1]?.split(', ') ?? []);
    const { listMigrations, MIGRATIONS_DIR } = await import('~/db/migrations.server');
    expect(applied.sort()).toEqual((await listMigrations(MIGRATIONS_DIR)).map((migration) => migration.name));
  });

  it('public pages make no query', async () => {
    const before = await statements();
    for (const server of servers) {
      for (const path of PUBLIC_PATHS) {
        const response = await fetch(server.url + path);
        await response.arrayBuffer();
        expect(response.status, path).toBe(200);
      }
      // The lock screen itself only reads the cookie.
      expect((await fetch(server.url + PRIVATE_PATH)).status).toBe(200);
    }
    expect(await statements()).toBe(before);
    // The count does move when something is limited.
    await (await unlock(at(servers, 0, 'a server'), 'not-the-password-either')).arrayBuffer();
    expect(await statements()).toBeGreaterThan(before);
  });

  it('30 wrong passwords alternating between them: exactly 10 are judged (401), 20 get 429, and so does the right one', async () => {
    const db = await createDatabase({ connectionString: url });
    try {
      // The previous test spent one attempt: start from a clean slate.
      await db.query("DELETE FROM rate_limits WHERE key LIKE 'unlock:%'");
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const response = await unlock(at(servers, i % 2, 'a server'), `wrong guess ${i}`, '127.0.5.1');
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(20).fill(429));
      const right = await unlock(at(servers, 1, 'a server'), PASSWORD, '127.0.5.1');
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await right.text()).toContain('Too many wrong passwords. Please wait 10 minutes and try again.');

      // One row for the client, keyed by a hash: no address anywhere in the table.
      const rows = await db.query<{ key: string; row: string }>('SELECT key, rate_limits::text AS row FROM rate_limits');
      expect(rows.filter((row) => row.key.startsWith('unlock:'))).toHaveLength(1);
      for (const { row } of rows) expect(row).not.toMatch(/127\.0\.0\.1|::1|localhost/);
    } finally {
      await db.end();
    }
  });

  it('the right password gives its attempt back: only wrong ones count', async () => {
    const db = await createDatabase({ connectionString: url });
    try {
      await db.query("DELETE FROM rate_limits WHERE key LIKE 'unlock:%'");
      for (let i = 0; i < 5; i++) expect((await unlock(at(servers, i % 2, 'a server'), PASSWORD, '127.0.5.2')).status).toBe(303);
      expect(await db.query("SELECT hits FROM rate_limits WHERE key LIKE 'unlock:%'")).toEqual([{ hits: 0 }]);
    } finally {
      await db.end();
    }
  });

  it('the contact limit holds across them too', async () => {
    smtp.messages.length = 0;
    const send = (server: RunningServer) => postForm(server.url, toFormBody({}));
    expect((await send(at(servers, 0, 'a server'))).status).toBe(200);
    expect((await send(at(servers, 1, 'a server'))).status).toBe(200);
    const third = await send(at(servers, 0, 'a server'));
    expect(third.status).toBe(429);
    expect(smtp.messages).toHaveLength(2);
  });
});

describe('when the database goes away', () => {
  it('pages still answer 200, a contact message is still mailed, a guess is refused unjudged; the log says why', async () => {
    await observer.end();
    await pg.stop();
    const server = at(servers, 0, 'a first server');
    const other = at(servers, 1, 'a second server');
    for (const path of PUBLIC_PATHS) {
      const response = await fetch(server.url + path);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
    }
    smtp.messages.length = 0;
    const response = await postForm(other.url, toFormBody({ message: 'Sent while the database was down.' }));
    expect(response.status).toBe(200);
    expect(noticeIn(await response.text())).toEqual({ variant: 'success', text: SUCCESS_TEXT });
    const mail = at(await smtp.waitForMessages(1), 0, 'a mail');
    expect(mail.text).toContain('Sent while the database was down.');
    await expect.poll(() => other.output(), LOG_WAIT).toContain("limits: the shared count can't be read");
    expect(other.output()).toContain('the contact form’s limit');

    // Even the right password: the count comes first, and without it nothing is judged.
    for (const password of ['a wrong guess while the database is down', PASSWORD]) {
      const refused = await unlock(server, password);
      expect(refused.status, password).toBe(503);
      expect(Number(refused.headers.get('retry-after')), password).toBeGreaterThan(0);
      expect(await refused.text(), password).toContain(UNLOCK_TEXT.busy);
    }
    await expect.poll(() => server.output(), LOG_WAIT).toContain("limits: the shared count can't be read");
    expect(server.output().split("limits: the shared count can't be read")).toHaveLength(2);
    for (const running of servers) expect(running.process.exitCode).toBeNull();
  });
});
