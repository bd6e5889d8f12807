import { getCaseStudy } from '~/content/content.server';

/**
 * Cache policy for everything Remix answers (pages and their .data requests).
 *
 * Browsers always revalidate (max-age=0), so a deploy shows at once. Netlify's
 * CDN keeps a page for a day and may serve it stale for a week while it
 * refreshes in the background: content only changes with a deploy, every
 * deploy purges the CDN, and the day bounds how stale the footer's year can
 * get. A 404 is kept for a minute only, so a page published under that URL
 * appears quickly. Anything that is not a GET, or that failed, is never stored.
 */
export const PAGE_CACHE = 'public, max-age=0, must-revalidate';
export const PAGE_CDN_CACHE = 'public, durable, s-maxage=86400, stale-while-revalidate=604800';
export const NOT_FOUND_CDN_CACHE = 'public, durable, s-maxage=60';
export const NO_STORE = 'no-store';
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * A private case study's answers, locked or not (and its form's): no shared
 * cache may keep them, this server's page cache included (it keeps only what
 * carries Netlify-CDN-Cache-Control), and no search engine may index them.
 */
export const PRIVATE_HEADERS = { 'Cache-Control': PRIVATE_NO_STORE, 'X-Robots-Tag': 'noindex' };

/** /case-study/<slug>, its .data request or a ?_data= request, for a private case study. */
function isPrivateCaseStudy(request: Request): boolean {
  const slug = /^\/case-study\/([^/]+?)(?:\.data)?\/?$/.exec(new URL(request.url).pathname)?.[1];
  return slug !== undefined && getCaseStudy(decodeURIComponent(slug))?.private === true;
}

/** The owner's area, share links and the page they land on: never stored, never indexed, whatever the answer. */
export function isPrivatePath(pathname: string): boolean {
  return /^\/(?:admin(?:[/.]|$)|s\/|shared(?:[/.]|$))/.test(pathname);
}

export function setCacheHeaders(headers: Headers, request: Request, status: number): void {
  // Decided by the URL, whatever the answer (page, data, error): nothing private is ever shared.
  if (headers.get('Cache-Control')?.startsWith('private') || isPrivatePath(new URL(request.url).pathname) || isPrivateCaseStudy(request)) {
    for (const [name, value] of Object.entries(PRIVATE_HEADERS)) headers.set(name, value);
    headers.delete('Netlify-CDN-Cache-Control');
    return;
  }
  const cacheable = (request.method === 'GET' || request.method === 'HEAD') && (status === 200 || status === 404);
  if (!cacheable) {
    headers.set('Cache-Control', NO_STORE);
    headers.delete('Netlify-CDN-Cache-Control');
    return;
  }
  headers.set('Cache-Control', PAGE_CACHE);
  headers.set('Netlify-CDN-Cache-Control', status === 200 ? PAGE_CDN_CACHE : NOT_FOUND_CDN_CACHE);
}
