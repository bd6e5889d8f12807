import { oneRow } from './one-row.server';
import type { Database, QueryOptions } from './connection.server';

/**
 * The shared count: one row per key in rate_limits, counted in fixed windows
 * by one atomic upsert per attempt, timed by the database's now(), so
 * concurrent attempts on any number of instances can never let more than
 * `limit` through in a window, whatever each instance's clock says (at a
 * window's edge a client may get `limit` at its end and `limit` again at the
 * next one's start). rate-limit.server.ts decides when it is used.
 */

/** What a limit says of one attempt: not allowed carries how long to wait. */
export type Count = { allowed: boolean; retryAfterS: number };

/** Rows idle this long are deleted now and then; longer than any window we use. */
export const KEEP_MS = 24 * 60 * 60 * 1000;

/** One attempt for `key`, counted atomically in the database. */
export async function takeIn(db: Database, key: string, limit: number, windowMs: number, options?: QueryOptions): Promise<Count> {
  const rows = await db.query<{ hits: number; retry_ms: string }>(
    `INSERT INTO rate_limits AS r (key, hits, window_started) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_started <= now() - $2::int * interval '1 millisecond' THEN 1 ELSE least(r.hits, 1000000000) + 1 END,
       window_started = CASE WHEN r.window_started <= now() - $2::int * interval '1 millisecond' THEN now() ELSE r.window_started END
     RETURNING hits, extract(epoch FROM r.window_started + $2::int * interval '1 millisecond' - now()) * 1000 AS retry_ms`,
    [key, windowMs],
    options,
  );
  const row = oneRow(rows, `the rate limit ${key}`);
  const allowed = row.hits <= limit;
  return {
    allowed,
    retryAfterS: allowed ? 0 : Math.max(1, Math.ceil(Number(row.retry_ms) / 1000)),
  };
}

/** Gives one attempt back (it turned out not to count, e.g. the right password). */
export async function releaseIn(db: Database, key: string, options?: QueryOptions): Promise<void> {
  await db.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0', [key], options);
}

/** Whether `key` has used up `limit` attempts in its current window, without recording one. */
export async function reachedIn(db: Database, key: string, limit: number, windowMs: number, options?: QueryOptions): Promise<boolean> {
  const rows = await db.query<{ hits: number }>(
    `SELECT hits FROM rate_limits WHERE key = $1 AND window_started > now() - $2::int * interval '1 millisecond'`,
    [key, windowMs],
    options,
  );
  return (rows[0]?.hits ?? 0) >= limit;
}

/** Deletes rows whose window ended long ago. */
export async function purgeIn(db: Database, olderThanMs = KEEP_MS): Promise<number> {
  const rows = await db.query("DELETE FROM rate_limits WHERE window_started < now() - $1::int * interval '1 millisecond' RETURNING 1", [
    olderThanMs,
  ]);
  return rows.length;
}
