import { randomUUID } from 'node:crypto';
import { databaseReady, sharedDatabase, type Database } from '~/db/connection.server';
import type { ContactMessage } from './schema';

/**
 * contact_messages as the sender sees it: a message is kept before it is
 * mailed, and every attempt's outcome is recorded, so none is lost while
 * mail is down and none is mailed twice.
 *
 * Whoever sends a message claims it first (claimed_until): the send-email
 * function when it keeps the message, the mail queue (queue.server.ts) when
 * it picks up a due one. Nobody else touches a claimed message until the
 * claim runs out, which is far longer than one send can take (SMTP gives up
 * after 8 s), so only a sender that died mid-send leaves a claim to expire.
 */

/** How long a sender holds a message. Longer than any batch the queue sends under one claim. */
export const CLAIM_SECONDS = 120;

/** Waits between failed attempts: 30 s, 2 min, 10 min, 30 min, 1 h, then hourly. */
export const BACKOFF_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;

/** A message is retried while its next attempt falls within this long of its creation; then it is 'failed'. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** The wait after the `attempts`-th failed attempt (1-based). */
export function backoffMs(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1] ?? BACKOFF_MS[4];
}

/** The process's database, once it is ready (DatabaseUnavailable otherwise). */
export async function processDatabase(): Promise<Database> {
  await databaseReady();
  return sharedDatabase();
}

/** A kept message, as the sender needs it. */
export type KeptMessage = ContactMessage & {
  id: string;
  attempts: number;
  createdAt: Date;
};

/** A row of the contact messages' table, every column, as the database driver gives it. */
export type MessageRow = {
  id: string;
  created_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  claimed_until: Date | null;
  last_error: string | null;
  last_failed_at: Date | null;
  delivered_at: Date | null;
  done_at: Date | null;
};

const toKept = (
  row: Pick<MessageRow, 'id' | 'first_name' | 'last_name' | 'email' | 'message' | 'attempts' | 'created_at'>,
): KeptMessage => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  message: row.message,
  attempts: row.attempts,
  createdAt: row.created_at,
});

/**
 * Keeps a valid message, 'pending' and already claimed by the caller, who
 * is about to send it; returns its id. `inboxOnly` (no mail account on this
 * deploy) keeps it as 'kept': in the inbox, never sent or retried.
 */
export async function keepMessage(
  message: ContactMessage,
  db?: Database,
  { inboxOnly = false }: { inboxOnly?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  const database = db ?? (await processDatabase());
  if (inboxOnly) {
    await database.query(
      `INSERT INTO contact_messages (id, first_name, last_name, email, message, status, next_attempt_at, claimed_until)
       VALUES ($1, $2, $3, $4, $5, 'kept', NULL, NULL)`,
      [id, message.firstName, message.lastName, message.email, message.message],
    );
    return id;
  }
  await database.query(
    `INSERT INTO contact_messages (id, first_name, last_name, email, message, status, next_attempt_at, claimed_until)
     VALUES ($1, $2, $3, $4, $5, 'pending', now(), now() + $6::int * interval '1 second')`,
    [id, message.firstName, message.lastName, message.email, message.message, CLAIM_SECONDS],
  );
  return id;
}

/**
 * Claims up to `limit` messages that are due and not claimed by anyone, for
 * CLAIM_SECONDS. SKIP LOCKED: two queues running at once (two instances, or
 * a scheduled run beside a slow one) each get different messages, never the
 * same one. `expired` ones are past GIVE_UP_AFTER_MS: give up, do not send.
 */
export async function claimDueMessages(db: Database, limit: number): Promise<(KeptMessage & { expired: boolean })[]> {
  const rows = await db.query<MessageRow & { expired: boolean }>(
    `UPDATE contact_messages SET claimed_until = now() + $2::int * interval '1 second'
     WHERE id IN (
       SELECT id FROM contact_messages
       WHERE status IN ('pending', 'retrying') AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
       ORDER BY next_attempt_at
       LIMIT $1
       FOR UPDATE SKIP LOCKED
     )
     RETURNING id, first_name, last_name, email, message, attempts, created_at,
       created_at <= now() - $3::int * interval '1 millisecond' AS expired`,
    [limit, CLAIM_SECONDS, GIVE_UP_AFTER_MS],
  );
  return rows.map((row) => ({ ...toKept(row), expired: row.expired })).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The one attempt went out. */
export async function recordDelivered(db: Database, id: string): Promise<void> {
  await db.query(
    `UPDATE contact_messages
     SET status = 'delivered', delivered_at = now(), attempts = attempts + 1, claimed_until = NULL, next_attempt_at = NULL
     WHERE id = $1 AND status IN ('pending', 'retrying')`,
    [id],
  );
}

export type FailureOutcome = { status: 'retrying'; nextAttemptAt: Date } | { status: 'failed' } | { status: 'gone' };

/**
 * The attempt failed: 'retrying' after the next backoff step, or 'failed'
 * when that step would land beyond GIVE_UP_AFTER_MS from creation. `error`
 * must hold nothing of the message (see safeError in queue.server.ts).
 */
export async function recordFailure(db: Database, id: string, error: string): Promise<FailureOutcome> {
  const [row] = await db.query<{
    status: 'retrying' | 'failed';
    next_attempt_at: Date | null;
  }>(
    `WITH next AS (
       SELECT id, now() + ($2::int[])[least(attempts + 1, array_length($2::int[], 1))] * interval '1 millisecond' AS at,
              created_at + $3::int * interval '1 millisecond' AS deadline
       FROM contact_messages WHERE id = $1 AND status IN ('pending', 'retrying')
     )
     UPDATE contact_messages AS m
     SET attempts = m.attempts + 1, last_error = $4, last_failed_at = now(), claimed_until = NULL,
         status = CASE WHEN next.at > next.deadline THEN 'failed' ELSE 'retrying' END,
         next_attempt_at = CASE WHEN next.at > next.deadline THEN NULL ELSE next.at END
     FROM next WHERE m.id = next.id
     RETURNING m.status, m.next_attempt_at`,
    [id, [...BACKOFF_MS], GIVE_UP_AFTER_MS, error.slice(0, 1000)],
  );
  if (!row) return { status: 'gone' };
  return row.status === 'retrying' && row.next_attempt_at
    ? { status: 'retrying', nextAttemptAt: row.next_attempt_at }
    : { status: 'failed' };
}

/** Past GIVE_UP_AFTER_MS without a delivery: 'failed', keeping the last error (or saying why there is none). */
export async function recordGivenUp(db: Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.query(
    `UPDATE contact_messages
     SET status = 'failed', claimed_until = NULL, next_attempt_at = NULL,
         last_error = coalesce(last_error, 'not delivered within 24 hours')
     WHERE id = ANY($1::text[]) AND status IN ('pending', 'retrying')
     RETURNING 1`,
    [ids],
  );
  return rows.length;
}
