import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { hmac } from './signing.server';

/**
 * Secrets the owner gives the site (the publishing token, the mail
 * account's password), kept at rest: AES-256-GCM under a key derived from
 * the site's SESSION_SECRET with a label of their own (HMAC-SHA256), so no
 * two kinds share a key and none is the key that signs sessions. A copy of
 * the database alone gives none of them away. When SESSION_SECRET changes,
 * what was sealed before cannot be opened any more: openSecret says so
 * (null) and the owner gives it again.
 *
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */

const VERSION = 'v1';

export function sealSecret(value: string, secret: string, label: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', hmac(secret, label), iv);
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The value, or null when it was sealed under another secret or label (or the text is not a sealed value). */
export function openSecret(sealed: string, secret: string, label: string): string | null {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', hmac(secret, label), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
