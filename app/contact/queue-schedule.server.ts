import type { Store } from '@netlify/blobs';
import { liveStoreKind } from '~/content/live-store.server';
import type { Database } from '~/db/connection.server';
import { CLAIM_SECONDS } from './messages.server';

/**
 * When the scheduled job needs the database. Netlify Database bills the
 * hours it is awake and sleeps after a few idle minutes; a job that queried
 * it every 5 minutes would keep it awake all month (about 7,200 credits,
 * against the Free plan's 300). So the job first reads a small schedule in
 * Netlify Blobs, which costs no database time, and wakes the database only
 * when a message may need another try, or once a day for the housekeeping
 * (retention, expired sessions and limits, the insights' rollup).
 *
 * One key per message that may need the queue (`mail/<id>`, its due time),
 * written by whoever kept it: no two writers share a key, so nothing is lost
 * to a race. The queue deletes a message's key once the message no longer
 * waits. Without Blobs (npm start) the timer runs every time, as before.
 */

const STORE_NAME = 'site-jobs';
const MAIL_PREFIX = 'mail/';
const HOUSEKEEPING_KEY = 'housekeeping';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The housekeeping runs once per UTC day, from 00:10 on: the insights' day is over and its late beacons are in. */
const HOUSEKEEPING_AFTER_MIDNIGHT_MS = 10 * 60 * 1000;

/** The last time the daily housekeeping became due, at or before `now`. */
export function lastHousekeepingTime(now: number): number {
  const today = Math.floor(now / DAY_MS) * DAY_MS + HOUSEKEEPING_AFTER_MIDNIGHT_MS;
  return now >= today ? today : today - DAY_MS;
}

export type DueWork = { mail: boolean; housekeeping: boolean };

/** The schedule's store on Netlify (opened per use: the Blobs context exists only inside a request); null elsewhere. */
export async function openJobsStore(): Promise<Store | null> {
  if (liveStoreKind() !== 'blobs') return null;
  const { getStore } = await import('@netlify/blobs');
  return getStore({ name: STORE_NAME, consistency: 'strong' });
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/**
 * A kept message may need the queue from `at` on (its first send may fail or
 * be cut short). Never throws: without the note the daily run still finds it.
 */
export async function noteMailDue(id: string, at = new Date(Date.now() + CLAIM_SECONDS * 1000), store?: Store | null): Promise<void> {
  try {
    const jobs = store === undefined ? await openJobsStore() : store;
    await jobs?.setJSON(`${MAIL_PREFIX}${id}`, { dueAt: at.getTime() });
  } catch (error) {
    console.warn(`contact: message ${id}: could not note it for the mail queue (${describe(error)}); the daily run will find it.`);
  }
}

/** What is due now; everything when there is no schedule (or it cannot be read). */
export async function dueWork(store: Store | null, now = Date.now()): Promise<DueWork> {
  if (!store) return { mail: true, housekeeping: true };
  try {
    const [{ blobs }, housekeeping] = await Promise.all([
      store.list({ prefix: MAIL_PREFIX }),
      store.get(HOUSEKEEPING_KEY, { type: 'json' }) as Promise<{ at?: number } | null>,
    ]);
    let mail = false;
    for (const { key } of blobs) {
      const note = (await store.get(key, { type: 'json' })) as { dueAt?: number } | null;
      if (!note || typeof note.dueAt !== 'number' || note.dueAt <= now) {
        mail = true;
        break;
      }
    }
    return { mail, housekeeping: typeof housekeeping?.at !== 'number' || housekeeping.at < lastHousekeepingTime(now) };
  } catch (error) {
    console.warn(`mail-queue: the schedule could not be read (${describe(error)}); running everything.`);
    return { mail: true, housekeeping: true };
  }
}

/** After a run: each noted message's next due time from the database, or its note deleted once it no longer waits. */
export async function settleSchedule(
  store: Store | null,
  db: Database,
  { housekeepingDone }: { housekeepingDone: boolean },
  now = Date.now(),
): Promise<void> {
  if (!store) return;
  const { blobs } = await store.list({ prefix: MAIL_PREFIX });
  const ids = blobs.map(({ key }) => key.slice(MAIL_PREFIX.length));
  if (ids.length) {
    const rows = await db.query<{ id: string; next_attempt_at: Date | null; claimed_until: Date | null }>(
      "SELECT id, next_attempt_at, claimed_until FROM contact_messages WHERE id = ANY($1::text[]) AND status IN ('pending', 'retrying')",
      [ids],
    );
    const waiting = new Map(
      rows.map((row) => [row.id, Math.max(row.next_attempt_at?.getTime() ?? now, row.claimed_until?.getTime() ?? 0)]),
    );
    await Promise.all(
      ids.map((id) =>
        waiting.has(id) ? store.setJSON(`${MAIL_PREFIX}${id}`, { dueAt: waiting.get(id) }) : store.delete(`${MAIL_PREFIX}${id}`),
      ),
    );
  }
  if (housekeepingDone) await store.setJSON(HOUSEKEEPING_KEY, { at: now });
}
