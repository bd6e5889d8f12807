import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Netlify's invocation of a background function (a name ending in
 * `-background`), which cannot run here: at `path` on 127.0.0.1, a POST is
 * answered 202 at once, as Netlify does, and the function's own `handler`
 * is then run with the request it got, once the test calls `release` (so a
 * test sees that the caller never waited for it). Each call is recorded with
 * its run's answer. Any other request is answered 404.
 */
export type BackgroundCall = { authorization: string | undefined; body: string; run: Promise<Response> };

export async function startBackgroundInvoker(path: string, handler: (request: Request) => Promise<Response>) {
  const calls: BackgroundCall[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== path) return void response.writeHead(404).end();
      const headers = { 'content-type': request.headers['content-type'] ?? '', authorization: request.headers.authorization ?? '' };
      const run = released.then(() => handler(new Request(`http://localhost${path}`, { method: 'POST', headers, body })));
      calls.push({ authorization: request.headers.authorization, body, run });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
