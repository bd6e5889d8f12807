import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeSharedDatabase } from '~/db/connection.server';
import {
  countMessages,
  countNewMessages,
  deleteMessage,
  getMessage,
  listMessages,
  mailHealth,
  markMessageDone,
} from '~/contact/inbox.server';
import { startContactDb, type ContactDb } from '../helpers/suite/contact-db';
import { saveEnv } from '../helpers/env';
import { at } from '../helpers/must';

/** The owner's inbox and mail health, read from a real PostgreSQL through the process's database. */

const ENV_KEYS = ['NETLIFY_DB_URL', 'SMTP_URL'] as const;
const restoreEnv = saveEnv(ENV_KEYS);

let store: ContactDb;

beforeAll(async () => {
  store = await startContactDb();
  process.env.NETLIFY_DB_URL = store.url;
});
afterAll(async () => {
  await closeSharedDatabase();
  await store?.stop();
  restoreEnv();
});
beforeEach(() => store.clear());

describe('the inbox', () => {
  it('lists newest first, a page at a time, with each delivery status (a message being sent shows as retrying) and its last error', async () => {
    await store.insert({ id: 'old', age: '3 days', status: 'delivered' });
    await store.insert({ id: 'failed', age: '2 days', status: 'failed', last_error: '550 Mailbox unavailable' });
    await store.insert({ id: 'retrying', age: '1 hour', status: 'retrying', last_error: 'connect ECONNREFUSED' });
    await store.insert({ id: 'sending', status: 'pending', attempts: 0 });

    const all = await listMessages({ limit: 10, offset: 0 });
    expect(all.map((m) => [m.id, m.status, m.lastError])).toEqual([
      ['sending', 'retrying', null],
      ['retrying', 'retrying', 'connect ECONNREFUSED'],
      ['failed', 'failed', '550 Mailbox unavailable'],
      ['old', 'delivered', null],
    ]);
    expect(all[3]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'Hello from the test.',
      done: false,
      doneAt: null,
    });
    expect(all[3]?.deliveredAt).toBeInstanceOf(Date);
    expect(at(all, 0, 'a newest message').createdAt.getTime()).toBeGreaterThan(at(all, 1, 'a second message').createdAt.getTime());

    expect((await listMessages({ limit: 2, offset: 2 })).map((m) => m.id)).toEqual(['failed', 'old']);
    expect(await listMessages({ limit: 2, offset: 4 })).toEqual([]);
    expect(await countMessages()).toBe(4);
  });

  it('getMessage: the whole message, or null', async () => {
    await store.insert({ id: 'one', message: 'Line one.\n\nLine two.' });
    expect(await getMessage('one')).toMatchObject({ id: 'one', message: 'Line one.\n\nLine two.', status: 'retrying', attempts: 1 });
    expect(await getMessage('nope')).toBeNull();
  });

  it('done: stays listed, shown as done, no longer new; marking again keeps the first time; delivery goes on regardless', async () => {
    await store.insert({ id: 'a', status: 'delivered' });
    await store.insert({ id: 'b', status: 'retrying' });
    expect(await countNewMessages()).toBe(2);

    expect(await markMessageDone('b')).toBe(true);
    const first = (await getMessage('b'))!;
    expect(first).toMatchObject({ done: true, status: 'retrying' });
    expect(first.doneAt).toBeInstanceOf(Date);
    expect(await countNewMessages()).toBe(1);
    expect((await listMessages()).map((m) => [m.id, m.done])).toEqual(
      expect.arrayContaining([
        ['a', false],
        ['b', true],
      ]),
    );

    expect(await markMessageDone('b')).toBe(true);
    expect((await getMessage('b'))!.doneAt).toEqual(first.doneAt);
    // A done message can still be delivered: the schema no longer ties the two.
    await store.db.query("UPDATE contact_messages SET status = 'delivered', delivered_at = now() WHERE id = 'b'");
    expect(await getMessage('b')).toMatchObject({ status: 'delivered', done: true });
    expect(await markMessageDone('nope')).toBe(false);
  });

  it('deletes a message for good', async () => {
    await store.insert({ id: 'gone' });
    expect(await deleteMessage('gone')).toBe(true);
    expect(await getMessage('gone')).toBeNull();
    expect(await deleteMessage('gone')).toBe(false);
  });
});

describe('mail health', () => {
  it('untested, then working, then failing with the latest error; counts what is retrying and failed; says smtp or outbox', async () => {
    delete process.env.SMTP_URL;
    expect(await mailHealth()).toEqual({
      mode: 'outbox',
      state: 'untested',
      lastDeliveredAt: null,
      lastFailureAt: null,
      lastError: null,
      retrying: 0,
      failed: 0,
    });

    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    await store.insert({ id: 'sent', status: 'delivered' });
    await store.db.query(`UPDATE contact_messages SET delivered_at = now() - interval '1 hour' WHERE id = 'sent'`);
    const working = await mailHealth();
    expect(working).toMatchObject({ mode: 'smtp', state: 'working', lastFailureAt: null, lastError: null, retrying: 0, failed: 0 });
    expect(working.lastDeliveredAt).toBeInstanceOf(Date);

    await store.insert({ id: 'r1', status: 'retrying' });
    await store.insert({ id: 'r2', status: 'pending', attempts: 0 });
    await store.insert({ id: 'f1', status: 'failed' });
    await store.db.query(
      `UPDATE contact_messages SET last_error = 'older error', last_failed_at = now() - interval '30 minutes' WHERE id = 'f1'`,
    );
    await store.db.query(
      `UPDATE contact_messages SET last_error = 'connect ECONNREFUSED', last_failed_at = now() - interval '1 minute' WHERE id = 'r1'`,
    );
    const failing = await mailHealth();
    expect(failing).toMatchObject({ state: 'failing', lastError: 'connect ECONNREFUSED', retrying: 2, failed: 1 });
    expect(failing.lastFailureAt!.getTime()).toBeGreaterThan(working.lastDeliveredAt!.getTime());

    // A delivery after the failure: working again, the failure still on record.
    await store.db.query(`UPDATE contact_messages SET status = 'delivered', delivered_at = now(), next_attempt_at = NULL WHERE id = 'r1'`);
    expect(await mailHealth()).toMatchObject({ state: 'working', lastError: 'connect ECONNREFUSED', retrying: 1, failed: 1 });
  });
});
