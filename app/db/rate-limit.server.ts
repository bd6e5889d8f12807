import { randomBytes } from 'node:crypto';
import { signature } from '~/access/signing.server';
import { networkOf } from '~/http/client-ip.server';
import { readEnv, readPlatformEnv } from '~/settings/env.server';
import { rateLimitReached, rateLimitRetryMs, releaseRateLimit, takeRateLimit } from './memory-rate-limit.server';
import {
  databaseReady,
  databaseState,
  DatabaseUnavailable,
  isDatabaseUnavailable,
  sharedDatabase,
  type Database,
  type QueryOptions,
} from './connection.server';
import { purgeIn, reachedIn, releaseIn, takeIn, type Count } from './rate-limit-table.server';

export { purgeIn, reachedIn, releaseIn, takeIn } from './rate-limit-table.server';

/**
 * Limits that hold across every server instance, counted in the database
 * (rate-limit-table.server.ts). Keys never hold an address: clientKey() keys
 * them by an HMAC-SHA256 of the IP under SESSION_SECRET.
 *
 * A shared count that is slow is not a missing one. On Netlify a burst of
 * guesses starts many instances and is itself what makes the database slow;
 * if each instance then counted in its own memory, the limit would be
 * multiplied by however many started. So:
 *
 * - No database at all (NETLIFY_DB_URL unset: a site without Netlify
 *   Database, PORTFOLIO_DB=off, or the embedded engine still starting under
 *   `npm start`): there is no shared count to wait for, and every limit
 *   counts in this process's memory, as the docs promise.
 * - A database that cannot give the count within COUNT_WAIT_MS (slow,
 *   unreachable, down, or no SESSION_SECRET to share keys by): a guess is
 *   refused as `busy` (503 with Retry-After), never judged. Only the limits in
 *   COUNTED_HERE, whose over-admission is harmless, count in memory instead.
 *
 * The log says each of these once, not per request.
 */

/** What a limit says of one attempt. */
export type Verdict = Count & {
  /** The shared count could not be read in time: nothing was judged. Answer 503 with Retry-After: BUSY_RETRY_AFTER_S. */
  busy?: true;
};

/**
 * The longest a request waits for its count, a free connection included,
 * before it is refused as busy. As long as any query may take
 * (QUERY_TIMEOUT_MS): Netlify Database sleeps between visits and takes a few
 * seconds to wake, and the owner's first sign-in after a quiet hour must be
 * judged, not refused. Nothing falls back to memory meanwhile, so a longer
 * wait costs no guesses.
 */
export const COUNT_WAIT_MS = 10_000;
/** What a request refused as busy is told to wait ("try again in a minute"). */
export const BUSY_RETRY_AFTER_S = 60;

/**
 * The limits that count in this process's memory while the shared count
 * cannot be read, by scope (the part of a key before ':'), and why that is
 * harmless. Every other limit guards guesses, and refuses instead.
 */
const COUNTED_HERE: Record<string, { what: string; why: string }> = {
  contact: {
    what: 'the contact form’s limit',
    why: 'a few extra messages from one sender do no harm, and a message is never refused because the database is slow',
  },
};
const countsHere = (key: string) => Object.hasOwn(COUNTED_HERE, key.split(':')[0] ?? '');

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** A shared count that keeps failing and answering (a burst) is announced at most this often. */
const QUIET_MS = 60 * 1000;

