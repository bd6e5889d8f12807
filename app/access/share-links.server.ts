import { query, transaction } from '~/db/connection.server';
import { oneRow } from '~/db/one-row.server';
import { linkIdFromToken, newLinkId } from './share-link-token.server';
import { LINK_FILTERS, MAX_LINK_DAYS, type LinkFilter, type LinkState } from './share-link-rules';

/**
 * Share links: one per recipient, each opening some (or all) private case
 * studies until it expires or is revoked. Every check reads the database, so
 * revoking a link locks its pages at once, even for someone who opened it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type { LinkFilter, LinkState };

export type ShareLink = {
  id: string;
  label: string;
  /** Empty: every private case study. */
  caseStudies: string[];
  notifyOnOpen: boolean;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  firstOpenedAt: Date | null;
  lastOpenedAt: Date | null;
  opens: number;
  state: LinkState;
};

/** furthestSection: the highest numbered section its recipient has seen (reading insights), 0 for none. */
export type LinkView = { slug: string; views: number; firstViewedAt: Date; lastViewedAt: Date; furthestSection: number };

type LinkRow = {
  id: string;
  label: string;
  case_studies: string[];
  notify_on_open: boolean;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  first_opened_at: Date | null;
  last_opened_at: Date | null;
  opens: number;
};

const COLUMNS = 'id, label, case_studies, notify_on_open, created_at, expires_at, revoked_at, first_opened_at, last_opened_at, opens';

function toLink(row: LinkRow, now = Date.now()): ShareLink {
  const expiresAt = new Date(row.expires_at);
  const revokedAt = row.revoked_at ? new Date(row.revoked_at) : null;
  return {
    id: row.id,
    label: row.label,
    caseStudies: row.case_studies,
    notifyOnOpen: row.notify_on_open,
    createdAt: new Date(row.created_at),
    expiresAt,
    revokedAt,
    firstOpenedAt: row.first_opened_at ? new Date(row.first_opened_at) : null,
    lastOpenedAt: row.last_opened_at ? new Date(row.last_opened_at) : null,
    opens: Number(row.opens),
    state: revokedAt ? 'revoked' : expiresAt.getTime() <= now ? 'expired' : 'active',
  };
}

export const opensCaseStudy = (link: Pick<ShareLink, 'caseStudies'>, slug: string) =>
  link.caseStudies.length === 0 || link.caseStudies.includes(slug);

export type NewLink = { label: string; caseStudies: string[]; days: number; notifyOnOpen: boolean };

export async function createLink({ label, caseStudies, days, notifyOnOpen }: NewLink): Promise<ShareLink> {
  const rows = await query<LinkRow>(
    `INSERT INTO share_links (id, label, case_studies, notify_on_open, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5::int * interval '1 day') RETURNING ${COLUMNS}`,
    [newLinkId(), label, caseStudies, notifyOnOpen, days],
  );
  return toLink(oneRow(rows, 'the new link'));
}

/** Each state as a condition on share_links (aliased l); the same rule as toLink's. */
const STATE_SQL: Record<LinkFilter, string> = {
  all: 'true',
  active: 'l.revoked_at IS NULL AND l.expires_at > now()',
  expired: 'l.revoked_at IS NULL AND l.expires_at <= now()',
  revoked: 'l.revoked_at IS NOT NULL',
};

/** Links newest first, with what their visitors read: all of them, or a page of those in one state. */
export async function listLinks({
  state = 'all',
  limit,
  offset = 0,
}: { state?: LinkFilter; limit?: number; offset?: number } = {}): Promise<(ShareLink & { views: LinkView[] })[]> {
  const rows = await query<
    LinkRow & { views: { slug: string; views: number; first_viewed_at: string; last_viewed_at: string; furthest_section: number }[] | null }
  >(
    `SELECT ${COLUMNS.split(', ')
      .map((c) => `l.${c}`)
      .join(', ')},
       (SELECT json_agg(json_build_object('slug', v.slug, 'views', v.views, 'first_viewed_at', v.first_viewed_at, 'last_viewed_at', v.last_viewed_at, 'furthest_section', v.furthest_section) ORDER BY v.last_viewed_at DESC)
          FROM share_link_views v WHERE v.link_id = l.id) AS views
     FROM share_links l WHERE ${STATE_SQL[state]} ORDER BY l.created_at DESC, l.id LIMIT $1 OFFSET $2`,
    [limit ?? null, Math.max(0, Math.trunc(offset))],
  );
  return rows.map((row) => ({
    ...toLink(row),
    views: (row.views ?? []).map((v) => ({
      slug: v.slug,
      views: Number(v.views),
      firstViewedAt: new Date(v.first_viewed_at),
      lastViewedAt: new Date(v.last_viewed_at),
      furthestSection: Number(v.furthest_section ?? 0),
    })),
  }));
}

