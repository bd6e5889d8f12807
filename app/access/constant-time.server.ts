import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The one way a secret is compared: in constant time, as SHA-256 digests, so
 * the time taken says nothing about the secret, not even its length.
 */

const digest = (value: string | Uint8Array) => createHash('sha256').update(value).digest();

/** True when `given` is exactly `expected`; false when either is missing. */
export function sameSecret(given: string | Uint8Array | null | undefined, expected: string | Uint8Array | null | undefined): boolean {
  if (given === null || given === undefined || expected === null || expected === undefined) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** An `Authorization: Bearer <token>` header carrying exactly `secret`. */
export function bearerMatches(header: string | null, secret: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match !== null && sameSecret(match[1], secret);
}
