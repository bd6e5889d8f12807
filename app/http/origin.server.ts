/**
 * Cross-site request forgery: every POST in the owner's area must come from
 * a page of this site. Browsers send Origin with every form POST, so a POST
 * in the area without one, or any POST with another site's, is refused
 * (403) before anything else is read. SameSite=Strict on the session cookie
 * is the second wall.
 *
 * The host compared is X-Forwarded-Host, else Host, as Remix's own check
 * does; this runs before Remix's, which throws (a 500) on a foreign or
 * malformed Origin instead of answering.
 */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Verdict = 'same' | 'missing' | 'foreign';

export function originVerdict(request: Request): Verdict {
  const origin = request.headers.get('origin');
  if (origin === null) return 'missing';
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host') || new URL(request.url).host;
  try {
    return origin !== 'null' && new URL(origin).host === host ? 'same' : 'foreign';
  } catch {
    return 'foreign';
  }
}

const OWNER_PATH = /^\/admin(?:[/.]|$)/;

function refusal(): Response {
  return new Response('This form must be sent from this site.', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' },
  });
}

/** The 403 for a request that must not go on: a foreign Origin anywhere, a missing one in the owner's area. */
export function refuseCrossOrigin(request: Request): Response | undefined {
  if (!UNSAFE.has(request.method)) return undefined;
  const verdict = originVerdict(request);
  if (verdict === 'same') return undefined;
  if (verdict === 'missing' && !OWNER_PATH.test(new URL(request.url).pathname)) return undefined;
  return refusal();
}

/** Wraps the Remix handler (Netlify's function and the local server alike) with refuseCrossOrigin. */
export function guardOrigins<A extends unknown[], R>(handler: (request: Request, ...rest: A) => Promise<R>) {
  return async (request: Request, ...rest: A): Promise<R | Response> => refuseCrossOrigin(request) ?? handler(request, ...rest);
}
