import { Readable } from 'node:stream';
import type { Context } from '@netlify/functions';
import type { Express, RequestHandler } from 'express';
import { CLIENT_IP_HEADER } from '../app/utils/contact-action.server';
import { ensureLocalFunctionSecret, FUNCTION_PATH } from '../app/utils/contact-config.server';

/**
 * Runs Netlify Functions (API v2) inside the local Express server, so
 * `npm start` and `npm run dev` serve the very source file a deploy ships.
 */

type FetchHandler = (req: Request, context: Context) => Response | Promise<Response>;

/** `::ffff:127.0.0.1` → `127.0.0.1`; other IPv6 stays as is. */
function plainAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/** The request's URL; the Host header only names the origin (nothing is fetched from it), and a malformed one is ignored. */
function requestUrl(path: string, host: string | undefined): URL {
  try {
    return new URL(path, `http://${host ?? 'localhost'}`);
  } catch {
    return new URL(path, 'http://localhost');
  }
}

/** express req → Fetch Request → the function → express res. */
export function netlifyFunction(handler: FetchHandler): RequestHandler {
  return async (req, res) => {
    try {
      const controller = new AbortController();
      res.on('close', () => controller.abort());
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
        else if (value !== undefined) headers.set(name, value);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(requestUrl(req.originalUrl, req.headers.host), {
        method: req.method,
        headers,
        // Streamed, not buffered: the function enforces its own size limit.
        body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit);
      const ip = plainAddress(req.socket.remoteAddress);
      // Only what our functions use is real; the rest of Context does not exist locally.
      const context = { ip, requestId: crypto.randomUUID(), url: new URL(request.url), params: {} } as unknown as Context;
      const response = await handler(request, context);
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      if (response.body) Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
      else res.end();
    } catch (error) {
      console.error(`${req.method} ${req.originalUrl} failed:`, error);
      if (!res.headersSent) res.status(502).json({ status: 'error', error: 'Function failed.' });
      else res.end();
    }
  };
}

/**
 * Local stand-ins for what Netlify provides, installed before any route:
 * - a per-process CONTACT_FUNCTION_SECRET when none is configured;
 * - the client IP header Netlify sets, overwritten from the socket so a client
 *   cannot pick its own rate-limit bucket;
 * - CONTACT_FUNCTION_URL pointing at this server over loopback, so the action
 *   never derives it from a Host header the client chose.
 */
export function installLocalContactSetup(app: Express) {
  if (ensureLocalFunctionSecret() === 'generated') {
    console.log('Contact: generated a CONTACT_FUNCTION_SECRET for this process (set one to choose it yourself).');
  }
  if (!process.env.SMTP_URL?.trim()) {
    const outbox = process.env.CONTACT_OUTBOX_DIR?.trim() || '.outbox/';
    console.log(`Contact: SMTP_URL is not set; messages are written to ${outbox} as .eml files.`);
  }
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = plainAddress(req.socket.remoteAddress) || 'unknown';
    if (!process.env.CONTACT_FUNCTION_URL?.trim()) {
      const local = plainAddress(req.socket.localAddress);
      const host = local.includes(':') ? `[${local}]` : local || '127.0.0.1';
      process.env.CONTACT_FUNCTION_URL = `http://${host}:${req.socket.localPort}${FUNCTION_PATH}`;
    }
    next();
  });
}
