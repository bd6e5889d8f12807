import { createHash } from 'node:crypto';
import { sameSecret } from './constant-time.server';
import { signature as sign } from './signing.server';
import { cookieValue, setCookie } from '~/http/cookies.server';
import { readEnv } from '~/settings/env.server';
import { clientKey, release, take, type Verdict } from '~/db/rate-limit.server';

/**
 * Who may read a private case study. One password (PRIVATE_CASE_STUDY_PASSWORD)
 * unlocks every private case study for 30 days; the proof is a signed cookie
 * that holds no password, only an expiry and an HMAC (SESSION_SECRET) over
 * it and a fingerprint of the password, so changing the password or the
 * secret locks everyone out again. Without a password nothing unlocks;
 * without a secret nothing can be proved, so nothing unlocks either.
 *
 * Values are read from the environment on every call (app/settings/env.server.ts).
 */

export const UNLOCK_COOKIE = 'portfolio_unlock';
export const UNLOCK_DAYS = 30;
const UNLOCK_MS = UNLOCK_DAYS * 24 * 60 * 60 * 1000;

/** Wrong passwords allowed per client IP per window before every attempt gets a 429. */
export const UNLOCK_ATTEMPTS = 10;
export const UNLOCK_WINDOW_MS = 10 * 60 * 1000;

export const getPrivatePassword = () => readEnv('PRIVATE_CASE_STUDY_PASSWORD');
const getSessionSecret = () => readEnv('SESSION_SECRET');

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compared as SHA-256 digests, so the time taken says nothing about the password, not even its length. */
export function passwordMatches(given: string): boolean {
  return sameSecret(given, getPrivatePassword());
}

function signature(expires: number, password: string, secret: string): string {
  const fingerprint = digest(`password:${password}`).toString('base64url');
  return sign(secret, `unlock.${expires}.${fingerprint}`);
}

/** The Set-Cookie header for a visitor who gave the right password; null when nothing can be signed. */
export function unlockCookie(request: Request, now = Date.now()): string | null {
  const [password, secret] = [getPrivatePassword(), getSessionSecret()];
  if (!password || !secret) return null;
  const expires = now + UNLOCK_MS;
  return setCookie(request, UNLOCK_COOKIE, `${expires}.${signature(expires, password, secret)}`, {
    maxAgeS: UNLOCK_MS / 1000,
    sameSite: 'Lax',
  });
}

/** True only for an unexpired proof signed with this secret for this password. */
export function isUnlocked(request: Request, now = Date.now()): boolean {
  const [password, secret] = [getPrivatePassword(), getSessionSecret()];
  const value = cookieValue(request, UNLOCK_COOKIE);
  if (!password || !secret || !value) return false;
  const match = /^(\d{13,15})\.([\w-]{43})$/.exec(value);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now) return false;
  return sameSecret(match[2], signature(expires, password, secret));
}

/**
 * The limit on guessing (app/db/rate-limit.server.ts, shared by every
 * instance): each attempt takes a slot first, so concurrent guesses on any
 * number of instances get at most UNLOCK_ATTEMPTS answers in a window; an
 * attempt that turns out not to be a wrong password gives its slot back
 * with `giveBack()`. Not allowed: every attempt, right or wrong, gets a 429
 * (a 503 when `busy`: the count could not be read in time).
 */
export async function takeUnlockAttempt(ip: string): Promise<Verdict & { giveBack: () => Promise<void> }> {
  const key = clientKey('unlock', ip);
  const verdict = await take(key, UNLOCK_ATTEMPTS, UNLOCK_WINDOW_MS);
  return { ...verdict, giveBack: () => release(key) };
}
