import type { ServerBuild } from '@remix-run/node';
import { OWNER_HEADERS } from './owner-headers';
import { isOwnerPath, refuseCrossOrigin, routedPath } from './origin.server';
import { PAGE_METHODS, refusedMethod } from './route-methods.server';

/**
 * What every request meets before the Remix app, on Netlify (server.ts) and
 * under the local server (scripts/serve.ts) alike:
 *
 * - a path with a broken percent-escape is a plain 400 (the router would
 *   throw on it: a 500 with a stack trace in the log); OPTIONS gets a plain
 *   204 (Remix logs a stack trace for each);
 * - a POST from another origin, or one without Origin in the owner's area,
 *   is a 403 (app/http/origin.server.ts);
 * - a method the route does not take (a POST to a route with no `action`) is
 *   Remix's 405 page with `Allow: GET, HEAD`, and no log line where Remix
 *   would log a stack trace for each (app/http/route-methods.server.ts, from
 *   the build's routes, and entry.server.tsx's handleError);
 * - an address with `_data` in its query is taken as the same address
 *   without it: the app fetches its data the single-fetch way (`.data`),
 *   and Remix's older `?_data=` path logs a warning with a stack trace for
 *   each such request and answers a 500 when the loader throws a 404;
 * - every answer under /admin, whoever made it (a loader, Remix's own 400
 *   for a method a route lacks, an error boundary), is `private, no-store`
 *   and `noindex`.
 */

export const BAD_REQUEST_TEXT = 'Bad Request';

export function badRequest(): Response {
  return new Response(BAD_REQUEST_TEXT, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' },
  });
}

/** Sets `headers` on `response`, or on a copy when its headers are immutable. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

const withHeader = (response: Response, name: string, value: string) => withHeaders(response, { [name]: value });
const withOwnerHeaders = (response: Response) => withHeaders(response, OWNER_HEADERS);

/** The request with every `_data` query parameter taken out (the same request when it has none). */
export function withoutDataParameter(request: Request): Request {
  const url = new URL(request.url);
  if (!url.searchParams.has('_data')) return request;
  url.searchParams.delete('_data');
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : request.body;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    ...(body ? { duplex: 'half' } : {}),
  });
}

export function guardRequests<A extends unknown[], R>(
  handler: (request: Request, ...rest: A) => Promise<R>,
  { routes }: { routes: ServerBuild['routes'] },
) {
  const takesNoForm = refusedMethod(routes);
  const answer = async (request: Request, pathname: string, rest: A): Promise<R | Response> => {
    if (routedPath(pathname) === null) return badRequest();
    // Remix answers OPTIONS with a stack trace in the log each time: a cheap way to flood it.
    if (request.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: { Allow: 'GET, HEAD, POST', 'Cache-Control': 'no-store' } });
    const refused = refuseCrossOrigin(request);
    if (refused) return refused;
    const response = await handler(request, ...rest);
    if (takesNoForm(request) && response instanceof Response && response.status === 405) return withHeader(response, 'Allow', PAGE_METHODS);
    return response;
  };
  return async (incoming: Request, ...rest: A): Promise<R | Response> => {
    const request = withoutDataParameter(incoming);
    const { pathname } = new URL(request.url);
    const response = await answer(request, pathname, rest);
    return response instanceof Response && isOwnerPath(pathname) ? withOwnerHeaders(response) : response;
  };
}
