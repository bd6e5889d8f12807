import { createHash } from 'node:crypto';
import { sameSecret } from './constant-time.server';
import { verifyPassword } from './password-hash.server';
import { readPrivatePassword } from './private-password.server';
import type { PrivatePasswordState } from './private-case-study';
import { signature as sign } from './signing.server';
import { cookieValue, setCookie } from '~/http/cookies.server';
import { isDatabaseUnavailable } from '~/db/connection.server';
import { readEnv } from '~/settings/env.server';
import { clientKey, release, take, type Verdict } from '~/db/rate-limit.server';

/**
 * Who may read a private case study. One password unlocks every private
 * case study for 30 days: PRIVATE_CASE_STUDY_PASSWORD in the environment
 * when set (it wins), else the one the owner set in /admin, kept as a scrypt
 * hash in the database (private-password.server.ts). The proof is a signed
 * cookie that holds no password, only an expiry and an HMAC (SESSION_SECRET)
 * over it and the password's fingerprint: of the environment's password, or
 * of the stored hash (a new salt each time it is set). So a new password, or
 * a new secret, locks everyone out at once, on every instance: the stored
 * hash is read on every request that carries the cookie. Without a password
 * nothing unlocks; without a secret nothing can be proved, so nothing
 * unlocks either.
 *
 * Values are read from the environment on every call (app/settings/env.server.ts).
 */

export const UNLOCK_COOKIE = 'portfolio_unlock';
export const UNLOCK_DAYS = 30;
const UNLOCK_MS = UNLOCK_DAYS * 24 * 60 * 60 * 1000;

/** Wrong passwords allowed per client IP per window before every attempt gets a 429. */
export const UNLOCK_ATTEMPTS = 10;
export const UNLOCK_WINDOW_MS = 10 * 60 * 1000;

const getSessionSecret = () => readEnv('SESSION_SECRET');

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64url');

/** The password in force: where it comes from, how a guess is judged, and the fingerprint unlocks are bound to. */
export type PrivatePassword =
  { source: 'settings'; password: string; fingerprint: string } | { source: 'owner-area'; hash: string; setAt: Date; fingerprint: string };

/** The environment's password, when set: it wins over the one set in /admin. */
export function passwordFromSettings(): PrivatePassword | null {
  const password = readEnv('PRIVATE_CASE_STUDY_PASSWORD');
  return password ? { source: 'settings', password, fingerprint: digest(`password:${password}`) } : null;
}

/**
 * The password in force now: null when none is set; 'unknown' when the
 * database (where the owner's is kept) did not answer. Without a database at
 * all, only the environment's can exist.
 */
export async function currentPrivatePassword(): Promise<PrivatePassword | null | 'unknown'> {
  const fromSettings = passwordFromSettings();
  if (fromSettings) return fromSettings;
  try {
    const stored = await readPrivatePassword();
    return stored ? { source: 'owner-area', hash: stored.hash, setAt: stored.setAt, fingerprint: digest(`stored:${stored.hash}`) } : null;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    if (error.reason === 'not configured') return null;
    console.error(`private case study: the password could not be read (${error.message})`);
    return 'unknown';
  }
}

/** For the owner's screens: where the password comes from, never the password or its hash. */
export async function privatePasswordState(): Promise<PrivatePasswordState> {
  const current = await currentPrivatePassword();
  if (current === 'unknown') return { source: 'unknown' };
  if (!current) return { source: 'none' };
  return current.source === 'settings' ? { source: 'settings' } : { source: 'owner-area', setAt: current.setAt.toISOString() };
}

/**
 * Whether `given` is the password. The environment's is compared as SHA-256
 * digests (constant time, whatever its length); the owner's through scrypt,
 * with spaces around what was typed dropped, as they were when she set it.
 */
export async function passwordMatches(given: string, current: PrivatePassword): Promise<boolean> {
  if (current.source === 'settings') return sameSecret(given, current.password);
  return verifyPassword(given.trim(), current.hash);
}

function signature(expires: number, fingerprint: string, secret: string): string {
  return sign(secret, `unlock.${expires}.${fingerprint}`);
}

/** The Set-Cookie header for a visitor who gave the right password; null when nothing can be signed. */
export function unlockCookie(request: Request, current: PrivatePassword, now = Date.now()): string | null {
  const secret = getSessionSecret();
  if (!secret) return null;
  const expires = now + UNLOCK_MS;
  return setCookie(request, UNLOCK_COOKIE, `${expires}.${signature(expires, current.fingerprint, secret)}`, {
    maxAgeS: UNLOCK_MS / 1000,
    sameSite: 'Lax',
  });
}

/** The cookie's parts when it is well formed and unexpired; null otherwise. No database needed. */
function unlockProof(request: Request, now: number): { expires: number; mac: string } | null {
  const value = cookieValue(request, UNLOCK_COOKIE);
  const match = value ? /^(\d{13,15})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return null;
  const expires = Number(match[1]);
  return expires > now ? { expires, mac: match[2] ?? '' } : null;
}

/** Whether the request carries an unexpired unlock, whoever signed it: to tell "locked" from "cannot say". */
export const carriesUnlock = (request: Request, now = Date.now()): boolean => unlockProof(request, now) !== null;

/**
 * True only for an unexpired proof signed with this secret for the password
 * in force (`current`, as currentPrivatePassword() read it for this request).
 */
export function unlockedFor(request: Request, current: PrivatePassword | null, now = Date.now()): boolean {
  const proof = unlockProof(request, now);
  const secret = getSessionSecret();
  if (!proof || !secret || !current) return false;
  return sameSecret(proof.mac, signature(proof.expires, current.fingerprint, secret));
}

/**
 * The same, reading the password in force; 'unknown' when the database
 * could not say which that is. A request without a well-formed, unexpired
 * cookie costs no query.
 */
export async function isUnlocked(request: Request, now = Date.now()): Promise<boolean | 'unknown'> {
  if (!unlockProof(request, now) || !getSessionSecret()) return false;
  const current = await currentPrivatePassword();
  return current === 'unknown' ? 'unknown' : unlockedFor(request, current, now);
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
