import { readStreamUpTo } from '../app/http/read-body.server';
import {
  BACKGROUND_FUNCTION_TIME_MS,
  BACKGROUND_PAYLOAD_BYTES,
  countedBytes,
  FUNCTION_FAILED_STATUS,
  FUNCTION_PAYLOAD_BYTES,
  FUNCTION_TIME_MS,
  megabytes,
  REQUEST_TOO_LARGE_STATUS,
  travelsAsBase64,
} from '../app/http/platform-limits';

/**
 * The platform-limits mode of the local server (`npm start`, `npm run dev`,
 * the tests): each function it runs (the site's, send-email, content-check,
 * over HTTP or called in-process) gets what a Netlify function gets, so a
 * request or an answer that would break on a deploy breaks here first:
 *
 * - a request over 6 MB as Netlify counts it (a binary body base64-encoded,
 *   the headers with it) never reaches the function: 413;
 * - an answer over 6 MB counted the same way is not delivered: 502;
 * - a call still running after 60 s is cut: 502.
 *
 * Each refusal is one line in the log saying what, why and what Netlify
 * would do. On unless PLATFORM_LIMITS=off.
 */

export type FetchHandler<C> = (request: Request, context: C) => Promise<Response> | Response;
/** What the wrapper gives back: the same call, always a promise (an in-process caller passes no context). */
export type LimitedHandler<C> = (request: Request, context?: C) => Promise<Response>;

export function platformLimitsOn(): boolean {
  return process.env.PLATFORM_LIMITS?.trim().toLowerCase() !== 'off';
}

type Options = {
  /** The function's name, for the log. */
  name: string;
  /** A background function: 256 KB of request, 15 minutes. */
  background?: boolean;
  /** The bound on one call; Netlify's unless a test asks for less. */
  timeMs?: number;
  log?: (line: string) => void;
};

function headerBytes(headers: Headers): number {
  let bytes = 0;
  headers.forEach((value, name) => (bytes += name.length + value.length + 4));
  return bytes;
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

const asBase64 = (type: string | null) =>
  travelsAsBase64(type) ? `, base64-encoded as Netlify sends ${(type ?? 'an untyped body').split(';')[0]}` : '';

/** Reads a stream to its end, or stops once it is over `limit` bytes (then null), cancelling the rest. */
const readUpTo = (body: ReadableStream<Uint8Array>, limit: number) => readStreamUpTo(body, limit, 'cancel');

/** `handler` as a Netlify function runs it: see the module comment. */
export function withinPlatformLimits<C>(
  handler: FetchHandler<C>,
  { name, background = false, timeMs = background ? BACKGROUND_FUNCTION_TIME_MS : FUNCTION_TIME_MS, log = console.warn }: Options,
): LimitedHandler<C> {
  const requestLimit = background ? BACKGROUND_PAYLOAD_BYTES : FUNCTION_PAYLOAD_BYTES;
  return async (request, context) => {
    const what = `${request.method} ${new URL(request.url).pathname} (the ${name} function)`;
    const type = request.headers.get('content-type');
    const overhead = headerBytes(request.headers);
    // No Content-Length (a chunked body) is not a length of 0: it is counted as it arrives, below.
    const length = request.headers.get('content-length');
    const declared = length === null ? Number.NaN : Number(length);
    if (request.body && Number.isSafeInteger(declared) && countedBytes(declared, type) + overhead > requestLimit) {
      log(
        `Platform limits: refused ${what}: the request is ${megabytes(countedBytes(declared, type) + overhead)}${asBase64(type)}, over the ${megabytes(requestLimit)} a function takes. Netlify would answer ${REQUEST_TOO_LARGE_STATUS} and never run the function.`,
      );
      return plain(REQUEST_TOO_LARGE_STATUS, 'Request Entity Too Large');
    }

    let timer: ReturnType<typeof setTimeout> | undefined;
    const outOfTime = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeMs);
      timer.unref?.();
    });
    try {
      const answer = await Promise.race([
        (async () => {
          // A body of unknown length (chunked) is counted as it arrives, as Netlify buffers it before the call.
          let call = request;
          if (request.body && !Number.isSafeInteger(declared)) {
            const bytes = await readUpTo(request.body, requestLimit);
            if (!bytes || countedBytes(bytes.byteLength, type) + overhead > requestLimit) return 'request-too-large' as const;
            call = new Request(request, { body: bytes, duplex: 'half' } as RequestInit);
          }
          const response = await handler(call, context as C);
          if (!response.body) return response;
          const responseType = response.headers.get('content-type');
          // Counted as Netlify would: the answer's own bytes, base64 for a binary type.
          const limit = travelsAsBase64(responseType) ? Math.floor((FUNCTION_PAYLOAD_BYTES * 3) / 4) : FUNCTION_PAYLOAD_BYTES;
          const bytes = await readUpTo(response.body, limit);
          if (!bytes) return { tooLarge: responseType } as const;
          return new Response(bytes.byteLength ? bytes : null, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
          });
        })(),
        outOfTime,
      ]);
      if (answer === 'timeout') {
        log(
          `Platform limits: cut ${what} after ${Math.round(timeMs / 1000)} s: Netlify stops ${background ? 'a background function at 15 minutes' : `a function at ${FUNCTION_TIME_MS / 1000} s and answers ${FUNCTION_FAILED_STATUS}`}. (Here its work may still finish; on Netlify it would not.)`,
        );
        return plain(FUNCTION_FAILED_STATUS, 'Function timed out');
      }
      if (answer === 'request-too-large') {
        log(
          `Platform limits: refused ${what}: the request is over the ${megabytes(requestLimit)} a function takes${asBase64(type)}. Netlify would answer ${REQUEST_TOO_LARGE_STATUS} and never run the function.`,
        );
        return plain(REQUEST_TOO_LARGE_STATUS, 'Request Entity Too Large');
      }
      if ('tooLarge' in answer) {
        log(
          `Platform limits: dropped the answer to ${what}: it is over the ${megabytes(FUNCTION_PAYLOAD_BYTES)} a function may answer${asBase64(answer.tooLarge)}. Netlify would answer ${FUNCTION_FAILED_STATUS} instead.`,
        );
        return plain(FUNCTION_FAILED_STATUS, 'Function response too large');
      }
      return answer;
    } finally {
      clearTimeout(timer);
    }
  };
}
