import { query } from '~/db/connection.server';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from './zones';

/**
 * Her time zone, kept in the database (table owner_time_zone) so that every
 * instance and function agrees: her browser's on her first visit to the
 * owner's area (sent by routes/admin.tsx), whatever she chose in Settings
 * after that. Without either, UTC.
 */

export type OwnerTimeZone = { zone: string; chosenBy: 'owner' | 'browser' | null };

type Cached = { zone: string; readAt: number };
// Bundled more than once into one local process (the Remix build and the functions): one cache.
const CACHE = Symbol.for('portfolio.owner-time-zone');
const store = globalThis as Record<symbol, Cached | undefined>;

/**
 * How long an instance trusts the zone it read: Insights reads it for every
 * batch of events, and a change in Settings reaches the other instances
 * within this.
 */
const FRESH_MS = 60_000;

/** Read now (and remembered for ownerTimeZone). Throws DatabaseUnavailable. */
export async function readOwnerTimeZone(): Promise<OwnerTimeZone> {
  const [row] = await query<{ zone: string; chosen_by: 'owner' | 'browser' }>('SELECT zone, chosen_by FROM owner_time_zone WHERE only_row');
  // A zone this engine no longer knows (renamed in a newer tz database) falls back rather than breaking every date.
  const zone = (row && canonicalTimeZone(row.zone)) ?? DEFAULT_TIME_ZONE;
  store[CACHE] = { zone, readAt: Date.now() };
  return { zone, chosenBy: row?.chosen_by ?? null };
}

/** Her zone, read at most once a minute per instance. */
export async function ownerTimeZone(): Promise<string> {
  const cached = store[CACHE];
  if (cached && Date.now() - cached.readAt < FRESH_MS) return cached.zone;
  return (await readOwnerTimeZone()).zone;
}

/** Her zone where a date is only worded (a commit message, a test mail): UTC while the database cannot say. */
export async function ownerTimeZoneOrDefault(): Promise<string> {
  try {
    return await ownerTimeZone();
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export type TimeZoneAnswer = { state: 'saved' | 'kept' | 'failed'; message: string; zone?: string };

/**
 * Keeps `typed` as her zone. `by: 'browser'` only fills an empty setting
 * (her own choice always wins); a name that is not an IANA time zone is
 * refused with a sentence, and nothing is kept.
 */
export async function saveOwnerTimeZone(typed: string, by: 'owner' | 'browser'): Promise<{ status: 200 | 400; answer: TimeZoneAnswer }> {
  const zone = canonicalTimeZone(typed);
  if (!zone) {
    const shown = typed.slice(0, 64) || 'That';
    return {
      status: 400,
      answer: {
        state: 'failed',
        message: `“${shown}” is not a time zone the site knows. Choose yours from the list, like Europe/Amsterdam or America/New_York.`,
      },
    };
  }
  const rows = await query<{ zone: string }>(
    by === 'owner'
      ? `INSERT INTO owner_time_zone (only_row, zone, chosen_by, set_at) VALUES (true, $1, 'owner', now())
         ON CONFLICT (only_row) DO UPDATE SET zone = excluded.zone, chosen_by = 'owner', set_at = now() RETURNING zone`
      : `INSERT INTO owner_time_zone (only_row, zone, chosen_by) VALUES (true, $1, 'browser') ON CONFLICT (only_row) DO NOTHING RETURNING zone`,
    [zone],
  );
  if (rows.length === 0) return { status: 200, answer: { state: 'kept', message: 'Your time zone was already set; nothing changed.' } };
  store[CACHE] = { zone, readAt: Date.now() };
  return {
    status: 200,
    answer: { state: 'saved', zone, message: `Saved. Times in your owner’s area and the days of Insights are in ${zone} from now on.` },
  };
}

/** Every zone she can choose, in the order of the list: this engine's IANA names, with UTC and her current one. */
export function timeZoneChoices(current: string): string[] {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  names.add(current);
  return [...names].sort((a, b) => a.localeCompare(b, 'en'));
}
