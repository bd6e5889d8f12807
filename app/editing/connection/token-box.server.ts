import { openSecret, sealSecret } from '~/access/secret-box.server';

/**
 * The publishing token at rest, sealed as every secret the owner gives the
 * site (secret-box.server.ts) under a key of its own label. When
 * SESSION_SECRET changes, the old token cannot be opened any more: openToken
 * says so (null) and the owner pastes it again.
 */

const LABEL = 'portfolio: publishing token at rest, v1';

export function sealToken(token: string, secret: string): string {
  return sealSecret(token, secret, LABEL);
}

/** The token, or null when it was sealed under another secret (or the text is not a sealed token). */
export function openToken(sealed: string, secret: string): string | null {
  return openSecret(sealed, secret, LABEL);
}
