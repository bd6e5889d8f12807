import type { Database } from '~/db/connection.server';
import { purgeIn as purgeRateLimits } from '~/db/rate-limit.server';
import { getMessageRetentionDays, SMTP_TIMEOUT_MS } from './config.server';
import { deliverKept, type AttemptOutcome } from './delivery.server';
import { claimDueMessages, CLAIM_SECONDS, processDatabase, recordGivenUp } from './messages.server';

/**
 * The mail queue: sends the kept messages whose next attempt is due, gives
 * up on those older than 24 hours, and deletes what is kept too long. One
 * job for both callers: the scheduled function netlify/functions/mail-queue.ts
 * on Netlify, and the local server's timer (scripts/mail-queue-timer.ts).
 *
 * Never mails a message twice: each batch is claimed first (one UPDATE …
 * FOR UPDATE SKIP LOCKED), so runs that overlap, on one instance or many,
 * get different messages.
 */

/** Messages claimed at once. */
export const BATCH_SIZE = 10;
/** Sent side by side within a batch: few enough for any mail server, enough to drain a backlog. */
export const CONCURRENCY = 5;
/** The slowest a batch can be: every send runs into the SMTP time limit. */
const WORST_BATCH_MS = SMTP_TIMEOUT_MS * Math.ceil(BATCH_SIZE / CONCURRENCY) + 2_000;
// A claim must outlast the batch it covers, or another run could send a message still being sent.
if (WORST_BATCH_MS >= CLAIM_SECONDS * 1000) throw new Error('mail queue: a batch could outlive its claim');

export type QueueRun = {
  /** Messages this run sent successfully. */
  delivered: number;
  /** Attempts that failed and will be tried again. */
  retrying: number;
  /** Attempts that failed for the last time, and messages given up on without an attempt. */
  failed: number;
  /** Deleted by retention: messages, rate-limit rows, expired owner sessions. */
  deleted: { messages: number; rateLimits: number; sessions: number };
};

export type QueueOptions = {
  /** Default: the process's database. */
  db?: Database;
  /** No new batch starts unless it would end within this (the scheduled function has 30 s). */
  budgetMs?: number;
  /** Default: MESSAGE_RETENTION_DAYS. */
  retentionDays?: number;
  /** Also delete what has expired (default true; the scheduled function does it once a day). */
  housekeeping?: boolean;
};

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  // One iterator shared by the lanes: each takes the next item when it is free.
  const queue = items.entries();
  const lane = async () => {
    for (const [index, item] of queue) results[index] = await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** Sends what is due; throws DatabaseUnavailable when there is no database. */
export async function sendDueMessages(db: Database, budgetMs: number): Promise<Omit<QueueRun, 'deleted'>> {
  const started = performance.now();
  const run = { delivered: 0, retrying: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDueMessages(db, BATCH_SIZE);
    const expired = claimed.filter((message) => message.expired);
    const due = claimed.filter((message) => !message.expired);
    if (expired.length) {
      run.failed += await recordGivenUp(
        db,
        expired.map((message) => message.id),
      );
      console.warn(
        `contact: gave up on ${expired.length} message(s) not delivered within 24 hours: ${expired.map((m) => m.id).join(', ')}.`,
      );
    }
    const outcomes = await inParallel(due, CONCURRENCY, (message) =>
      deliverKept(db, message.id, message, message.attempts + 1).catch((error: unknown): AttemptOutcome => {
        // The outcome could not be written; the claim runs out and a later run tries again.
        console.warn(
          `contact: message ${message.id}: could not record the attempt (${error instanceof Error ? error.message : String(error)}).`,
        );
        return { status: 'gone' };
      }),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'delivered') run.delivered++;
      else if (outcome.status === 'retrying') run.retrying++;
      else if (outcome.status === 'failed') run.failed++;
    }
    if (claimed.length < BATCH_SIZE || performance.now() - started + WORST_BATCH_MS > budgetMs) return run;
  }
}

/**
 * Deletes contact messages older than `retentionDays`, rate-limit rows whose
 * window ended a day ago, the owner's expired sessions and one-time sign-in
 * links a day past their expiry.
 */
export async function deleteExpired(db: Database, retentionDays = getMessageRetentionDays()): Promise<QueueRun['deleted']> {
  const messages = await db.query(`DELETE FROM contact_messages WHERE created_at < now() - $1::int * interval '1 day' RETURNING 1`, [
    retentionDays,
  ]);
  const rateLimits = await purgeRateLimits(db);
  const sessions = await db.query('DELETE FROM admin_sessions WHERE expires_at < now() RETURNING 1');
  await db.query("DELETE FROM owner_sign_in_links WHERE expires_at < now() - interval '1 day'");
  return { messages: messages.length, rateLimits, sessions: sessions.length };
}

/** One run of the queue: send what is due, then delete what has expired. */
export async function runMailQueue({ db, budgetMs = 25_000, retentionDays, housekeeping = true }: QueueOptions = {}): Promise<QueueRun> {
  const database = db ?? (await processDatabase());
  const sent = await sendDueMessages(database, budgetMs);
  const deleted = housekeeping ? await deleteExpired(database, retentionDays) : { messages: 0, rateLimits: 0, sessions: 0 };
  if (deleted.messages) console.info(`contact: deleted ${deleted.messages} message(s) older than the retention period.`);
  return { ...sent, deleted };
}
