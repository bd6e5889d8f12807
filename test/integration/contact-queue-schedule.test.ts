import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Store } from '@netlify/blobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dueWork, lastHousekeepingTime, noteMailDue, settleSchedule } from '~/contact/queue-schedule.server';
import { startContactDb, type ContactDb } from '../helpers/suite/contact-db';
import { openLocalBlobs, type LocalBlobs } from '../helpers/start/netlify-serve';

/**
 * When the scheduled mail queue may wake the database (real PostgreSQL, and
 * Netlify's own local Blobs server on a folder): only when a message may need
 * another try, or once a day for the housekeeping. A job that queried every
 * 5 minutes would keep a billed-by-the-hour database awake all month.
 */

let contact: ContactDb;
let blobs: LocalBlobs;
let store: Store;
const dir = mkdtempSync(path.join(os.tmpdir(), 'queue-schedule-'));
let round = 0;

beforeAll(async () => {
  [contact, blobs] = await Promise.all([startContactDb(), openLocalBlobs(dir)]);
});
afterAll(async () => {
  await Promise.all([contact?.stop(), blobs?.close()]);
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  // A store of its own per test: nothing noted by another test.
  store = blobs.store(`site-jobs-${++round}`);
  await contact.clear();
});

describe('the mail queue’s schedule', () => {
  it('on a new site: only the housekeeping is due, and once done, nothing until 00:10 UTC the next day', async () => {
    const now = Date.parse('2026-11-26T09:00:00Z');
    expect(await dueWork(store, now)).toEqual({ mail: false, housekeeping: true });
    await settleSchedule(store, contact.db, { housekeepingDone: true }, now);
    expect(await dueWork(store, now + 5 * 60_000)).toEqual({ mail: false, housekeeping: false });
    expect(await dueWork(store, Date.parse('2026-11-27T00:09:59Z'))).toEqual({ mail: false, housekeeping: false });
    expect(await dueWork(store, Date.parse('2026-11-27T00:10:00Z'))).toEqual({ mail: false, housekeeping: true });
  });

  it('the daily housekeeping falls at 00:10 UTC', () => {
    expect(new Date(lastHousekeepingTime(Date.parse('2026-11-26T00:09:00Z'))).toISOString()).toBe('2026-11-25T00:10:00.000Z');
    expect(new Date(lastHousekeepingTime(Date.parse('2026-11-26T00:10:00Z'))).toISOString()).toBe('2026-11-26T00:10:00.000Z');
    expect(new Date(lastHousekeepingTime(Date.parse('2026-11-26T23:59:00Z'))).toISOString()).toBe('2026-11-26T00:10:00.000Z');
  });

  it('a noted message makes mail due from its time on, not before', async () => {
    const now = Date.now();
    await settleSchedule(store, contact.db, { housekeepingDone: true }, now);
    await noteMailDue('m-later', new Date(now + 60_000), store);
    expect((await dueWork(store, now)).mail).toBe(false);
    expect((await dueWork(store, now + 60_000)).mail).toBe(true);
  });

  it('after a run: a message still waiting keeps its note with its next try, a delivered or given-up one loses it', async () => {
    const now = Date.now();
    const nextTry = new Date(now + 30 * 60_000);
    const waiting = await contact.insert({ status: 'retrying', next_attempt_at: nextTry });
    const delivered = await contact.insert({ status: 'delivered' });
    const failed = await contact.insert({ status: 'failed' });
    for (const id of [waiting, delivered, failed, 'deleted-meanwhile']) await noteMailDue(id, new Date(now - 1_000), store);
    expect((await dueWork(store, now)).mail).toBe(true);

    await settleSchedule(store, contact.db, { housekeepingDone: false }, now);
    const { blobs: left } = await store.list({ prefix: 'mail/' });
    expect(left.map((blob) => blob.key)).toEqual([`mail/${waiting}`]);
    expect(await store.get(`mail/${waiting}`, { type: 'json' })).toEqual({ dueAt: nextTry.getTime() });
    expect((await dueWork(store, now + 60_000)).mail).toBe(false);
    expect((await dueWork(store, nextTry.getTime())).mail).toBe(true);
  });

  it('without a schedule to read (npm start), everything is due every time', async () => {
    expect(await dueWork(null)).toEqual({ mail: true, housekeeping: true });
  });
});
