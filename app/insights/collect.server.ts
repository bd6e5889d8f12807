import { deviceClass, linkTokenOf } from '~/access/link-access.server';
import { getCaseStudy, getCaseStudyCards, getPageSlugs } from '~/content/content.server';
import { clientIp } from '~/http/client-ip.server';
import { readJsonBody } from '~/http/read-body.server';
import { bufferEvent, type WaitUntil } from './buffer.server';
import { fromAnotherSite, skipReason } from './gate.server';
import { beaconSchema, deviceOfWidth, MAX_PAYLOAD_BYTES, sectionBits, type Beacon } from './payload.server';
import { CASE_STUDY_PREFIX, isKnownRoute } from './page-route';
import { beaconTurn } from './pace.server';
import { precheck } from './precheck.server';
import type { InsightEvent } from './record.server';

/**
 * /api/insights: the tracker's beacons (POST, one JSON object) and the
 * noscript pixel (GET ?p=<route>). Every answer is empty and uncacheable; it
 * never says back what it received. Bad input is refused (400, 413, 422) and
 * stores nothing; a request that must not be counted (GPC, DNT, a bot, the
 * owner, ANALYTICS=off, the pixel on another site's page) gets the same
 * 204 as a counted one. So does every event the limits turn away at the flush
 * or that cannot be written (the database is unavailable, or the buffer is
 * full): the request never waits for the database (buffer.server.ts). A
 * visitor over its own limit gets a 429 from this process's quick check
 * (precheck.server.ts); a visitor over its address's cap, a 204. Beacons
 * first wait their turn (pace.server.ts), so a flood cannot crowd the owner's
 * requests out of the event loop.
 */

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, {
    status,
    headers: {
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
      ...headers,
    },
  });

/** Slugs of the case studies that have a page (public or private). */
const caseStudySlugs = () =>
  new Set(
    getCaseStudyCards()
      .filter((card) => card.href)
      .map((card) => card.slug),
  );

function sectionCount(route: string): number {
  return route.startsWith(CASE_STUDY_PREFIX) ? (getCaseStudy(route.slice(CASE_STUDY_PREFIX.length))?.sections.length ?? 0) : 0;
}

async function parseBeacon(request: Request): Promise<Beacon | number> {
  // sendBeacon posts its JSON as text/plain: any media type is read.
  const body = await readJsonBody(request, MAX_PAYLOAD_BYTES, {
    anyType: true,
  });
  if ('refused' in body) return body.refused;
  const parsed = beaconSchema.safeParse(body.json);
  return parsed.success ? parsed.data : 400;
}

/** The event a valid beacon makes, without its visitor. */
function eventOf(beacon: Beacon, request: Request): InsightEvent {
  switch (beacon.k) {
    case 'view': {
      const ownHost = new URL(request.url).hostname;
      return {
        kind: 'view',
        path: beacon.p,
        referrer: beacon.r && beacon.r !== ownHost ? beacon.r : null,
        utmSource: beacon.u ?? null,
        device: beacon.w === undefined ? deviceClass(request.headers.get('user-agent')) : deviceOfWidth(beacon.w),
      };
    }
    case 'read':
      return {
        kind: 'read',
        path: beacon.p,
        sections: sectionBits(beacon.s, sectionCount(beacon.p)),
        engagedS: beacon.e,
      };
    case 'resume':
      return { kind: 'resume', path: beacon.p };
  }
}

function record(request: Request, event: InsightEvent, waitUntil?: WaitUntil): Response | Promise<Response> {
  if (skipReason(request) || fromAnotherSite(request)) return answer(204);
  const ip = clientIp(request);
  const userAgent = request.headers.get('user-agent') ?? '';
  const quick = precheck(ip, userAgent);
  if (quick.verdict === 'visitor') return answer(429, { 'Retry-After': String(quick.retryAfterS) });
  if (quick.verdict === 'address') return answer(204);
  // A share link's recipient: their reading is the link's too, looked up at the flush.
  const onCaseStudy = event.path?.startsWith(CASE_STUDY_PREFIX) && (event.kind === 'view' || event.kind === 'read');
  const linkToken = onCaseStudy ? linkTokenOf(request) : undefined;
  const { written } = bufferEvent({ event, at: new Date(), client: { ip, userAgent }, linkToken }, waitUntil);
  return written ? written.then(() => answer(204)) : answer(204);
}

/** POST: one beacon from the tracker. */
export async function collectBeacon(request: Request, waitUntil?: WaitUntil): Promise<Response> {
  if (request.method !== 'POST') return answer(405, { Allow: 'GET, POST' });
  if (!(await beaconTurn())) return answer(204);
  const beacon = await parseBeacon(request);
  if (typeof beacon === 'number') return answer(beacon);
  if (!isKnownRoute(beacon.p, caseStudySlugs(), new Set(getPageSlugs()))) return answer(422);
  return record(request, eventOf(beacon, request), waitUntil);
}

/** GET ?p=<route>: the noscript pixel, a page view without JavaScript. */
export async function collectPixel(request: Request, waitUntil?: WaitUntil): Promise<Response> {
  if (!(await beaconTurn())) return answer(204);
  const params = new URL(request.url).searchParams;
  const route = params.get('p');
  if (!route || [...params.keys()].some((key) => key !== 'p') || route.length > 120) return answer(400);
  if (!isKnownRoute(route, caseStudySlugs(), new Set(getPageSlugs()))) return answer(422);
  return record(
    request,
    {
      kind: 'view',
      path: route,
      device: deviceClass(request.headers.get('user-agent')),
    },
    waitUntil,
  );
}