/** How many links there are in each state, and in all. */
export async function countLinks(): Promise<Record<LinkFilter, number>> {
  const rows = await query<Record<LinkFilter, number>>(
    `SELECT ${LINK_FILTERS.map((state) => `count(*) FILTER (WHERE ${STATE_SQL[state]})::int AS ${state}`).join(', ')} FROM share_links l`,
  );
  return oneRow(rows, 'the count of links');
}

export async function getLink(id: string): Promise<ShareLink | null> {
  const [row] = await query<LinkRow>(`SELECT ${COLUMNS} FROM share_links WHERE id = $1`, [id]);
  return row ? toLink(row) : null;
}

export async function revokeLink(id: string): Promise<boolean> {
  return (await query('UPDATE share_links SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id', [id])).length === 1;
}

/** Pushes the expiry `days` further, counted from now when it has passed; never past a year from now. */
export async function extendLink(id: string, days: number): Promise<boolean> {
  const rows = await query(
    `UPDATE share_links
        SET expires_at = least(greatest(expires_at, now()) + $2::int * interval '1 day', now() + $3::int * interval '1 day')
      WHERE id = $1 AND revoked_at IS NULL RETURNING id`,
    [id, days, MAX_LINK_DAYS],
  );
  return rows.length === 1;
}

export async function deleteLink(id: string): Promise<boolean> {
  return (await query('DELETE FROM share_links WHERE id = $1 RETURNING id', [id])).length === 1;
}

export type OpenResult =
  { status: 'unknown' } | { status: 'gone'; state: 'expired' | 'revoked' } | { status: 'open'; link: ShareLink; notify: boolean };

/**
 * Someone followed /s/<token>: counts the open, and says whether this is
 * the first open the owner asked to hear about (claimed atomically, so the
 * e-mail goes out once however many open it at the same moment).
 */
export async function openLink(token: string): Promise<OpenResult> {
  const id = linkIdFromToken(token);
  if (!id) return { status: 'unknown' };
  return transaction(async (tx) => {
    const [row] = await tx.query<LinkRow>(
      // now() is when each transaction began: of two opens at once, the later may start first and commit
      // second, so first and last are the least and greatest seen, never simply now() (the row's CHECK).
      `UPDATE share_links SET opens = opens + 1, last_opened_at = greatest(last_opened_at, now()), first_opened_at = least(first_opened_at, now())
        WHERE id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING ${COLUMNS}`,
      [id],
    );
    if (!row) {
      const [gone] = await tx.query<LinkRow>(`SELECT ${COLUMNS} FROM share_links WHERE id = $1`, [id]);
      if (!gone) return { status: 'unknown' } as const;
      return { status: 'gone', state: gone.revoked_at ? 'revoked' : 'expired' } as const;
    }
    const claimed = await tx.query(
      'UPDATE share_links SET notified_at = now() WHERE id = $1 AND notify_on_open AND notified_at IS NULL RETURNING id',
      [id],
    );
    return { status: 'open', link: toLink(row), notify: claimed.length === 1 } as const;
  });
}

/** The live link behind a link cookie's token, or null (unknown, expired, revoked). */
export async function activeLink(token: string): Promise<ShareLink | null> {
  const id = linkIdFromToken(token);
  if (!id) return null;
  const [row] = await query<LinkRow>(`SELECT ${COLUMNS} FROM share_links WHERE id = $1 AND revoked_at IS NULL AND expires_at > now()`, [
    id,
  ]);
  return row ? toLink(row) : null;
}

/** One page view of `slug` through `link`. */
export async function recordLinkView(linkId: string, slug: string): Promise<void> {
  await query(
    `INSERT INTO share_link_views (link_id, slug) VALUES ($1, $2)
     ON CONFLICT (link_id, slug) DO UPDATE SET views = share_link_views.views + 1, last_viewed_at = greatest(share_link_views.last_viewed_at, now())`,
    [linkId, slug],
  );
}

export const linkDaysLeft = (link: ShareLink, now = Date.now()) => Math.max(0, Math.ceil((link.expiresAt.getTime() - now) / DAY_MS));
