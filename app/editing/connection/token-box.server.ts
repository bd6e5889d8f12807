import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { hmac } from '~/access/signing.server';

/**
 * The publishing token at rest: AES-256-GCM under a key derived from the
 * site's SESSION_SECRET (HMAC-SHA256 with a fixed label, so this key is
 * never the one that signs sessions). A copy of the database alone does not
 * give the token away. When SESSION_SECRET changes, the old token cannot be
 * opened any more: openToken says so (null) and the owner pastes it again.
 *
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */

const LABEL = 'portfolio: publishing token at rest, v1';
const VERSION = 'v1';

function keyFrom(secret: string): Buffer {
  return hmac(secret, LABEL);
}

export function sealToken(token: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The token, or null when it was sealed under another secret (or the text is not a sealed token). */
export function openToken(sealed: string, secret: string): string | null {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
