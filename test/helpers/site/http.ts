/** Small helpers for talking to the built server over real HTTP. */

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { group } from '../must';

/** A document POST to the `/` action, as a browser without JavaScript sends it. */
export function postForm(baseUrl: string, body: URLSearchParams | string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/?index`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    body: body.toString(),
    redirect: 'manual',
  });
}

/** The error text rendered next to a field, or undefined. */
export function fieldErrorIn(html: string, field: string): string | undefined {
  const error = new RegExp(`<p id="contact-${field}-error"[^>]*>.*?<span>(.*?)</span></p>`, 's').exec(html)?.[1];
  return error === undefined ? undefined : decodeEntities(error);
}

/** The value rendered into a field (input value or textarea text), or undefined. */
export function fieldValueIn(html: string, field: string): string | undefined {
  const input = new RegExp(`<input[^>]*\\bid="contact-${field}"[^>]*>`, 's').exec(html)?.[0];
  if (input) {
    const value = /\bvalue="([^"]*)"/.exec(input)?.[1];
    return value === undefined ? '' : decodeEntities(value);
  }
  const textarea = new RegExp(`<textarea[^>]*\\bid="contact-${field}"[^>]*>(.*?)</textarea>`, 's').exec(html)?.[1];
  return textarea === undefined ? undefined : decodeEntities(textarea);
}

/** The inline notice (no-JS answer): its variant and text, or undefined. */
export function noticeIn(html: string): { variant: string; text: string } | undefined {
  const match = /<div([^>]*\bdata-testid="contact-notice"[^>]*)>(.*?)<\/div>/s.exec(html);
  if (!match) return undefined;
  const variant = /\bdata-variant="(\w+)"/.exec(group(match, "the notice's attributes"))?.[1] ?? '';
  return {
    variant,
    text: decodeEntities(
      group(match, "the notice's text", 2)
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
};

/** HTML text with its character references (&amp;, &#x27;, &#39;, &nbsp;…) as the characters they stand for. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The `name=value` pair a response sets (its first Set-Cookie, attributes left off), or a failure saying none was set. */
export function cookieOf(response: Response): string {
  const pair = response.headers.get('set-cookie')?.split(';')[0];
  if (!pair) throw new Error(`expected a Set-Cookie header on the ${response.status} answer to ${response.url || 'the request'}`);
  return pair;
}

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A request for `rawPath` exactly as written, as `curl --path-as-is` sends it:
 * fetch and URL would resolve `./` and `..` and keep the server from ever
 * seeing the spelling under test.
 */
export function rawRequest(
  origin: string,
  rawPath: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path: rawPath, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
