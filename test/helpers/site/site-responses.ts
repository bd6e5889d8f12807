import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { group } from '../must';

/**
 * Every response a visitor (or a crawler, or a link preview) can get from a
 * running site: the pages and what they link to, followed to the end, with
 * each page's data request; and every file under the site's public output,
 * fetched by its address.
 */

export type SiteResponse = { path: string; status: number; contentType: string; body: Buffer };

/** The single-fetch data request of a page (Remix's `<path>.data`; the home page's is `/_root.data`). */
export const dataPath = (page: string) => (page === '/' ? '/_root.data' : `${page.replace(/\/$/, '')}.data`);

/** The first capture group of every match of `pattern` (a global regex) in `text`. */
const captured = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => group(match, `a match of ${pattern}`));

/** Addresses a page, a stylesheet, a sitemap or robots.txt points at. */
function linksIn(body: string, contentType: string): string[] {
  const found: string[] = [];
  if (contentType.includes('html')) {
    found.push(...captured(body, /\s(?:href|src|action|poster)="([^"]+)"/g));
    // A meta tag's content is an address only for og:image, twitter:image, og:url and the like.
    found.push(...captured(body, /\scontent="((?:https?:\/\/|\/)[^"]*)"/g));
    for (const srcset of captured(body, /\s(?:srcset|imagesrcset)="([^"]+)"/g))
      found.push(...srcset.split(',').map((entry) => entry.trim().split(/\s+/)[0] ?? ''));
  }
  if (contentType.includes('xml')) found.push(...captured(body, /<loc>([^<]+)<\/loc>/g));
  if (contentType.includes('text/plain')) found.push(...captured(body, /^Sitemap:\s*(\S+)/gim));
  if (contentType.includes('css')) found.push(...captured(body, /url\(\s*['"]?([^'")]+)['"]?\s*\)/g));
  return found.map((link) => link.replace(/&amp;/g, '&'));
}

/**
 * Fetches `start` and everything of this site they lead to (the server's own
 * address, or `siteUrl`, the public origin absolute links use), each page's
 * data request too. Bounded: at most `limit` addresses.
 */
export async function crawl(serverUrl: string, siteUrl: string, start: string[], limit = 600): Promise<SiteResponse[]> {
  const queue = [...start];
  const seen = new Set<string>(queue);
  const responses: SiteResponse[] = [];
  const enqueue = (link: string, base: string) => {
    let url: URL;
    try {
      url = new URL(link, base);
    } catch {
      return;
    }
    const origin = `${url.protocol}//${url.host}`;
    if (origin !== new URL(serverUrl).origin && !`${url.href}/`.startsWith(`${siteUrl}/`)) return;
    const local = url.pathname + url.search;
    if (seen.has(local) || seen.size >= limit) return;
    seen.add(local);
    queue.push(local);
  };
  while (queue.length) {
    const at = queue.shift()!;
    const response = await fetch(serverUrl + at, { redirect: 'manual' });
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? '';
    responses.push({ path: at, status: response.status, contentType, body });
    const location = response.headers.get('location');
    if (location) enqueue(location, serverUrl + at);
    for (const link of linksIn(body.toString('utf8'), contentType)) enqueue(link, serverUrl + at);
    if (contentType.includes('html') && !at.includes('?')) enqueue(dataPath(new URL(at, serverUrl).pathname), serverUrl);
  }
  return responses;
}

/** Every file under `dir` (symbolic links followed), as paths relative to it with forward slashes. */
export function filesUnder(dir: string, under = ''): string[] {
  return readdirSync(path.join(dir, under)).flatMap((name) => {
    const rel = under ? `${under}/${name}` : name;
    return statSync(path.join(dir, rel)).isDirectory() ? filesUnder(dir, rel) : [rel];
  });
}

/** Each file of the public output fetched at its own address, as the static server (or the CDN) serves it. */
export async function fetchPublicFiles(serverUrl: string, publicDir: string): Promise<SiteResponse[]> {
  const responses: SiteResponse[] = [];
  for (const file of filesUnder(publicDir)) {
    const at = `/${file.split('/').map(encodeURIComponent).join('/')}`;
    const response = await fetch(serverUrl + at, { redirect: 'manual' });
    responses.push({
      path: at,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: Buffer.from(await response.arrayBuffer()),
    });
  }
  return responses;
}
