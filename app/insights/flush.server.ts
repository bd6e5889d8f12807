import { linkIdFromToken } from '~/access/share-link-token.server';
import { transaction, type Transaction } from '~/db/connection.server';
import { ownerTimeZone } from '~/time-zone/owner-time-zone.server';
import { dayIn } from '~/time-zone/zones';
import { CASE_STUDY_PREFIX } from './page-route';
import type { InsightEvent } from './record.server';
import { addressOf, saltOf, utcDay, visitorOf } from './visitor.server';

/**
 * Writes a batch of buffered events (buffer.server.ts) in one short
 * transaction, enforcing the limits in the database so that they hold across
 * every instance on one Postgres, and under any burst:
 *
 * - EVENTS_PER_VISITOR events per visitor per EVENTS_WINDOW_MS (a fixed
 *   window), far above what reading a few pages sends;
 * - VISITORS_PER_ADDRESS visitors per address per UTC day. The visitor hash
 *   takes in the user agent, so without this one address could make any
 *   number of visitors by changing it. 30 leaves room for an office, a
 *   school or a café behind one NAT (a hiring team reading a portfolio on the
 *   same day is a handful of people, each with a browser or two), while one
 *   forger adds at most 30 to a day's count instead of thousands.
 *
 * An event's `day` is the day it happened in the owner's time zone
 * (app/time-zone/), so Insights' days are hers and each rolls up on its own.
 * The salt and the limits keep to UTC days (`saltDay`): the salt must rotate
 * at one moment for every instance whatever she sets, and a change of her
 * zone must not bring back a deleted salt's day. A visitor whose visit
 * crosses UTC midnight is thus counted once on each side of it.
 *
 * A transaction-level advisory lock serializes flushes (one per process at a
 * time, and across instances), so "count, then write" is exact. Everything
 * that needs the database is resolved here, in bulk, never per request: the
 * day's salt, the visitor and address hashes (the IP and user agent go no
 * further than this function), share-link cookies' links, and how far a
 * link's recipient has read.
 */

export const EVENTS_PER_VISITOR = 300;
export const EVENTS_WINDOW_MS = 10 * 60 * 1000;
export const VISITORS_PER_ADDRESS = 30;

/** Distinct from the migrations' lock (app/db/migrations.server.ts). */
const FLUSH_LOCK = 7_402_019_232;

/** An event waiting in memory to be written. */
export type Pending = {
  event: InsightEvent;
  at: Date;
  /** Beacons and the pixel only: kept in memory until the flush (seconds), never stored. */
  client?: { ip: string; userAgent: string };
  /** A share-link cookie's token on a case-study view or read: its link is looked up at the flush. */
  linkToken?: string;
};

export type FlushResult = { written: number; refused: number };

type Row = {
  pending: Pending;
  /** Her day (insight_events.day). */
  day: string;
  /** The UTC day of the salt, the visitor's hash and the limits' rows. */
  saltDay: string;
  visitor?: string;
  address?: string;
  linkId: string | null;
};

const unique = <T>(items: T[]) => [...new Set(items)];
const pair = (day: string, hash: string) => `${day} ${hash}`;
const pairs = (keys: string[]) => [keys.map((key) => key.split(' ')[0]), keys.map((key) => key.split(' ')[1])];
const linkIdOf = (row: Row) => (row.pending.linkToken ? linkIdFromToken(row.pending.linkToken) : null);

type VisitorState = { hits: number; window: string | null; changed: boolean };
type AddressState = { visitors: number; changed: boolean };

/**
 * What the database knows before this batch, in one statement (under the
 * lock, so no other flush changes it meanwhile): the batch's visitors' windows,
 * its addresses' visitor counts, and which of its share links are live (the
 * token proves the id; the database says whether the link still works).
 */
