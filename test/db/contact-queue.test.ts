import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeSharedDatabase, createDatabase } from '~/db/connection.server';
import { BACKOFF_MS } from '~/contact/messages.server';
import { runMailQueue } from '~/contact/queue.server';
import { VALID } from '../helpers/data/contact-cases';
import { startContactDb, type ContactDb } from '../helpers/suite/contact-db';
import { saveEnv } from '../helpers/env';
import { postToSendEmail } from '../helpers/site/send-email';
import { startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { closedPort } from '../helpers/start/ports';
import { at, only } from '../helpers/must';

/**
 * The mail queue on a real PostgreSQL, sending to a real SMTP server: a
 * mail outage loses nothing and mails nothing twice, concurrent runs never
 * share a message, messages are given up on after 24 hours, and old rows go.
 */

const SECRET = 'queue-test-secret-0123456789';
const ENV_KEYS = ['SMTP_URL', 'CONTACT_FUNCTION_SECRET', 'NETLIFY_DB_URL', 'MESSAGE_RETENTION_DAYS', 'CONTACT_TO'] as const;
const restoreEnv = saveEnv(ENV_KEYS);

let store: ContactDb;
let smtp: TestSmtpServer | undefined;

const post = (body: unknown): Promise<Response> => postToSendEmail(body, SECRET);

/** As if the backoff had passed: every waiting message is due now. */
const makeAllDue = () =>
  store.db.query("UPDATE contact_messages SET next_attempt_at = now() - interval '1 second' WHERE status IN ('pending', 'retrying')");

beforeAll(async () => {
  store = await startContactDb();
  process.env.NETLIFY_DB_URL = store.url;
  process.env.CONTACT_FUNCTION_SECRET = SECRET;
  process.env.CONTACT_TO = 'owner@designer.example';
});
afterAll(async () => {
  await closeSharedDatabase();
  await store?.stop();
  restoreEnv();
});
beforeEach(async () => {
  await store.clear();
  delete process.env.MESSAGE_RETENTION_DAYS;
});
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

describe('a mail outage', () => {
  it('5 messages while SMTP is down: each answered 200 and kept; once it is back, one run delivers each exactly once, the next sends nothing', async () => {
    const port = await closedPort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    for (let i = 1; i <= 5; i++) {
      const response = await post({ ...VALID, firstName: `Visitor${i}` });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'success' });
    }
    const kept = await store.rows();
    expect(kept).toHaveLength(5);
    for (const row of kept) {
      expect(row).toMatchObject({ status: 'retrying', attempts: 1, claimed_until: null, delivered_at: null });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.last_error).not.toContain(VALID.email);
      // The first retry is 30 s after the failure.
      const wait = row.next_attempt_at!.getTime() - row.last_failed_at!.getTime();
      expect(wait).toBeGreaterThanOrEqual(BACKOFF_MS[0] - 1_000);
      expect(wait).toBeLessThanOrEqual(BACKOFF_MS[0] + 1_000);
    }
    // Not due yet: a run now sends nothing.
    expect(await runMailQueue()).toMatchObject({ delivered: 0, retrying: 0, failed: 0 });

    smtp = await startSmtpServer({ port });
    await makeAllDue();
    const first = await runMailQueue();
    expect(first).toMatchObject({ delivered: 5, retrying: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(5);
    expect(new Set(smtp.messages.map((mail) => mail.header('subject')))).toEqual(
      new Set([1, 2, 3, 4, 5].map((i) => `Portfolio message from Visitor${i} Lovelace`)),
    );
    for (const row of await store.rows()) {
      expect(row).toMatchObject({ status: 'delivered', attempts: 2, next_attempt_at: null, claimed_until: null });
      expect(row.delivered_at).toBeInstanceOf(Date);
    }

    await makeAllDue();
    expect(await runMailQueue()).toMatchObject({ delivered: 0, retrying: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(5);
  });

  it('a failing retry backs off: 30 s, 2 min, 10 min, 30 min, 1 h, then hourly', async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
    const id = await store.insert({ status: 'pending', attempts: 0 });
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      await makeAllDue();
      expect(await runMailQueue()).toMatchObject({ retrying: 1 });
      const rows = await store.db.query<{ wait_ms: number; attempts: number }>(
        'SELECT (extract(epoch FROM next_attempt_at - last_failed_at) * 1000)::int AS wait_ms, attempts FROM contact_messages WHERE id = $1',
        [id],
      );
      const row = only(rows, 'message row');
      expect(row.attempts).toBe(i + 1);
      waits.push(Math.round(row.wait_ms / 1000));
    }
    expect(waits).toEqual([30, 120, 600, 1800, 3600, 3600, 3600]);
  });
});

