import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * What Netlify's CDN does for the deployed site, done in memory for the Node
 * server: a GET answer that carries `Netlify-CDN-Cache-Control: …s-maxage=N`
 * is kept for N seconds and served again without rendering, already
 * compressed (brotli or gzip, made once per page). A publish changes pages
 * without a build: the answers that read what it changed are purged by their
 * cache tags, as on Netlify (app/http/live-content.server.ts); the policy
 * itself is in app/http/cache-headers.server.ts.
 */

type FetchHandler<C> = (request: Request, context: C) => Promise<Response>;

type Encoding = 'br' | 'gzip' | 'identity';

type Entry = { expires: number; status: number; headers: [string, string][]; body: Buffer; encoded: Partial<Record<Encoding, Buffer>> };

/** At most this many URLs are kept; the oldest goes first (unknown URLs must not grow memory). */
const MAX_ENTRIES = 200;

export function cdnMaxAgeSeconds(header: string | null): number {
  const match = header?.match(/(?:^|,)\s*s-maxage=(\d+)/);
  return match ? Number(match[1]) : 0;
}

function preferredEncoding(request: Request): Encoding {
  const accepted = request.headers.get('accept-encoding') ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function encode(entry: Entry, encoding: Encoding): Buffer {
  if (encoding === 'identity') return entry.body;
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(entry.body, { level: 9 });
  return entry.encoded[encoding];
}

function respond(entry: Entry, request: Request, cache: 'HIT' | 'MISS'): Response {
  const encoding = preferredEncoding(request);
  const headers = new Headers(entry.headers);
  headers.set('x-cache', cache);
  headers.append('vary', 'Accept-Encoding');
  if (encoding !== 'identity') headers.set('content-encoding', encoding);
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(encode(entry, encoding)), { status: entry.status, headers });
}

/** The handler, and a purge by cache tag (`Netlify-Cache-Tag`), as Netlify's purge API does for its CDN. */
export type PageCache<C> = FetchHandler<C> & { purge(tags: string[]): number };

export function withPageCache<C>(handler: FetchHandler<C>, { now = Date.now } = {}): PageCache<C> {
  const cache = new Map<string, Entry>();
  const purge = (tags: string[]) => {
    const purged = new Set(tags.map((tag) => tag.toLowerCase()));
    let count = 0;
    for (const [key, entry] of cache) {
      const entryTags = entry.headers.find(([name]) => name.toLowerCase() === 'netlify-cache-tag')?.[1] ?? '';
      if (entryTags.split(',').some((tag) => purged.has(tag.trim().toLowerCase()))) {
        cache.delete(key);
        count++;
      }
    }
    return count;
  };
  const cached: FetchHandler<C> = async (request, context) => {
    // The path alone: the Host header is the client's to choose. A query string is never
    // cached: every new one would cost a render and a brotli-11 compression, and push real
    // pages out of the bounded cache (the pages do not depend on it).
    const { pathname, search } = new URL(request.url);
    if (request.method !== 'GET' || search) return handler(request, context);
    const key = pathname;
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return respond(hit, request, 'HIT');
    const response = await handler(request, context);
    const maxAge = cdnMaxAgeSeconds(response.headers.get('netlify-cdn-cache-control'));
    if (maxAge === 0 || (response.status !== 200 && response.status !== 404)) return response;
    const entry: Entry = {
      expires: now() + maxAge * 1000,
      status: response.status,
      headers: [...response.headers],
      body: Buffer.from(await response.arrayBuffer()),
      encoded: {},
    };
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    return respond(entry, request, 'MISS');
  };
  return Object.assign(cached, { purge });
}
