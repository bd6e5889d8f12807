import { createHash, randomBytes } from 'node:crypto';
import { sameSecret } from './constant-time.server';
import { query } from '~/db/connection.server';
import { clearCookie, cookieValue, setCookie } from '~/http/cookies.server';
import { readEnv } from '~/settings/env.server';

/**
 * The owner's sessions. Signing in with ADMIN_PASSWORD makes a row in
 * admin_sessions and a cookie that holds a random token; the row's id is
 * the token's SHA-256, so a copy of the database cannot sign anyone in.
 * Every request under /admin looks its session up, so signing out (or out
 * everywhere) ends it at once. 12 hours, HttpOnly, SameSite=Strict.
 */

export const OWNER_COOKIE = 'portfolio_owner';
export const SESSION_HOURS = 12;
const SESSION_MS = SESSION_HOURS * 60 * 60 * 1000;
/** last_seen_at is a hint for the owner, not a security control: written at most this often. */
const SEEN_EVERY_MS = 5 * 60 * 1000;

export const getAdminPassword = () => readEnv('ADMIN_PASSWORD');

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Constant time, as digests: says nothing of the password, not even its length. */
export function adminPasswordMatches(given: string): boolean {
  const password = getAdminPassword();
  return sameSecret(given, password);
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sessionId = (token: string) => sha256(`owner-session:${token}`).toString('hex');

/** A new session; returns the Set-Cookie header that carries it. */
export async function startOwnerSession(request: Request): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await query(`INSERT INTO admin_sessions (id, expires_at) VALUES ($1, now() + $2::int * interval '1 millisecond')`, [
    sessionId(token),
    SESSION_MS,
  ]);
  return setCookie(request, OWNER_COOKIE, token, {
    maxAgeS: SESSION_MS / 1000,
    sameSite: 'Strict',
  });
}

export type OwnerSession = { id: string; createdAt: Date; expiresAt: Date };

/**
 * The request's live session, or null. Cheap for everyone else: a request
 * without a well-formed cookie never reaches the database.
 */
export async function ownerSession(request: Request): Promise<OwnerSession | null> {
  const token = cookieValue(request, OWNER_COOKIE);
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await query<{
    id: string;
    created_at: Date;
    expires_at: Date;
    last_seen_at: Date;
  }>('SELECT id, created_at, expires_at, last_seen_at FROM admin_sessions WHERE id = $1 AND expires_at > now()', [sessionId(token)]);
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > SEEN_EVERY_MS) {
    await query('UPDATE admin_sessions SET last_seen_at = greatest(last_seen_at, now()) WHERE id = $1', [row.id]);
  }
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

/** Ends this session (or every session); returns the Set-Cookie header that clears the cookie. */
export async function endOwnerSession(request: Request, { everywhere = false } = {}): Promise<string> {
  if (everywhere) await query('DELETE FROM admin_sessions');
  else {
    const token = cookieValue(request, OWNER_COOKIE);
    if (token && TOKEN.test(token)) await query('DELETE FROM admin_sessions WHERE id = $1', [sessionId(token)]);
  }
  return clearCookie(request, OWNER_COOKIE, 'Strict');
}

export const countOwnerSessions = async () =>
  Number((await query<{ n: string }>('SELECT count(*) AS n FROM admin_sessions WHERE expires_at > now()'))[0]?.n ?? 0);

/** Without a cookie, no query: what a visitor's request costs. */
export const hasOwnerCookie = (request: Request) => TOKEN.test(cookieValue(request, OWNER_COOKIE) ?? '');
