import { isbot } from 'isbot';
import { hasOwnerCookie } from '~/access/owner-session.server';
import { getSiteUrl } from '~/http/site-url.server';
import { readEnv } from '~/settings/env.server';

/**
 * Whether a request may be counted at all. Nothing is recorded when the
 * owner switched collection off (ANALYTICS=off), when the browser asks not to
 * be tracked (Global Privacy Control or Do Not Track), for bots, or for the
 * owner while signed in (the cookie alone decides: no query for visitors).
 */

export const analyticsEnabled = () => readEnv('ANALYTICS')?.toLowerCase() !== 'off';

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

/**
 * Whether the request comes from another site's page: the pixel embedded
 * elsewhere (an <img> on someone's page counts nothing here). The browser
 * says so in Sec-Fetch-Site, which is then trusted as it stands (behind a
 * proxy the request's own origin may differ from the page's); a browser too
 * old to send it is judged by its Referer, whose origin must be the
 * request's own or SITE_URL's. Without either header (or with the
 * no-referrer policy) the request is taken as ours. Anything that is not a
 * browser can send what it likes: that is for the limits.
 */
export function fromAnotherSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')?.trim().toLowerCase();
  if (site) return site === 'cross-site' || site === 'same-site';
  const referer = request.headers.get('referer');
  if (!referer) return false;
  let from: string;
  try {
    from = new URL(referer).origin;
  } catch {
    return true;
  }
  return !ownOrigins(request).has(from);
}

function ownOrigins(request: Request): Set<string> {
  const own = new Set([new URL(request.url).origin]);
  try {
    own.add(new URL(getSiteUrl()).origin);
  } catch {
    // A malformed SITE_URL is reported where pages use it; here the request's own origin is enough.
  }
  return own;
}
