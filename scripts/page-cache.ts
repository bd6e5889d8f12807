/**
 * What Netlify's CDN does for the deployed site, done in memory for the Node
 * server: a GET answer that carries `Netlify-CDN-Cache-Control: …s-maxage=N`
 * is kept for N seconds and served again without rendering. The pages only
 * change with a build, so this costs nothing in freshness (see
 * app/utils/cache-headers.server.ts for the policy itself).
 */

type FetchHandler<C> = (request: Request, context: C) => Promise<Response>;

type Entry = { expires: number; status: number; headers: [string, string][]; body: ArrayBuffer };

/** At most this many URLs are kept; the oldest goes first (unknown URLs must not grow memory). */
const MAX_ENTRIES = 200;

export function cdnMaxAgeSeconds(header: string | null): number {
  const match = header?.match(/(?:^|,)\s*s-maxage=(\d+)/);
  return match ? Number(match[1]) : 0;
}

export function withPageCache<C>(handler: FetchHandler<C>, { now = Date.now } = {}): FetchHandler<C> {
  const cache = new Map<string, Entry>();
  return async (request, context) => {
    if (request.method !== 'GET') return handler(request, context);
    // The path alone: the Host header is the client's to choose.
    const { pathname, search } = new URL(request.url);
    const key = pathname + search;
    const hit = cache.get(key);
    if (hit && hit.expires > now()) {
      return new Response(hit.body, { status: hit.status, headers: [...hit.headers, ['x-cache', 'HIT']] });
    }
    const response = await handler(request, context);
    const maxAge = cdnMaxAgeSeconds(response.headers.get('netlify-cdn-cache-control'));
    if (maxAge === 0 || (response.status !== 200 && response.status !== 404)) return response;
    const entry: Entry = { expires: now() + maxAge * 1000, status: response.status, headers: [...response.headers], body: await response.arrayBuffer() };
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    return new Response(entry.body, { status: entry.status, headers: [...entry.headers, ['x-cache', 'MISS']] });
  };
}
