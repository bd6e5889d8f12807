import { deviceClass, requestLink } from '~/access/link-access.server';
import { getCaseStudy, getCaseStudyCards } from '~/content/content.server';
import { clientKey, take } from '~/db/rate-limit.server';
import { isDatabaseUnavailable, query } from '~/db/connection.server';
import { declaresTooLarge, readLimitedBody } from '~/http/read-body.server';
import { skipReason } from './gate.server';
import { beaconSchema, deviceOfWidth, MAX_PAYLOAD_BYTES, sectionBits, type Beacon } from './payload.server';
import { CASE_STUDY_PREFIX, isKnownRoute } from './page-route';
import { insertEvent, requestVisitor, type InsightEvent } from './record.server';

/**
 * /api/insights: the tracker's beacons (POST, one JSON object) and the
 * noscript pixel (GET ?p=<route>). Every answer is empty and uncacheable; it
 * never says back what it received. Bad input is refused (400, 413, 422) and
 * stores nothing; a request that must not be counted (GPC, DNT, a bot, the
 * owner, ANALYTICS=off) gets the same 204 as a counted one, and so does any
 * request while the database is unavailable (the event is lost).
 */

/** Events per visitor per window, far above what reading a few pages sends. */
export const EVENTS_PER_VISITOR = 300;
export const EVENTS_WINDOW_MS = 10 * 60 * 1000;

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', ...headers } });

/** Slugs of the case studies that have a page (public or private). */
const caseStudySlugs = () => new Set(getCaseStudyCards().filter((card) => card.href).map((card) => card.slug));

function sectionCount(route: string): number {
  return route.startsWith(CASE_STUDY_PREFIX) ? (getCaseStudy(route.slice(CASE_STUDY_PREFIX.length))?.sections.length ?? 0) : 0;
}

async function parseBeacon(request: Request): Promise<Beacon | number> {
  if (declaresTooLarge(request, MAX_PAYLOAD_BYTES)) return 413;
  const bytes = await readLimitedBody(request, MAX_PAYLOAD_BYTES);
  if (bytes === null) return 413;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return 400;
  }
  const parsed = beaconSchema.safeParse(json);
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
      return { kind: 'read', path: beacon.p, sections: sectionBits(beacon.s, sectionCount(beacon.p)), engagedS: beacon.e };
    case 'resume':
      return { kind: 'resume', path: beacon.p };
  }
}

async function record(request: Request, event: InsightEvent): Promise<Response> {
  if (skipReason(request)) return answer(204);
  try {
    const visitor = await requestVisitor(request);
    const verdict = await take(clientKey('insights', visitor), EVENTS_PER_VISITOR, EVENTS_WINDOW_MS);
    if (!verdict.allowed) return answer(429, { 'Retry-After': String(verdict.retryAfterS) });
    // A share link's recipient: their reading is the link's too (only a request with the cookie costs a query).
    const onCaseStudy = event.path?.startsWith(CASE_STUDY_PREFIX) && (event.kind === 'view' || event.kind === 'read');
    const link = onCaseStudy ? await requestLink(request) : null;
    await insertEvent({ ...event, visitor, linkId: link?.id ?? null });
    if (link && event.kind === 'read' && event.sections) await noteFurthestSection(link.id, event.path!.slice(CASE_STUDY_PREFIX.length), event.sections);
    return answer(204);
  } catch (error) {
    // Lost: a reader's browser has nothing to do about it, and an error would only fill its console.
    if (isDatabaseUnavailable(error)) noteUnavailable(error.message);
    else console.error('insights: an event could not be recorded', error);
    return answer(204);
  }
}

/** Said once per process, not on every beacon. */
let saidUnavailable = false;
function noteUnavailable(reason: string) {
  if (saidUnavailable) return;
  saidUnavailable = true;
  console.warn(`insights: events are not recorded while the database is unavailable (${reason}).`);
}

/** The highest section a link's recipient has seen in a case study, for the owner's list of links. */
async function noteFurthestSection(linkId: string, slug: string, sections: number) {
  await query('UPDATE share_link_views SET furthest_section = greatest(furthest_section, $3) WHERE link_id = $1 AND slug = $2', [linkId, slug, 32 - Math.clz32(sections)]);
}

/** POST: one beacon from the tracker. */
export async function collectBeacon(request: Request): Promise<Response> {
  if (request.method !== 'POST') return answer(405, { Allow: 'GET, POST' });
  const beacon = await parseBeacon(request);
  if (typeof beacon === 'number') return answer(beacon);
  if (!isKnownRoute(beacon.p, caseStudySlugs())) return answer(422);
  return record(request, eventOf(beacon, request));
}

/** GET ?p=<route>: the noscript pixel, a page view without JavaScript. */
export async function collectPixel(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const route = params.get('p');
  if (!route || [...params.keys()].some((key) => key !== 'p') || route.length > 120) return answer(400);
  if (!isKnownRoute(route, caseStudySlugs())) return answer(422);
  return record(request, { kind: 'view', path: route, device: deviceClass(request.headers.get('user-agent')) });
}
