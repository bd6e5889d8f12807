import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Context } from '@netlify/functions';
import type { Express, RequestHandler, Response as ExpressResponse } from 'express';
import { CLIENT_IP_HEADER } from '../app/http/client-ip.server';
import { ensureLocalFunctionSecret, FUNCTION_PATH } from '../app/contact/config.server';
import { platformLimitsOn, withinPlatformLimits } from './platform-limits';

/**
 * Runs Netlify Functions (API v2) inside the local Express server, so
 * `npm start` and `npm run dev` serve the very source file a deploy ships.
 */

type FetchHandler = (req: Request, context: Context) => Response | Promise<Response>;

/**
 * An edge function as Netlify runs it in front of the functions: its answer,
 * or undefined to pass the request on, or `next(request)` to pass on another.
 */
export type EdgeFunction = {
  paths: string[];
  run: (request: Request, context: { next: (request?: Request) => Promise<Response> }) => Promise<Response | undefined>;
};

type RunOptions = {
  /** The function's name, for the platform-limits log. */
  name: string;
  /** A background function: Netlify answers 202 at once and runs it on (15 minutes). */
  background?: boolean;
  /** Edge functions for some of its paths, run before the function and its limits. */
  edge?: EdgeFunction[];
};

/** `::ffff:127.0.0.1` → `127.0.0.1`; other IPv6 stays as is. */
function plainAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/**
 * The request's URL; the Host header only names the origin (nothing is
 * fetched from it), and a malformed one is ignored. The path is appended to
 * the origin, never resolved against it: `new URL('//evil.example/x', base)`
 * would take its host from the path, and the Origin check would then see a
 * stranger's origin as the request's own.
 */
function requestUrl(path: string, host: string | undefined): URL {
  const target = path.startsWith('/') ? path : `/${path}`;
  const valid = host && /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host) ? host : 'localhost';
  try {
    return new URL(`http://${valid}${target}`);
  } catch {
    return new URL(`http://localhost${target}`);
  }
}

/**
 * A handler may answer before it has read the body: the early refusals (401,
 * 405, 413, 415) do. The unread rest would then sit in front of the client's
 * next request on the same keep-alive connection, and the connection would
 * end in a reset. So the rest is read and thrown away when it is small enough
 * (the connection stays reusable); otherwise the answer says
 * `Connection: close` and the connection is closed gracefully.
 */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** How long a client gets to send that rest, or to close after `Connection: close`. */
const DRAIN_TIMEOUT_MS = 5_000;

/** Reads and discards what is left of the body, instead of the web stream nobody reads any more. */
function discardRest(req: IncomingMessage): void {
  req.removeAllListeners('data');
  req.on('data', () => {});
  req.resume();
}

/**
 * Closing a socket that still has unread bytes makes the kernel send a reset,
 * which can destroy the answer before the client has read it (RFC 9112, 9.6).
 * So after the answer, close only our side, keep reading until the client
 * closes too, and give up after DRAIN_TIMEOUT_MS.
 */
function closeGracefully(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), DRAIN_TIMEOUT_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

/** Called once the handler has its response and before it is sent: see DRAIN_LIMIT_BYTES. */
function releaseUnreadBody(req: IncomingMessage, res: ExpressResponse): void {
  if (req.complete) return;
  const declared = Number(req.headers['content-length']);
  if (Number.isSafeInteger(declared) && declared <= DRAIN_LIMIT_BYTES) {
    const timer = setTimeout(() => req.socket.destroy(), DRAIN_TIMEOUT_MS);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
  } else {
    res.setHeader('connection', 'close');
    closeGracefully(req.socket);
  }
  discardRest(req);
}

/**
 * express req → Fetch Request → (edge functions) → the function, within
 * Netlify's limits unless PLATFORM_LIMITS=off (scripts/platform-limits.ts)
 * → express res.
 */
export function netlifyFunction(handler: FetchHandler, { name, background = false, edge = [] }: RunOptions): RequestHandler {
  const run = background ? inBackground(handler) : handler;
  return async (req, res) => {
    const limited = platformLimitsOn() ? withinPlatformLimits(run, { name, background }) : run;
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    try {
      const controller = new AbortController();
      res.on('close', () => controller.abort());
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
        else if (value !== undefined) headers.set(name, value);
      }
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
      const context = {
        ip,
        requestId: crypto.randomUUID(),
        url: new URL(request.url),
        params: {},
      } as unknown as Context;
      const edgeFunction = edge.find((each) => each.paths.includes(new URL(request.url).pathname));
      const toFunction = (passed?: Request) => Promise.resolve(limited(passed ?? request, context));
      const response = (edgeFunction && (await edgeFunction.run(request, { next: toFunction }))) || (await toFunction());
      if (hasBody) releaseUnreadBody(req, res);
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      if (response.body) Readable.fromWeb(response.body as WebReadableStream).pipe(res);
      else res.end();
    } catch (error) {
      console.error(`${req.method} ${req.originalUrl} failed:`, error);
      if (!res.headersSent) {
        if (hasBody) releaseUnreadBody(req, res);
        res.status(502).json({ status: 'error', error: 'Function failed.' });
      } else res.end();
    }
  };
}

/** As Netlify runs a background function: the caller gets 202 once the request is in; the work goes on. */
function inBackground(handler: FetchHandler): FetchHandler {
  return async (request, context) => {
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const copy = new Request(request.url, { method: request.method, headers: request.headers, body });
    void Promise.resolve(handler(copy, context)).catch((error: unknown) =>
      console.error(`${request.method} ${new URL(request.url).pathname} failed:`, error),
    );
    return new Response(null, { status: 202 });
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
    console.log(`Contact: SMTP_URL is not set; until a mail account is set up in /admin, messages are written to ${outbox} as .eml files.`);
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
