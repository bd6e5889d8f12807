/**
 * Where signing in returns to: the owner's page that was asked for, carried
 * as `?next=` on the sign-in address. Only a path of this site's owner's area
 * is taken (`/admin`, `/admin/content/resume.mdx?saved=1`); anything else —
 * another site (`//evil.com`, `/\evil.com`, `https://…`), a public page,
 * control characters — returns to /admin.
 */

export const SIGN_IN_PATH = '/admin/sign-in';
const HOME = '/admin';
const BASE = 'http://owner.invalid';

export function safeReturnPath(next: string | null | undefined): string {
  if (!next || next.length > 1000) return HOME;
  // Browsers read a backslash as a slash and drop tabs and line ends: `/\evil.com` and `/\t/evil.com` are other sites.
  if (/[\\\u0000-\u001f\u007f]/.test(next) || !next.startsWith('/') || next.startsWith('//')) return HOME;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return HOME;
  }
  if (url.origin !== BASE) return HOME;
  if (url.pathname !== HOME && !url.pathname.startsWith(`${HOME}/`)) return HOME;
  if (url.pathname.startsWith(SIGN_IN_PATH) || url.pathname.startsWith('/admin/sign-out')) return HOME;
  url.searchParams.delete('_data');
  return `${url.pathname}${url.search}`;
}

/** The sign-in address for a request that needed a session: back to the page it asked for (a GET), else to /admin. */
export function signInPathFor(request: Request): string {
  if (request.method !== 'GET' && request.method !== 'HEAD') return SIGN_IN_PATH;
  const url = new URL(request.url);
  // The editor's own requests (drafts, previews, images) are not pages to come back to.
  if (url.pathname.startsWith('/admin/content/api/') || url.pathname.endsWith('.csv')) return SIGN_IN_PATH;
  const next = safeReturnPath(`${url.pathname}${url.search}`);
  return next === HOME ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`;
}
