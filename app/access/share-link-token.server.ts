import { randomBytes } from 'node:crypto';
import { sameSecret } from './constant-time.server';
import { hmac } from './signing.server';
import { readEnv } from '~/settings/env.server';

/**
 * A share link's token: its id (16 random bytes) followed by the first 16
 * bytes of HMAC-SHA256(SESSION_SECRET, id), base64url, 43 characters.
 *
 * The database keeps only the id, so a copy of it can neither recover a
 * working link nor forge one; the owner can still copy a link again, because
 * the server recomputes the token from the id. Rotating SESSION_SECRET ends
 * every link at once.
 */

const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const secret = () => readEnv('SESSION_SECRET');

export const newLinkId = () => randomBytes(ID_BYTES).toString('base64url');

function mac(id: string, key: string): Buffer {
  return hmac(key, `share-link:${id}`).subarray(0, MAC_BYTES);
}

/** The token for a link id; null without a SESSION_SECRET. */
export function linkToken(id: string): string | null {
  const key = secret();
  if (!key) return null;
  return Buffer.concat([Buffer.from(id, 'base64url'), mac(id, key)]).toString('base64url');
}

/** The link id a token proves, or null for anything forged, mangled or signed with another secret. */
export function linkIdFromToken(token: string): string | null {
  const key = secret();
  if (!key || !TOKEN.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // 43 characters carry 2 bits more than the 32 bytes: only the spelling whose spare bits are zero is the link's.
  if (bytes.length !== ID_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null;
  const id = bytes.subarray(0, ID_BYTES).toString('base64url');
  return sameSecret(bytes.subarray(ID_BYTES), mac(id, key)) ? id : null;
}
