import type { Database } from '~/db/connection.server';
import { oneRow } from '~/db/one-row.server';
import { currentMailMode } from './config.server';
import { processDatabase, type MessageRow } from './messages.server';

/**
 * The owner's inbox (the /admin pages): every kept message, newest first,
 * with how its delivery went, and whether mail is getting through. Each
 * function takes the process's database unless given one, and throws
 * DatabaseUnavailable without it.
 */

/**
 * What the owner is told about delivery. A 'pending' message is one being
 * sent right now (or whose sender died mid-send): it shows as retrying.
 */
export type DeliveryStatus = 'delivered' | 'retrying' | 'failed' | 'kept';

export type InboxMessage = {
  id: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  status: DeliveryStatus;
  /** Send attempts so far. */
  attempts: number;
  /** Why the last attempt failed (kept after a later delivery), without the visitor's address. */
  lastError: string | null;
  deliveredAt: Date | null;
  /** When a retrying message is tried next. */
  nextAttemptAt: Date | null;
  /** The owner marked it done; it stays listed, shown as done. */
  done: boolean;
  doneAt: Date | null;
};

type Row = Omit<MessageRow, 'claimed_until' | 'last_failed_at'>;

const COLUMNS =
  'id, created_at, first_name, last_name, email, message, status, attempts, last_error, delivered_at, next_attempt_at, done_at';

export const toDeliveryStatus = (status: string): DeliveryStatus =>
  status === 'delivered' || status === 'failed' || status === 'kept' ? status : 'retrying';

const toInbox = (row: Row): InboxMessage => ({
  id: row.id,
  createdAt: row.created_at,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  message: row.message,
  status: toDeliveryStatus(row.status),
  attempts: row.attempts,
  lastError: row.last_error,
  deliveredAt: row.delivered_at,
  nextAttemptAt: row.next_attempt_at,
  done: row.done_at !== null,
  doneAt: row.done_at,
});

const use = async (db?: Database) => db ?? (await processDatabase());

export const MAX_PAGE = 100;

/** A page of messages, newest first (done ones included). `limit` is 1–100. */
export async function listMessages(
  { limit = 20, offset = 0 }: { limit?: number; offset?: number } = {},
  db?: Database,
): Promise<InboxMessage[]> {
  const rows = await (
    await use(db)
  ).query<Row>(`SELECT ${COLUMNS} FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, [
    Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_PAGE),
    Math.max(Math.trunc(offset) || 0, 0),
  ]);
  return rows.map(toInbox);
}

/** All kept messages, for paging. */
export async function countMessages(db?: Database): Promise<number> {
  return oneRow(await (await use(db)).query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages'), 'the count of messages').n;
}

/** Messages the owner has not marked done. */
export async function countNewMessages(db?: Database): Promise<number> {
  return oneRow(
    await (await use(db)).query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages WHERE done_at IS NULL'),
    'the count of new messages',
  ).n;
}

export async function getMessage(id: string, db?: Database): Promise<InboxMessage | null> {
  const [row] = await (await use(db)).query<Row>(`SELECT ${COLUMNS} FROM contact_messages WHERE id = $1`, [id]);
  return row ? toInbox(row) : null;
}

/** Marks it done (the first time only; the delivery goes on regardless). False when there is no such message. */
export async function markMessageDone(id: string, db?: Database): Promise<boolean> {
  const rows = await (
    await use(db)
  ).query('UPDATE contact_messages SET done_at = coalesce(done_at, now()) WHERE id = $1 RETURNING 1', [id]);
  return rows.length > 0;
}

/** Deletes it for good, even one still being retried (it is then never sent). False when there is no such message. */
export async function deleteMessage(id: string, db?: Database): Promise<boolean> {
  const rows = await (await use(db)).query('DELETE FROM contact_messages WHERE id = $1 RETURNING 1', [id]);
  return rows.length > 0;
}

export type MailHealth = {
  /** smtp: SMTP_URL is set or a mail account is kept in /admin; outbox: messages become .eml files (which a Netlify deploy cannot write). */
  mode: 'smtp' | 'outbox' | 'inbox';
  /** failing: the latest attempt failed; working: the latest went out; untested: nothing attempted yet. */
  state: 'working' | 'failing' | 'untested';
  lastDeliveredAt: Date | null;
  lastFailureAt: Date | null;
  /** The error of the latest failure. */
  lastError: string | null;
  /** Waiting for another attempt now (or being sent). */
  retrying: number;
  /** Given up on after 24 hours, among the kept messages. */
  failed: number;
};

/** Whether mail delivery is working, from the kept messages' attempts. */
export async function mailHealth(db?: Database): Promise<MailHealth> {
  const rows = await (
    await use(db)
  ).query<{
    last_delivered_at: Date | null;
    last_failure_at: Date | null;
    last_error: string | null;
    retrying: number;
    failed: number;
  }>(
    `SELECT max(delivered_at) AS last_delivered_at,
            max(last_failed_at) AS last_failure_at,
            (SELECT last_error FROM contact_messages WHERE last_failed_at IS NOT NULL ORDER BY last_failed_at DESC LIMIT 1) AS last_error,
            count(*) FILTER (WHERE status IN ('pending', 'retrying'))::int AS retrying,
            count(*) FILTER (WHERE status = 'failed')::int AS failed
     FROM contact_messages`,
  );
  const row = oneRow(rows, 'the mail health');
  const { last_delivered_at: lastDeliveredAt, last_failure_at: lastFailureAt } = row;
  const failing = lastFailureAt !== null && (lastDeliveredAt === null || lastFailureAt > lastDeliveredAt);
  return {
    mode: await currentMailMode(db),
    state: failing ? 'failing' : lastDeliveredAt ? 'working' : 'untested',
    lastDeliveredAt,
    lastFailureAt,
    lastError: row.last_error,
    retrying: row.retrying,
    failed: row.failed,
  };
}
