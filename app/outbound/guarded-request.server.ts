import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { bareHost, loopbackAllowed, resolvePublicHost } from './public-host.server';

/**
 * An HTTP request to a host the owner named (her git host), that reaches
 * only the internet: https only, every hop's host resolved and judged
 * (public-host.server.ts) and the socket opened to the address judged, with
 * the name kept for the certificate. Redirects are followed here, by hand,
 * at most MAX_REDIRECTS, each checked the same way before anything is sent
 * to it; the Authorization header goes only to the origin it was meant for.
 *
 * Plain http is allowed only to loopback, and only while the tests' switch
 * is on (PORTFOLIO_LOOPBACK_FOR_TESTS): their git server has no certificate.
 */

export const MAX_REDIRECTS = 5;

/** Not sent: the address (or a redirect's) is not one the site may reach. Its message is for the log, never the page. */
export class OutboundRefused extends Error {
  /** Read as a network error (describeGitError, check.server.ts): "could not reach", nothing more. */
  readonly code = 'EOUTBOUND';
  constructor(readonly why: string) {
    super(`refused to connect: ${why}`);
    this.name = 'OutboundRefused';
  }
}

export type GuardedRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  signal?: AbortSignal;
};

export type GuardedResponse = {
  /** The last hop's address, after any redirects. */
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: AsyncIterable<Uint8Array>;
  /** Drops the body unread. */
  discard: () => void;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Whether `url` may be asked at all, before its name is resolved: its scheme, and no credentials inside. */
function schemeAllowed(url: URL): boolean {
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  const host = bareHost(url.hostname);
  return url.protocol === 'http:' && loopbackAllowed() && (host === 'localhost' || host === '127.0.0.1' || host === '::1');
}

/** A lookup that answers with the one address already judged, whatever name the socket asks for. */
function pinnedTo(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

async function once(url: URL, init: GuardedRequest): Promise<http.IncomingMessage> {
  if (!schemeAllowed(url)) throw new OutboundRefused(`${url.protocol} to ${url.host} is not allowed`);
  const found = await resolvePublicHost(url.hostname);
  if (!found.ok) throw new OutboundRefused(`${url.host}: ${found.why}`);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        signal: init.signal,
        lookup: pinnedTo(found.address, found.family),
        // The certificate is checked against the name in the address, as always (https's default servername).
        agent: false,
      },
      resolve,
    );
    request.once('error', reject);
    request.end(init.body);
  });
}

function headersOf(response: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** `address` asked as described, redirects followed within the rules; throws OutboundRefused when a hop may not be reached. */
export async function guardedRequest(address: string, init: GuardedRequest = {}): Promise<GuardedResponse> {
  let url = new URL(address);
  const origin = url.origin;
  let current: GuardedRequest = init;
  for (let hop = 0; ; hop++) {
    const response = await once(url, current);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
      return {
        url: url.href,
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        headers: headersOf(response),
        body: response as AsyncIterable<Uint8Array>,
        discard: () => {
          response.resume();
        },
      };
    }
    response.resume();
    if (hop >= MAX_REDIRECTS) throw new OutboundRefused(`more than ${MAX_REDIRECTS} redirects`);
    const next = new URL(location, url);
    const status = response.statusCode ?? 0;
    // As fetch does: a 303, or a 301/302 after a POST, asks the next hop with GET and no body.
    const asGet = status === 303 || ((status === 301 || status === 302) && (current.method ?? 'GET') === 'POST');
    const headers = { ...current.headers };
    if (next.origin !== origin) {
      for (const name of Object.keys(headers)) if (/^(authorization|cookie)$/i.test(name)) delete headers[name];
    }
    if (asGet) {
      for (const name of Object.keys(headers)) if (/^content-/i.test(name)) delete headers[name];
    }
    current = { ...current, headers, ...(asGet ? { method: 'GET', body: undefined } : {}) };
    url = next;
  }
}
