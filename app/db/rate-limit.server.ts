import { randomBytes } from 'node:crypto';
import { signature } from '~/access/signing.server';
import { networkOf } from '~/http/client-ip.server';
import { oneRow } from './one-row.server';
import { readEnv } from '~/settings/env.server';
import { rateLimitReached, rateLimitRetryMs, releaseRateLimit, takeRateLimit } from './memory-rate-limit.server';
import { databaseReady, isDatabaseUnavailable, sharedDatabase, type Database } from './connection.server';

/**
 * Limits that hold across every server instance: one row per key in
 * rate_limits, counted in fixed windows by one atomic upsert per attempt, so
 * concurrent attempts on any number of instances can never let more than
 * `limit` through in a window (at a window's edge a client may get `limit`
 * at its end and `limit` again at the next one's start).
 *
 * Keys never hold an address: clientKey() keys them by an HMAC-SHA256 of the
 * IP under SESSION_SECRET. While the database is unavailable (or without a
 * SESSION_SECRET, which every instance must share for the keys to match),
 * the limits fall back to the in-memory limiter of this process, and the log
 * says so once.
 */

export type Verdict = { allowed: boolean; retryAfterS: number };

/** Rows idle this long are deleted now and then; longer than any window we use. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

type LimitState = {
  fallback?: string;
  lastPurge?: number;
  processSecret?: string;
};
const STATE = Symbol.for('portfolio.rate-limits');
const state = (): LimitState => ((globalThis as Record<symbol, LimitState>)[STATE] ??= {});

const sessionSecret = () => readEnv('SESSION_SECRET');

/**
 * `<scope>:<HMAC-SHA256(SESSION_SECRET, network) in base64url>`: stable across
 * instances, useless to anyone without the secret. The network is the IPv4
 * address, or an IPv6 address's /64 (one machine holds a whole /64).
 */
export function clientKey(scope: string, ip: string): string {
  const secret = sessionSecret() ?? (state().processSecret ??= randomBytes(32).toString('base64url'));
  return `${scope}:${signature(secret, `ip:${networkOf(ip)}`)}`;
}

// --- The table -----------------------------------------------------------------

/** One attempt for `key`, counted atomically in the database. */
export async function takeIn(db: Database, key: string, limit: number, windowMs: number): Promise<Verdict> {
  const rows = await db.query<{ hits: number; retry_ms: string }>(
    `INSERT INTO rate_limits AS r (key, hits, window_started) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_started <= now() - $2::int * interval '1 millisecond' THEN 1 ELSE least(r.hits, 1000000000) + 1 END,
       window_started = CASE WHEN r.window_started <= now() - $2::int * interval '1 millisecond' THEN now() ELSE r.window_started END
     RETURNING hits, extract(epoch FROM r.window_started + $2::int * interval '1 millisecond' - now()) * 1000 AS retry_ms`,
    [key, windowMs],
  );
  const row = oneRow(rows, `the rate limit ${key}`);
  const allowed = row.hits <= limit;
  return {
    allowed,
    retryAfterS: allowed ? 0 : Math.max(1, Math.ceil(Number(row.retry_ms) / 1000)),
  };
}

/** Gives one attempt back (it turned out not to count, e.g. the right password). */
export async function releaseIn(db: Database, key: string): Promise<void> {
  await db.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0', [key]);
}