describe('two runs at once', () => {
  it('over 20 due messages, from two pools as two instances would be: each mail is sent exactly once', async () => {
    smtp = await startSmtpServer();
    // Slow enough that the two runs overlap.
    smtp.setDelay(400);
    process.env.SMTP_URL = smtp.url;
    for (let i = 1; i <= 20; i++) await store.insert({ first_name: `Due${i}`, status: i % 2 ? 'retrying' : 'pending' });
    const [a, b] = await Promise.all([createDatabase({ connectionString: store.url }), createDatabase({ connectionString: store.url })]);
    try {
      // Connected before the race starts, so neither run waits for a connection while the other drains the queue.
      await Promise.all([a.query('SELECT 1'), b.query('SELECT 1')]);
      const runs = await Promise.all([runMailQueue({ db: a }), runMailQueue({ db: b })]);
      expect(runs[0].delivered + runs[1].delivered).toBe(20);
      // Both really worked: neither had the queue to itself.
      expect(runs[0].delivered).toBeGreaterThan(0);
      expect(runs[1].delivered).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    const subjects = smtp.messages.map((mail) => mail.header('subject'));
    expect(subjects).toHaveLength(20);
    expect(new Set(subjects).size).toBe(20);
    expect((await store.rows()).every((row) => row.status === 'delivered' && row.attempts === 2)).toBe(true);
  });
});

describe('giving up', () => {
  it('messages created 25 hours ago are marked failed with their last error, and not sent', async () => {
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    const old = await store.insert({ age: '25 hours', attempts: 8, last_error: 'Connection timeout' });
    const neverTried = await store.insert({ age: '25 hours', status: 'pending', attempts: 0 });
    const run = await runMailQueue();
    expect(run).toMatchObject({ delivered: 0, failed: 2 });
    expect(smtp.messages).toHaveLength(0);
    const rows = Object.fromEntries((await store.rows()).map((row) => [row.id, row]));
    expect(rows[old]).toMatchObject({
      status: 'failed',
      last_error: 'Connection timeout',
      next_attempt_at: null,
      delivered_at: null,
      done_at: null,
    });
    expect(rows[neverTried]).toMatchObject({ status: 'failed', last_error: 'not delivered within 24 hours' });
  });

  it('a failed attempt whose next one would fall after 24 hours is the last', async () => {
    smtp = await startSmtpServer();
    smtp.setRejecting(true);
    process.env.SMTP_URL = smtp.url;
    const id = await store.insert({ age: '23 hours 30 minutes', attempts: 20 });
    expect(await runMailQueue()).toMatchObject({ failed: 1, retrying: 0 });
    const row = at(await store.rows(), 0, 'a kept message');
    expect(row).toMatchObject({ id, status: 'failed', attempts: 21, next_attempt_at: null });
    expect(row.last_error).toMatch(/did not take the message \(.*reply 550/);
  });
});

describe('retention', () => {
  it('deletes messages older than MESSAGE_RETENTION_DAYS (365 by default), stale rate-limit rows and expired owner sessions', async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
    const ancient = await store.insert({ age: '400 days', status: 'delivered' });
    const recent = await store.insert({ age: '10 days', status: 'failed' });
    const today = await store.insert({ status: 'delivered' });
    await store.db.query(
      `INSERT INTO rate_limits (key, hits, window_started) VALUES ('old:x', 3, now() - interval '2 days'), ('new:x', 1, now())`,
    );
    await store.db.query(
      `INSERT INTO admin_sessions (id, created_at, expires_at, last_seen_at) VALUES
         (repeat('a', 64), now() - interval '40 days', now() - interval '10 days', now() - interval '39 days'),
         (repeat('b', 64), now(), now() + interval '30 days', now())`,
    );

    const run = await runMailQueue();
    expect(run.deleted).toEqual({ messages: 1, rateLimits: 1, sessions: 1 });
    expect((await store.rows()).map((row) => row.id).sort()).toEqual([recent, today].sort());
    expect(await store.db.query('SELECT key FROM rate_limits')).toEqual([{ key: 'new:x' }]);
    expect(await store.db.query('SELECT left(id, 1) AS id FROM admin_sessions')).toEqual([{ id: 'b' }]);
    expect((await store.rows()).some((row) => row.id === ancient)).toBe(false);

    process.env.MESSAGE_RETENTION_DAYS = '7';
    expect((await runMailQueue()).deleted.messages).toBe(1);
    expect((await store.rows()).map((row) => row.id)).toEqual([today]);
  });
});
