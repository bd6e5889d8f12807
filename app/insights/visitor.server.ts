import { createHash, randomBytes } from 'node:crypto';
import { query } from '~/db/connection.server';
import { oneRow } from '~/db/one-row.server';
import { networkOf } from '~/http/client-ip.server';

/**
 * Unique visitors per day without identifying anyone, as Plausible does: a
 * hash of the day's random salt, the IP address and the user agent. The salt
 * lives in insight_salts and is deleted once its UTC day is over (here, the
 * first time the next day's salt is made, and by the scheduled job), after
 * which no hash can be linked to an address again. Neither the IP nor the
 * user agent is stored anywhere.
 *
 * The address alone is hashed the same way (with the day's salt, never kept)
 * for the per-address limit: the limit's rows go with the salt.
 */

export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

type SaltCache = { day: string; salt: Buffer };
const CACHE = Symbol.for('portfolio.insights-salt');
const cached = () => (globalThis as Record<symbol, SaltCache | undefined>)[CACHE];

/** The salt of `day`, made on first use; every instance ends up with the same one. */
export async function saltOf(day: string): Promise<Buffer> {
  const hit = cached();
  if (hit?.day === day) return hit.salt;
  // Several instances may race to make it: the first insert wins and everyone reads that one.
  const rows = await query<{ salt: Buffer; made: boolean }>(
    `WITH made AS (INSERT INTO insight_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING salt)
     SELECT salt, true AS made FROM made UNION ALL SELECT salt, false FROM insight_salts WHERE day = $1 LIMIT 1`,
    [day, randomBytes(32)],
  );
  const row = oneRow(rows, `the salt of ${day}`);
  // A new day: yesterday's salt goes, and the limits keyed by its hashes with it.
  if (row.made) {
    await query(
      `WITH visitors AS (DELETE FROM insight_visitor_limits WHERE day < $1), addresses AS (DELETE FROM insight_address_limits WHERE day < $1)
       DELETE FROM insight_salts WHERE day < $1`,
      [day],
    );
  }
  (globalThis as Record<symbol, SaltCache>)[CACHE] = { day, salt: row.salt };
  return row.salt;
}

/** 16 bytes of SHA-256 over the salt and each part (NUL-separated), base64url: 22 characters. */
function hash(salt: Buffer, parts: string[]): string {
  const digest = createHash('sha256').update(salt);
  for (const part of parts) digest.update('\0').update(part);
  return digest.digest().subarray(0, 16).toString('base64url');
}

/** This visitor on the day of `salt`, and no one on any other day. */
export const visitorOf = (salt: Buffer, ip: string, userAgent: string) => hash(salt, [ip, userAgent]);

/** The address (an IPv6 address's /64) alone on the day of `salt`, for the per-address limit (the label keeps it apart from any visitor hash). */
export const addressOf = (salt: Buffer, ip: string) => hash(salt, ['address', networkOf(ip)]);

/** 22 characters of base64url: this visitor today, and no one on any other day. */
export async function visitorHash(ip: string, userAgent: string, at = new Date()): Promise<string> {
  return visitorOf(await saltOf(utcDay(at)), ip, userAgent);
}
