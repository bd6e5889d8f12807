import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { FUNCTION_PAYLOAD_BYTES } from '~/http/platform-limits';
import { DRAIN_LIMIT_BYTES } from '../../scripts/netlify-function';
import { toFormBody, VALID } from '../helpers/data/contact-cases';
import { useContactServer } from '../helpers/suite/contact-server';

/**
 * After an early refusal (the answer comes before the body has been read),
 * the client's next request on the same keep-alive connection must succeed:
 * the server either reads and discards the rest of the body and keeps the
 * connection, or says `Connection: close` and closes it gracefully.
 */

const SECRET = 'keep-alive-test-secret-abcdefghijklmnop';
const FUNCTION = '/.netlify/functions/send-email';

const stack = useContactServer(SECRET, 1);

type Answer = { status: number; connection: string | undefined; body: string; reusedSocket: boolean };

/**
 * One request through `agent`. `body` is sent with a Content-Length, or, as
 * `{ chunked: bytes }`, in 16 KB chunks without one.
 */
function send(
  agent: http.Agent,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | { chunked: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, stack.server.url);
    const request = http.request(url, { agent, method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, connection: response.headers.connection, body: text, reusedSocket: request.reusedSocket }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    if (body === undefined) return request.end();
    if (typeof body === 'string') {
      request.setHeader('content-length', Buffer.byteLength(body));
      return request.end(body);
    }
    const chunk = Buffer.alloc(16 * 1024, 'a');
    let left = body.chunked;
    const writeMore = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (!request.write(piece)) return request.once('drain', writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

type Refusal = {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | { chunked: number };
  status: number;
};

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const json = { 'content-type': 'application/json' };
const auth = { authorization: `Bearer ${SECRET}` };
const bytes = (n: number) => 'message='.padEnd(n, 'x');

const REFUSALS: Refusal[] = [
  { name: 'action: 413, 2 MB with Content-Length', method: 'POST', path: '/?index', headers: form, body: bytes(2_000_000), status: 413 },
  { name: 'action: 413, 200 KB with Content-Length', method: 'POST', path: '/?index', headers: form, body: bytes(200_000), status: 413 },
  {
    name: 'action: 413, 300 KB streamed without Content-Length',
    method: 'POST',
    path: '/?index',
    headers: form,
    body: { chunked: 300_000 },
    status: 413,
  },
  { name: 'action: 415, 60 KB of JSON', method: 'POST', path: '/?index', headers: json, body: bytes(60_000), status: 415 },
  { name: 'action: 405, PUT with 500 KB', method: 'PUT', path: '/?index', headers: form, body: bytes(500_000), status: 405 },
  { name: 'function: 401, 2 MB without a token', method: 'POST', path: FUNCTION, headers: json, body: bytes(2_000_000), status: 401 },
  {
    name: 'function: 401, 500 KB with a wrong token',
    method: 'POST',
    path: FUNCTION,
    headers: { ...json, authorization: 'Bearer nope' },
    body: bytes(500_000),
    status: 401,
  },
  {
    name: 'function: 405, PUT with 900 KB',
    method: 'PUT',
    path: FUNCTION,
    headers: { ...json, ...auth },
    body: bytes(900_000),
    status: 405,
  },
  {
    name: 'function: 413, 2 MB with Content-Length',
    method: 'POST',
    path: FUNCTION,
    headers: { ...json, ...auth },
    body: bytes(2_000_000),
    status: 413,
  },
  {
    name: 'function: 413, 3 MB streamed without Content-Length',
    method: 'POST',
    path: FUNCTION,
    headers: { ...json, ...auth },
    body: { chunked: 3_000_000 },
    status: 413,
  },
  {
    name: 'function: 415, 60 KB of text',
    method: 'POST',
    path: FUNCTION,
    headers: { ...auth, 'content-type': 'text/plain' },
    body: bytes(60_000),
    status: 415,
  },
];

describe('the next request on a keep-alive connection succeeds after an early refusal', () => {
  it.each(REFUSALS.map((r) => [r.name, r] as const))('%s', async (_name, refusal) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // The connection is open and reused before the refusal, so the refusal is not its first request.
      expect((await send(agent, 'GET', '/resume')).status).toBe(200);
      const refused = await send(agent, refusal.method, refusal.path, refusal.headers, refusal.body);
      expect(refused.status).toBe(refusal.status);
      expect(refused.reusedSocket).toBe(true);

      const next = await send(agent, 'GET', '/resume');
      expect(next.status).toBe(200);
      expect(next.body).toContain('</html>');

      // A body of unknown size is read whole by the platform-limits mode (on in the test stack, as under `npm start`), to count
      // it as Netlify does, when it is within the platform's 6 MB: the connection is then free for the next request.
      const small =
        typeof refusal.body === 'string'
          ? Buffer.byteLength(refusal.body) <= DRAIN_LIMIT_BYTES
          : refusal.body.chunked <= FUNCTION_PAYLOAD_BYTES;
      if (small) {
        // Drained: the same connection carries the next request.
        expect(refused.connection).toBe('keep-alive');
        expect(next.reusedSocket).toBe(true);
      } else {
        // Too big (or of unknown size) to read: closed cleanly, and the client opened a new one.
        expect(refused.connection).toBe('close');
        expect(next.reusedSocket).toBe(false);
      }
    } finally {
      agent.destroy();
    }
  });

  it('action: 429 when the rate limit is reached, then the next request on the connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = toFormBody({}).toString();
      expect((await send(agent, 'POST', '/?index', form, body)).status).toBe(200);
      const limited = await send(agent, 'POST', '/?index', form, toFormBody({ message: `${VALID.message} again` }).toString());
      expect(limited.status).toBe(429);
      const next = await send(agent, 'GET', '/resume');
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
      expect(stack.smtp.messages).toHaveLength(1);
    } finally {
      agent.destroy();
    }
  });
});
