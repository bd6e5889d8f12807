import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/**
 * A proxy in front of the production server, for comparing a page with the
 * same page without its JavaScript. With `withoutScripts` it serves each page
 * with every <script> but JSON-LD taken out, compressed again as the server
 * compressed it; without, it serves the page as it is. Everything else passes
 * through.
 *
 * Both variants are measured through a proxy of their own: Lighthouse's
 * simulation takes the server's response times from what it observed, so a
 * page measured through a proxy and one measured without would differ by the
 * proxy's own hop. Each page is made once and kept (as the server's own page
 * cache keeps it): warm() makes them before the runs.
 */
const SCRIPT = /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script\s*>/gi;

export function withoutScripts(html: string): string {
  return html.replace(SCRIPT, '');
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

function encode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  if (encoding === 'gzip') return gzipSync(body, { level: 9 });
  return body;
}

type Kept = { status: number; headers: http.OutgoingHttpHeaders; body: Buffer };
export type PageProxy = { url: string; warm: (paths: string[]) => Promise<void>; stop: () => Promise<void> };

export async function startPageProxy(origin: string, options: { withoutScripts: boolean }): Promise<PageProxy> {
  const upstream = new URL(origin);
  const kept = new Map<string, Kept>();
  const server = http.createServer((req, res) => {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const key = `${req.method} ${req.url} ${/\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : ''}`;
    const page = kept.get(key);
    if (page) {
      res.writeHead(page.status, page.headers);
      res.end(page.body);
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        // The site's own POSTs (the insights beacon) are checked against its origin: the proxy stands in for it.
        headers: { ...req.headers, host: upstream.host, ...(req.headers.origin ? { origin: upstream.origin } : {}) },
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!type.startsWith('text/html')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const encoding = answer.headers['content-encoding'];
          const sent = Buffer.concat(chunks);
          const body = options.withoutScripts
            ? encode(Buffer.from(withoutScripts(decode(sent, encoding).toString('utf8')), 'utf8'), encoding)
            : sent;
          const headers: http.OutgoingHttpHeaders = { ...answer.headers, 'content-length': String(body.length) };
          delete headers['transfer-encoding'];
          const status = answer.statusCode ?? 502;
          if (req.method === 'GET') kept.set(key, { status, headers, body });
          res.writeHead(status, headers);
          res.end(body);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    // Each page in each encoding Chromium may ask for, so that every run's answer is a kept one.
    warm: async (paths) => {
      for (const path of paths) {
        for (const encoding of ['br', 'gzip', 'identity']) {
          await new Promise<void>((resolve, reject) => {
            http
              .get(`${url}${path}`, { headers: { 'accept-encoding': encoding } }, (answer) => {
                answer.resume();
                answer.on('end', resolve);
              })
              .on('error', reject);
          });
        }
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
