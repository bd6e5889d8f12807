import { cookieValue, setCookie } from '~/http/cookies.server';
import { activeLink, opensCaseStudy, recordLinkView, type ShareLink } from './share-links.server';

/**
 * The cookie a share link leaves: its token, HttpOnly and SameSite=Lax (the
 * recipient arrives from a mail client, another site), until the link
 * expires. Every private answer checks it against the database again.
 */
export const LINK_COOKIE = 'portfolio_link';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const linkCookie = (request: Request, token: string, link: ShareLink) =>
  setCookie(request, LINK_COOKIE, token, { maxAgeS: (link.expiresAt.getTime() - Date.now()) / 1000, sameSite: 'Lax' });

/** Whether the request carries a link cookie at all: visitors without one never cost a query. */
export const linkTokenOf = (request: Request) => {
  const token = cookieValue(request, LINK_COOKIE);
  return token && TOKEN.test(token) ? token : undefined;
};

/** The live link this request holds, if any (throws DatabaseUnavailable when it cannot tell). */
export async function requestLink(request: Request): Promise<ShareLink | null> {
  const token = linkTokenOf(request);
  return token ? activeLink(token) : null;
}

/**
 * Whether the request's link opens `slug`, counting the view when it does.
 * False without a cookie (no query); throws DatabaseUnavailable when the
 * database cannot say, so the page can answer 503 rather than guess.
 */
export async function linkOpens(request: Request, slug: string): Promise<boolean> {
  const link = await requestLink(request);
  if (!link || !opensCaseStudy(link, slug)) return false;
  await recordLinkView(link.id, slug);
  return true;
}

/** A rough device class for the owner's notice; the user agent itself is never kept. */
export function deviceClass(userAgent: string | null): 'phone' | 'tablet' | 'desktop' {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobi)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return 'phone';
  return 'desktop';
}