async function stateOf(tx: Transaction, rows: Row[]) {
  const [visitorDays, visitorHashes] = pairs(unique(rows.flatMap((r) => (r.visitor ? [pair(r.saltDay, r.visitor)] : []))));
  const [addressDays, addressHashes] = pairs(unique(rows.flatMap((r) => (r.address ? [pair(r.saltDay, r.address)] : []))));
  const linkIds = unique(rows.map(linkIdOf).filter((id): id is string => !!id));
  const found = await tx.query<{
    t: 'v' | 'a' | 'l';
    day: string | null;
    hash: string;
    n: number;
    window_started: string | null;
    live: boolean | null;
  }>(
    `SELECT 'v' AS t, l.day::text AS day, l.visitor AS hash, l.hits AS n, l.window_started::text AS window_started,
            l.window_started > now() - $6::int * interval '1 millisecond' AS live
       FROM insight_visitor_limits l JOIN unnest($1::date[], $2::text[]) AS k(day, visitor) USING (day, visitor)
     UNION ALL
     SELECT 'a', l.day::text, l.address, l.visitors, NULL, NULL
       FROM insight_address_limits l JOIN unnest($3::date[], $4::text[]) AS k(day, address) USING (day, address)
     UNION ALL
     SELECT 'l', NULL, id, 0, NULL, NULL FROM share_links WHERE id = ANY($5::text[]) AND revoked_at IS NULL AND expires_at > now()`,
    [visitorDays, visitorHashes, addressDays, addressHashes, linkIds, EVENTS_WINDOW_MS],
  );
  const visitors = new Map<string, VisitorState>();
  const addresses = new Map<string, AddressState>();
  const links = new Set<string>();
  for (const f of found) {
    // A visitor whose window has ended starts a new one (window null: now()).
    if (f.t === 'v')
      // Both arms of the query select the limit row's day, a key column that is never null.
      visitors.set(pair(f.day!, f.hash), { hits: f.live ? f.n : 0, window: f.live ? f.window_started : null, changed: false });
    // Both arms of the query select the limit row's day, a key column that is never null.
    else if (f.t === 'a') addresses.set(pair(f.day!, f.hash), { visitors: f.n, changed: false });
    else links.add(f.hash);
  }
  return { visitors, addresses, links };
}

/** Hashes each event's client with its UTC day's salt (made on the day's first event, else cached), and dates it in her zone. */
async function hashed(batch: Pending[]): Promise<Row[]> {
  const zone = await ownerTimeZone();
  const salts = new Map<string, Buffer>();
  for (const day of unique(batch.filter((p) => p.client).map((p) => utcDay(p.at)))) salts.set(day, await saltOf(day));
  return batch.map((pending) => {
    const saltDay = utcDay(pending.at);
    const row: Row = { pending, day: dayIn(pending.at, zone), saltDay, linkId: pending.event.linkId ?? null };
    if (pending.client) {
      // Every day with a client event got its salt in the loop above.
      const salt = salts.get(saltDay)!;
      row.visitor = visitorOf(salt, pending.client.ip, pending.client.userAgent);
      row.address = addressOf(salt, pending.client.ip);
    }
    return row;
  });
}

export async function writeBatch(batch: Pending[]): Promise<FlushResult> {
  if (batch.length === 0) return { written: 0, refused: 0 };
  const rows = await hashed(batch);
  return transaction(async (tx) => {
    // No parameters: the simple protocol, one round trip.
    await tx.query(`SELECT pg_advisory_xact_lock(${FLUSH_LOCK})`);
    const { visitors, addresses, links } = await stateOf(tx, rows);
    const kept: Row[] = [];
    // In arrival order, as the limits would have answered one request at a time.
    for (const row of rows) {
      if (row.visitor && row.address) {
        const vKey = pair(row.saltDay, row.visitor);
        let visitor = visitors.get(vKey);
        if (!visitor) {
          const aKey = pair(row.saltDay, row.address);
          const address = addresses.get(aKey) ?? { visitors: 0, changed: false };
          addresses.set(aKey, address);
          if (address.visitors >= VISITORS_PER_ADDRESS) continue;
          address.visitors++;
          address.changed = true;
          visitor = { hits: 0, window: null, changed: true };
          visitors.set(vKey, visitor);
        }
        if (visitor.hits >= EVENTS_PER_VISITOR) continue;
        visitor.hits++;
        visitor.changed = true;
      }
      if (row.pending.linkToken) {
        const id = linkIdOf(row);
        row.linkId = id && links.has(id) ? id : null;
      }
      kept.push(row);
    }
    await write(tx, kept, visitors, addresses);
    return { written: kept.length, refused: rows.length - kept.length };
  });
}

