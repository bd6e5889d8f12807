/**
 * In-memory sliding-window limiter, per process: where the limits count when
 * there is no database at all, and where the limits that are harmless to
 * over-admit (the contact form's) count while the shared count cannot be
 * read (app/db/rate-limit.server.ts). On Netlify that means per function
 * instance, so it slows a single client down but is not a hard guarantee:
 * never what a guess is judged by while a database is there.
 */
const hits = new Map<string, number[]>();
/** Past this many tracked clients, expired entries are swept so memory stays bounded. */
const SWEEP_AT = 10_000;

/** Records one attempt for `key`; false when it is over `limit` in the last `windowMs`. */
export function takeRateLimit(key: string, limit: number, windowMs: number, now = Date.now()): boolean {
  if (limit <= 0) return true;
  if (hits.size >= SWEEP_AT) {
    for (const [k, times] of hits) if ((times.at(-1) ?? 0) <= now - windowMs) hits.delete(k);
  }
  const recent = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
  if (recent.length >= limit) {
    hits.set(key, recent);
    return false;
  }
  recent.push(now);
  hits.set(key, recent);
  return true;
}

/** Whether `key` has used up `limit` attempts in the last `windowMs`, without recording one. */
export function rateLimitReached(key: string, limit: number, windowMs: number, now = Date.now()): boolean {
  if (limit <= 0) return false;
  return (hits.get(key) ?? []).filter((time) => time > now - windowMs).length >= limit;
}

/** Gives back the latest attempt recorded for `key` (one that turned out not to count). */
export function releaseRateLimit(key: string): void {
  const times = hits.get(key);
  if (times?.length) times.pop();
}

/** Milliseconds until `key` gets an attempt back. */
export function rateLimitRetryMs(key: string, windowMs: number, now = Date.now()): number {
  const oldest = (hits.get(key) ?? []).find((time) => time > now - windowMs);
  return oldest === undefined ? 0 : oldest + windowMs - now;
}
