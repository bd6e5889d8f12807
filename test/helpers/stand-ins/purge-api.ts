import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Netlify's purge API, as far as `purgeCache` uses it (POST /api/v1/purge,
 * a bearer token, a JSON body), on 127.0.0.1: the real one cannot be reached
 * from here. A server points at it with NETLIFY_PURGE_API_URL. Every call is
 * recorded as it arrived and answered 202, as Netlify does; any other
 * request is answered 404 and recorded too, so a test sees a wrong address.
 */
export type PurgeCall = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The body as sent. */
  raw: string;
  /** The body parsed, or null when it is not JSON. */
  body: { cache_tags?: string[]; site_id?: string } | null;
};

export type PurgeApi = { url: string; calls: PurgeCall[]; close: () => Promise<void> };

export async function startPurgeApi(): Promise<PurgeApi> {
  const calls: PurgeCall[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      let body: PurgeCall['body'] = null;
      try {
        body = JSON.parse(raw) as PurgeCall['body'];
      } catch {
        body = null;
      }
      calls.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        raw,
        body,
      });
      const known = request.method === 'POST' && request.url === '/api/v1/purge';
      response.writeHead(known ? 202 : 404, { 'content-type': 'application/json' }).end(known ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
