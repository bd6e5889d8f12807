import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { closeSharedDatabase } from '~/db/connection.server';
import { VALID } from '../helpers/data/contact-cases';
import { startContactDb, type ContactDb } from '../helpers/suite/contact-db';
import { saveEnv } from '../helpers/env';
import { postToSendEmail } from '../helpers/site/send-email';
import { startSilentServer, startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { closedPort } from '../helpers/start/ports';
import { expectConsoleError } from '../setup/console-errors';
import { at } from '../helpers/must';

/**
 * The send-email function keeps each valid message before it mails it
 * (real PostgreSQL, real SMTP server): the visitor hears "sent" when it was
 * kept or mailed; without a database it mails as before and says so in the
 * log; the log never holds the message or the visitor's address.
 */

const SECRET = 'intake-test-secret-0123456789';
const ENV_KEYS = ['SMTP_URL', 'CONTACT_FUNCTION_SECRET', 'NETLIFY_DB_URL', 'CONTACT_TO'] as const;
const restoreEnv = saveEnv(ENV_KEYS);
const MESSAGE = { ...VALID, email: 'grace.hopper@visitor.example', message: 'A very private note about a job offer.' };

let store: ContactDb;
let smtp: TestSmtpServer;
let logs: MockInstance[] = [];

const post = (body: unknown): Promise<Response> => postToSendEmail(body, SECRET);

/** Everything logged during the test, one string per call. */
const logged = () =>
  [...logs, console.error as unknown as MockInstance].flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')));

/** Points the function at another database (the next query opens a new pool). */
async function useDatabase(url: string | undefined) {
  await closeSharedDatabase();
  if (url === undefined) delete process.env.NETLIFY_DB_URL;
  else process.env.NETLIFY_DB_URL = url;
}

beforeAll(async () => {
  [store, smtp] = await Promise.all([startContactDb(), startSmtpServer()]);
  process.env.CONTACT_FUNCTION_SECRET = SECRET;
  process.env.CONTACT_TO = 'owner@designer.example';
});
afterAll(async () => {
  await closeSharedDatabase();
  await Promise.all([store?.stop(), smtp?.close()]);
  restoreEnv();
});
beforeEach(async () => {
  await store.clear();
  smtp.messages.length = 0;
  smtp.setRejecting(false);
  process.env.SMTP_URL = smtp.url;
  logs = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'log'), vi.spyOn(console, 'info')];
});
afterEach(() => {
  const lines = logged();
  for (const spy of logs) spy.mockRestore();
  // Whatever happened, nothing of the message or its sender reached the log.
  for (const line of lines) {
    expect(line).not.toContain(MESSAGE.email);
    expect(line).not.toContain(MESSAGE.message);
  }
});

describe('with the database', () => {
  beforeAll(() => useDatabase(store.url));

  it('keeps the message, mails it once, and records it delivered', async () => {
    const response = await post(MESSAGE);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success' });
    expect(smtp.messages).toHaveLength(1);
    const row = at(await store.rows(), 0, 'a kept message');
    expect(row).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: MESSAGE.email,
      message: MESSAGE.message,
      status: 'delivered',
      attempts: 1,
      claimed_until: null,
      next_attempt_at: null,
      last_error: null,
      done_at: null,
    });
    expect(row.delivered_at).toBeInstanceOf(Date);
  });

  it('SMTP refusing the message: still a success for the visitor, kept for a retry in 30 s', async () => {
    smtp.setRejecting(true);
    const response = await post(MESSAGE);
    expect(response.status).toBe(200);
    const row = at(await store.rows(), 0, 'a kept message');
    expect(row).toMatchObject({ status: 'retrying', attempts: 1, claimed_until: null, delivered_at: null });
    // What happened and its codes, never the server's words.
    expect(row.last_error).toBe('the mail service did not take the message (EMESSAGE, reply 550, at DATA)');
    expect(logged().some((line) => line.includes(`message ${row.id}: attempt 1 failed`) && line.includes('next attempt in 30 s'))).toBe(
      true,
    );
  });

  it('SMTP that never answers: the visitor hears "sent" before the action gives up (10 s), and it is kept for a retry', async () => {
    const silent = await startSilentServer();
    process.env.SMTP_URL = silent.url;
    try {
      const started = performance.now();
      const response = await post(MESSAGE);
      const elapsed = performance.now() - started;
      expect(response.status).toBe(200);
      expect(elapsed).toBeLessThan(9_800);
      const row = at(await store.rows(), 0, 'a kept message');
      expect(row).toMatchObject({ status: 'retrying', attempts: 1 });
      expect(row.last_error).toMatch(/^the mail server did not answer in time\b/);
    } finally {
      await silent.close();
    }
  }, 20_000);
});

describe('without a database', () => {
  it.each([
    ['down (nothing listens)', async () => `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`],
    ['not configured', async () => undefined],
  ])('%s: mails as before, and the log says it was not kept', async (_name, url) => {
    await useDatabase(await url());
    const response = await post(MESSAGE);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success' });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.header('reply-to')).toBe(`Ada Lovelace <${MESSAGE.email}>`);
    expect(logged().some((line) => /contact: database unavailable \(.+\); message mailed without being kept\./.test(line))).toBe(true);
  });

  it('hanging (accepts, never answers): mails after the 2 s connect limit', async () => {
    const silent = await startSilentServer();
    try {
      await useDatabase(silent.url.replace('smtp:', 'postgres:'));
      const started = performance.now();
      const response = await post(MESSAGE);
      expect(response.status).toBe(200);
      expect(smtp.messages).toHaveLength(1);
      expect(performance.now() - started).toBeLessThan(6_000);
      expect(logged().some((line) => line.includes('message mailed without being kept'))).toBe(true);
    } finally {
      await useDatabase(undefined);
      await silent.close();
    }
  });

  it('and SMTP down as well: 502, one error in the log, nothing of the message in it', async () => {
    await useDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/postgres`);
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
    expectConsoleError();
    const response = await post(MESSAGE);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ status: 'error', error: 'Failed to send message.' });
    const errors = (console.error as unknown as MockInstance).mock.calls;
    expect(errors).toHaveLength(1);
    expect(String(at(errors, 0, 'a console error')[0])).toMatch(
      /^send-email: sending failed: .*ECONNREFUSED.*; database unavailable \(.+\): the message was neither kept nor mailed\.$/,
    );
  });
});

describe('on Netlify without a mail account', () => {
  beforeEach(() => {
    delete process.env.SMTP_URL;
    process.env.NETLIFY = 'true';
  });
  afterEach(() => {
    delete process.env.NETLIFY;
  });

  it('keeps the message in the inbox only: a success for the visitor, never mailed or retried', async () => {
    await useDatabase(store.url);
    const response = await post(MESSAGE);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success' });
    const rows = await store.rows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'kept', attempts: 0, next_attempt_at: null, claimed_until: null, delivered_at: null });
    expect(smtp.messages).toHaveLength(0);
  });

  it('without a database either: 502, and the visitor keeps what they typed', async () => {
    await useDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/postgres`);
    expectConsoleError();
    try {
      const response = await post(MESSAGE);
      expect(response.status).toBe(502);
      const errors = (console.error as unknown as MockInstance).mock.calls;
      expect(String(errors[0]?.[0])).toMatch(/^send-email: no mail account is set up and the message could not be kept/);
    } finally {
      await useDatabase(undefined);
    }
  });
});
