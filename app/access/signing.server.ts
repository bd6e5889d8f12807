import { createHmac } from 'node:crypto';

/**
 * The one way the site signs: HMAC-SHA256 of a message under a secret. The
 * unlock cookie, share-link tokens, the limits' keys, the derived bearer of the
 * content check, the keys that seal the secrets the owner gives (the publishing
 * token, the mail password) and the insights' daily keys are all made here;
 * a signature is checked with sameSecret (constant-time.server.ts), never
 * with ===.
 */

/** The raw 32-byte HMAC-SHA256 of `message` under `secret`. */
export function hmac(secret: string | Uint8Array, message: string): Buffer {
  return createHmac('sha256', secret).update(message).digest();
}

/** The same, as base64url text: what goes into a cookie, a key or a header. */
export const signature = (secret: string | Uint8Array, message: string): string => hmac(secret, message).toString('base64url');
