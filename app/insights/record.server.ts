import { query } from '~/db/connection.server';
import { clientIp } from '~/http/client-ip.server';
import { skipReason } from './gate.server';
import { visitorHash } from './visitor.server';
import type { Device } from './report';

/** One row of insight_events, as the collector and the server-side hooks write it. */
export type InsightEvent = {
  kind: 'view' | 'read' | 'resume' | 'message' | 'link-open';
  path?: string | null;
  visitor?: string | null;
  referrer?: string | null;
  utmSource?: string | null;
  device?: Device | null;
  sections?: number;
  engagedS?: number;
  linkId?: string | null;
};

export async function insertEvent(event: InsightEvent): Promise<void> {
  await query(
    `INSERT INTO insight_events (kind, path, visitor, referrer, utm_source, device, sections, engaged_s, link_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [event.kind, event.path ?? null, event.visitor ?? null, event.referrer ?? null, event.utmSource ?? null, event.device ?? null, event.sections ?? 0, event.engagedS ?? 0, event.linkId ?? null],
  );
}

/** This request's visitor of the day: the hash only, never its parts. */
export const requestVisitor = (request: Request) => visitorHash(clientIp(request), request.headers.get('user-agent') ?? '');

/** A server-side event never holds up its request longer than this (the database may be slow or gone). */
const SERVER_EVENT_WAIT_MS = 1_000;

/**
 * An event the server sees for itself (a contact message sent, a share link
 * opened), under the same rules as the tracker's, counted without a visitor.
 * It never fails or holds up the request it belongs to: a database problem
 * is logged and the event is lost.
 */
export async function recordServerEvent(request: Request, event: Pick<InsightEvent, 'kind' | 'linkId'>): Promise<void> {
  if (skipReason(request)) return;
  const recorded = insertEvent(event).catch((error) => {
    console.warn(`insights: a ${event.kind} event was not recorded (${error instanceof Error ? error.message : String(error)}).`);
  });
  await Promise.race([recorded, new Promise((resolve) => setTimeout(resolve, SERVER_EVENT_WAIT_MS).unref())]);
}
