import { bufferEvent, type WaitUntil } from './buffer.server';
import { skipReason } from './gate.server';
import type { Device } from './report';

/** One row of insight_events, as the collector and the server-side hooks make it. */
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

/**
 * An event the server sees for itself (a contact message sent, a share link
 * opened), under the same rules as the tracker's, counted without a visitor.
 * It never fails or holds up the request it belongs to: it is buffered and
 * written with the next batch (buffer.server.ts); a database problem is
 * logged there and the event is lost.
 */
export async function recordServerEvent(
  request: Request,
  event: Pick<InsightEvent, 'kind' | 'linkId'>,
  waitUntil?: WaitUntil,
): Promise<void> {
  if (skipReason(request)) return;
  const { written } = bufferEvent({ event: { kind: event.kind, linkId: event.linkId ?? null }, at: new Date() }, waitUntil);
  await written;
}
