import { isbot } from 'isbot';
import { hasOwnerCookie } from '~/access/owner-session.server';

/**
 * Whether a request may be counted at all. Nothing is recorded when the
 * owner switched collection off (ANALYTICS=off), when the browser asks not to
 * be tracked (Global Privacy Control or Do Not Track), for bots, or for the
 * owner while signed in (the cookie alone decides: no query for visitors).
 */

export const analyticsEnabled = () => (process.env.ANALYTICS ?? '').trim().toLowerCase() !== 'off';

export type Skip = 'off' | 'gpc' | 'dnt' | 'bot' | 'owner';

export function skipReason(request: Request): Skip | null {
  if (!analyticsEnabled()) return 'off';
  if (request.headers.get('sec-gpc')?.trim() === '1') return 'gpc';
  if (request.headers.get('dnt')?.trim() === '1') return 'dnt';
  const userAgent = request.headers.get('user-agent') ?? '';
  if (!userAgent || isbot(userAgent)) return 'bot';
  if (hasOwnerCookie(request)) return 'owner';
  return null;
}
