import { configuredSiteUrl, getSiteUrl } from './site-url.server';

/**
 * Cross-site request forgery: every POST in the owner's area must come from
 * a page of this site. Browsers send Origin with every form POST, so a POST
 * in the area without one, or any POST with another site's, is refused
 * (403) before anything else is read. SameSite=Strict on the session cookie
 * is the second wall.
 *
 * The Origin is compared whole (scheme, host and port) with the site's own:
 * the origin of SITE_URL (or Netlify's URL) when one is set, and the origin
 * of the request's own URL. No forwarding header is trusted: on Netlify the
 * edge builds the request's URL from the host it served, and the local
 * server has no proxy in front of it (behind a TLS proxy, set SITE_URL).
 *
 * This runs before Remix's own check, which throws (a 500) on a foreign or
 * malformed Origin instead of answering.
 */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Verdict = 'same' | 'missing' | 'foreign';

/** The origins a form of this site is sent from. */
function ownOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(request.url).origin]);
  if (configuredSiteUrl()) {
    try {
      origins.add(new URL(getSiteUrl()).origin);
    } catch {
      // A malformed SITE_URL is reported where pages use it; here the request's own origin still counts.
    }
  }
  return origins;
}

export function originVerdict(request: Request): Verdict {
  const origin = request.headers.get('origin');
  if (origin === null) return 'missing';
  if (origin === 'null') return 'foreign';
  try {
    // Normalised as a URL would be (case of scheme and host, default port), then compared whole.
    const given = new URL(origin);
    if (!ownOrigins(request).has(given.origin)) return 'foreign';
    // Remix compares Origin with X-Forwarded-Host itself and throws (a 500) when they differ: nothing
    // of ours trusts that header, and a request whose proxy claims another host is not this site's.
    const forwarded = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    return forwarded && forwarded.toLowerCase() !== given.host ? 'foreign' : 'same';
  } catch {
    return 'foreign';
  }
}

/**
 * The path as the router matches it: percent-escapes decoded, any case, runs
 * of slashes as one. Remix matches routes case-insensitively and decodes
 * escapes, so `/ADMIN/LINKS` and `/%61dmin/links` are the owner's routes too.
 * Null for a path that cannot be decoded (the router would refuse it).
 */
export function routedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname)
      .toLowerCase()
      .replace(/\/{2,}/g, '/');
  } catch {
    return null;
  }
}

const OWNER_PATH = /^\/admin(?:[/.]|$)/;

/** Whether the router would send `pathname` to the owner's area (an undecodable path counts: it is refused anyway). */
export function isOwnerPath(pathname: string): boolean {
  const routed = routedPath(pathname);
  return routed === null || OWNER_PATH.test(routed);
}

function refusal(): Response {
  return new Response('This form must be sent from this site.', {
    status: 403,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}

/**
 * The 403 for a request that must not go on: a foreign Origin anywhere, a
 * missing one in the owner's area. `ownerArea` is true when the caller is
 * an owner's route itself, which knows better than any reading of the path.
 */
export function refuseCrossOrigin(request: Request, { ownerArea }: { ownerArea?: boolean } = {}): Response | undefined {
  if (!UNSAFE.has(request.method.toUpperCase())) return undefined;
  const verdict = originVerdict(request);
  if (verdict === 'same') return undefined;
  if (verdict === 'missing' && !(ownerArea ?? isOwnerPath(new URL(request.url).pathname))) return undefined;
  return refusal();
}