type LimitState = {
  processSecret?: string;
  lastPurge?: number;
  /** Why there is no shared count, once said. */
  absent?: string;
  /** Why the shared count cannot be read, while it cannot. */
  unread?: string;
  saidUnread?: boolean;
  saidUnreadAt?: number;
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

// --- Where a count is kept ----------------------------------------------------------

type Source = { db: Database } | { absent: string } | { unread: string };

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function source(): Promise<Source> {
  if (!readPlatformEnv('NETLIFY_DB_URL'))
    return { absent: databaseState() === 'starting' ? 'the embedded database is still starting' : 'no database is configured' };
  if (!sessionSecret()) return { unread: 'SESSION_SECRET is not set, so instances cannot share keys' };
  try {
    // Never waits for a database that is still starting or known to be down: the request would wait
    // for it again further on, and those waits would add up.
    await databaseReady(0);
    return { db: await sharedDatabase() };
  } catch (error) {
    return { unread: describe(error) };
  }
}

function sayAbsent(reason: string): void {
  const current = state();
  if (current.absent === reason) return;
  current.absent = reason;
  console.warn(`limits: ${reason}, so every limit counts in this process's memory (each server instance keeps its own count).`);
}

function sayUnread(reason: string): void {
  const current = state();
  if (current.unread !== undefined) return;
  current.unread = reason;
  const now = Date.now();
  if (now - (current.saidUnreadAt ?? -Infinity) < QUIET_MS) return;
  current.saidUnreadAt = now;
  current.saidUnread = true;
  const here = Object.values(COUNTED_HERE)
    .map(({ what, why }) => `${what} (${why})`)
    .join('; ');
  console.warn(
    `limits: the shared count can't be read (${reason}). Until it can, every guess (sign-in, private-page password, share link, one-time link) is refused with 503 and Retry-After, never judged from one server's memory; only ${here} counts in this process's memory.`,
  );
}

function answered(db: Database): void {
  const current = state();
  if (current.absent !== undefined) {
    current.absent = undefined;
    console.info('limits: the database is up; every limit counts there now.');
  }
  if (current.unread !== undefined) {
    current.unread = undefined;
    if (current.saidUnread) console.info('limits: the shared count answers again.');
    current.saidUnread = false;
  }
  if (Date.now() - (current.lastPurge ?? 0) > PURGE_EVERY_MS) {
    current.lastPurge = Date.now();
    purgeIn(db).catch(() => {});
  }
}

/** `work`, or DatabaseUnavailable once `ms` have passed; the work itself carries on and is not waited for. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailable('unreachable', `no count within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * `shared` on the database within COUNT_WAIT_MS; `here` (this process's
 * memory) when there is no database at all, or when the count cannot be
 * read and `key`'s limit is harmless to over-admit; otherwise 'busy'.
 */
async function counted<T>(key: string, shared: (db: Database, options: QueryOptions) => Promise<T>, here: () => T): Promise<T | 'busy'> {
  const from = await source();
  if ('absent' in from) {
    sayAbsent(from.absent);
    return here();
  }
  if ('db' in from) {
    try {
      // A count that gives up leaves the queue for a connection too, so it never runs for nobody.
      const result = await within(COUNT_WAIT_MS, shared(from.db, { waitMs: COUNT_WAIT_MS }));
      answered(from.db);
      return result;
    } catch (error) {
      // A query error (say, a missing table) must not take the form down with it either.
      sayUnread(isDatabaseUnavailable(error) ? describe(error) : `unexpected error: ${describe(error)}`);
    }
  } else sayUnread(from.unread);
  return countsHere(key) ? here() : 'busy';
}

// --- Keys already refused -------------------------------------------------------------

/**
 * Keys a count has refused, until their window ends: a client that keeps
 * hammering a limit it has used up is answered from this process's memory,
 * so its flood of 429s costs no query and cannot queue ahead of the owner on
 * the database's connections. Bounded: past BLOCKED_MAX keys the expired
 * ones are swept, and then the oldest.
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

// --- The limits ------------------------------------------------------------------------

const BUSY: Verdict = { allowed: false, retryAfterS: BUSY_RETRY_AFTER_S, busy: true };

/**
 * One attempt for `key` (from clientKey()): allowed while there have been at
 * most `limit` in the window; busy (see Verdict) when the count could not be
 * read in time and the limit guards guesses.
 */
export async function take(key: string, limit: number, windowMs: number): Promise<Verdict> {
  if (limit <= 0) return { allowed: true, retryAfterS: 0 };
  const waitMs = blockedFor(key);
  if (waitMs > 0) return { allowed: false, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
  const refused = (count: Count) => {
    if (!count.allowed) block(key, count.retryAfterS);
    return count;
  };
  const verdict = await counted(
    key,
    // A count that arrives after its request gave up still blocks a key it refuses.
    (db, options) => takeIn(db, key, limit, windowMs, options).then(refused),
    () => {
      const allowed = takeRateLimit(key, limit, windowMs);
      return refused({ allowed, retryAfterS: allowed ? 0 : Math.max(1, Math.ceil(rateLimitRetryMs(key, windowMs) / 1000)) });
    },
  );
  return verdict === 'busy' ? BUSY : verdict;
}

/**
 * Gives back the attempt take() just recorded for `key` (a slot is free
 * again: memory's refusal ends too). When the count cannot be read, the
 * attempt stays counted: a limit errs towards refusing.
 */
export async function release(key: string): Promise<void> {
  blockedKeys().delete(key);
  await counted(
    key,
    (db, options) => releaseIn(db, key, options),
    () => releaseRateLimit(key),
  );
}

/** Whether `key` has used up `limit` attempts in the window, without recording one; 'busy' when that cannot be read in time. */
export async function reached(key: string, limit: number, windowMs: number): Promise<boolean | 'busy'> {
  if (limit <= 0) return false;
  return counted(
    key,
    (db, options) => reachedIn(db, key, limit, windowMs, options),
    () => rateLimitReached(key, limit, windowMs),
  );
}