/** Whether `key` has used up `limit` attempts in its current window, without recording one. */
export async function reachedIn(db: Database, key: string, limit: number, windowMs: number): Promise<boolean> {
  const rows = await db.query<{ hits: number }>(
    `SELECT hits FROM rate_limits WHERE key = $1 AND window_started > now() - $2::int * interval '1 millisecond'`,
    [key, windowMs],
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

// --- With the fallback -----------------------------------------------------------

/** The shared database, or undefined (after saying so once) when the limits must stay in memory. */
async function database(): Promise<Database | undefined> {
  if (!sessionSecret()) {
    fallBack('SESSION_SECRET is not set, so instances cannot share keys');
    return undefined;
  }
  try {
    // Never waits for a database that is still starting: the request may wait for it again further
    // on (a contact message to be kept, an owner's session), and those waits would add up. The
    // first seconds of a local server count in memory instead.
    await databaseReady(0);
    return await sharedDatabase();
  } catch (error) {
    fallBack(describe(error));
    return undefined;
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

function fallBack(reason: string): void {
  const current = state();
  if (current.fallback !== undefined) return;
  current.fallback = reason;
  console.warn(`limits: the database is unavailable (${reason}); counting in this process's memory until it is back.`);
}

function recovered(db: Database): void {
  const current = state();
  if (current.fallback !== undefined) {
    current.fallback = undefined;
    console.info('limits: the database is back; counting there again.');
  }
  if (Date.now() - (current.lastPurge ?? 0) > PURGE_EVERY_MS) {
    current.lastPurge = Date.now();
    purgeIn(db).catch(() => {});
  }
}

/** Runs `shared` on the database, or `local` when it is unavailable or fails. */
async function either<T>(shared: (db: Database) => Promise<T>, local: () => T): Promise<T> {
  const db = await database();
  if (!db) return local();
  try {
    const result = await shared(db);
    recovered(db);
    return result;
  } catch (error) {
    // A query error (say, a missing table) must not take the form down with it either.
    fallBack(isDatabaseUnavailable(error) ? describe(error) : `unexpected error: ${describe(error)}`);
    return local();
  }
}

/**
 * Keys the database has refused, until their window ends: a client that
 * keeps hammering a limit it has used up is answered from this process's
 * memory, so its flood of 429s costs no query and cannot queue ahead of the
 * owner on the database's connections. Bounded: past BLOCKED_MAX keys the
 * expired ones are swept, and then the oldest.
 */
const BLOCKED = Symbol.for('portfolio.rate-limits.blocked');
const BLOCKED_MAX = 10_000;
const blockedKeys = (): Map<string, number> => ((globalThis as Record<symbol, Map<string, number>>)[BLOCKED] ??= new Map());

function blockedFor(key: string, now = Date.now()): number {
  const until = blockedKeys().get(key);
  if (until === undefined) return 0;
  if (until > now) return until - now;
  blockedKeys().delete(key);
  return 0;
}

function block(key: string, retryAfterS: number, now = Date.now()): void {
  const keys = blockedKeys();
  if (keys.size >= BLOCKED_MAX) {
    for (const [k, until] of keys) if (until <= now) keys.delete(k);
    for (const k of keys.keys()) {
      if (keys.size < BLOCKED_MAX) break;
      keys.delete(k);
    }
  }
  keys.set(key, now + retryAfterS * 1000);
}

/** One attempt for `key` (from clientKey()): allowed while there have been at most `limit` in the window. */
export async function take(key: string, limit: number, windowMs: number): Promise<Verdict> {
  if (limit <= 0) return { allowed: true, retryAfterS: 0 };
  const waitMs = blockedFor(key);
  if (waitMs > 0)
    return {
      allowed: false,
      retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)),
    };
  const verdict = await either(
    (db) => takeIn(db, key, limit, windowMs),
    () => {
      const allowed = takeRateLimit(key, limit, windowMs);
      return {
        allowed,
        retryAfterS: allowed ? 0 : Math.max(1, Math.ceil(rateLimitRetryMs(key, windowMs) / 1000)),
      };
    },
  );
  if (!verdict.allowed) block(key, verdict.retryAfterS);
  return verdict;
}

/** Gives back the attempt take() just recorded for `key` (a slot is free again: memory's refusal ends too). */
export function release(key: string): Promise<void> {
  blockedKeys().delete(key);
  return either(
    (db) => releaseIn(db, key),
    () => releaseRateLimit(key),
  );
}

/** Whether `key` has used up `limit` attempts in the window, without recording one. */
export function reached(key: string, limit: number, windowMs: number): Promise<boolean> {
  if (limit <= 0) return Promise.resolve(false);
  return either(
    (db) => reachedIn(db, key, limit, windowMs),
    () => rateLimitReached(key, limit, windowMs),
  );
}