/** The highest section each link's recipient has seen in each case study, for the owner's list of links. */
function furthestSections(rows: Row[]): [string, number][] {
  const furthest = new Map<string, number>();
  for (const { linkId, pending } of rows) {
    const { kind, path, sections } = pending.event;
    if (!linkId || kind !== 'read' || !sections || !path?.startsWith(CASE_STUDY_PREFIX)) continue;
    const key = pair(linkId, path.slice(CASE_STUDY_PREFIX.length));
    furthest.set(key, Math.max(furthest.get(key) ?? 0, 32 - Math.clz32(sections)));
  }
  return [...furthest];
}

/**
 * Everything the batch changes, in one statement: the limits, the share
 * links' furthest sections, and the events (in their order, with their own
 * time and day). One round trip matters on the embedded engine, where the
 * flush holds the only connection.
 */
async function write(tx: Transaction, rows: Row[], visitors: Map<string, VisitorState>, addresses: Map<string, AddressState>) {
  const v = [...visitors].filter(([, state]) => state.changed);
  const a = [...addresses].filter(([, state]) => state.changed);
  const f = furthestSections(rows);
  const column = <T>(pick: (row: Row, event: InsightEvent) => T) => rows.map((row) => pick(row, row.pending.event));
  await tx.query(
    `WITH visitors AS (
       INSERT INTO insight_visitor_limits (day, visitor, window_started, hits)
       SELECT day, visitor, coalesce(window_started, now()), hits FROM unnest($1::date[], $2::text[], $3::timestamptz[], $4::int[]) AS u(day, visitor, window_started, hits)
       ON CONFLICT (day, visitor) DO UPDATE SET window_started = excluded.window_started, hits = excluded.hits
     ), addresses AS (
       INSERT INTO insight_address_limits (day, address, visitors) SELECT * FROM unnest($5::date[], $6::text[], $7::int[])
       ON CONFLICT (day, address) DO UPDATE SET visitors = excluded.visitors
     ), furthest AS (
       UPDATE share_link_views v SET furthest_section = greatest(v.furthest_section, u.section)
         FROM unnest($8::text[], $9::text[], $10::int[]) AS u(link_id, slug, section)
        WHERE v.link_id = u.link_id AND v.slug = u.slug
     )
     INSERT INTO insight_events (at, day, kind, path, visitor, referrer, utm_source, device, sections, engaged_s, link_id)
     SELECT * FROM unnest($11::timestamptz[], $12::date[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::text[], $19::int[], $20::int[], $21::text[])`,
    [
      ...pairs(v.map(([key]) => key)),
      v.map(([, s]) => s.window),
      v.map(([, s]) => s.hits),
      ...pairs(a.map(([key]) => key)),
      a.map(([, s]) => s.visitors),
      ...pairs(f.map(([key]) => key)),
      f.map(([, section]) => section),
      column((r) => r.pending.at.toISOString()),
      column((r) => r.day),
      column((_, e) => e.kind),
      column((_, e) => e.path ?? null),
      column((r) => r.visitor ?? null),
      column((_, e) => e.referrer ?? null),
      column((_, e) => e.utmSource ?? null),
      column((_, e) => e.device ?? null),
      column((_, e) => e.sections ?? 0),
      column((_, e) => e.engagedS ?? 0),
      column((r) => r.linkId),
    ],
  );
}
