import { query, transaction } from '~/db/connection.server';
import { oneRow } from '~/db/one-row.server';
import { ownerTimeZone } from '~/time-zone/owner-time-zone.server';
import { dayIn } from '~/time-zone/zones';
import { figuresSql } from './figures.server';

/**
 * The insights' share of the scheduled job (netlify/functions/mail-queue.ts
 * on Netlify, the in-process timer under `npm start`): rolls each finished
 * day up into insight_daily, deletes raw events after RAW_DAYS, and deletes
 * the salts of days that are over, with the per-visitor and per-address
 * limits keyed by their hashes (flush.server.ts). A day is rolled up once it has been over
 * for GRACE_MINUTES, so a beacon still in flight at midnight is in it. Days
 * are hers (an event's day is set in her time zone): one is over at her
 * midnight. Salts and limits are per UTC day, and go at UTC midnight.
 * Concurrent runs cannot double a day: the first to claim it in
 * insight_rollups does it, the other finds it done.
 */

export const RAW_DAYS = 90;
const GRACE_MINUTES = 10;
/** At most this many days per run, oldest first: a long-idle database catches up over a few runs. */
const DAYS_PER_RUN = 31;

export type RollupRun = { days: string[]; purgedEvents: number; purgedSalts: number };

export async function rollUpDay(day: string): Promise<boolean> {
  return transaction(async (tx) => {
    const claimed = await tx.query(`INSERT INTO insight_rollups (day) VALUES ($1) ON CONFLICT (day) DO NOTHING RETURNING day`, [day]);
    if (claimed.length === 0) return false;
    await tx.query(`INSERT INTO insight_daily (day, figure, key, count, visitors) SELECT * FROM (${figuresSql('e.day = $1::date')}) f`, [
      day,
    ]);
    return true;
  });
}

export async function runInsightsRollup(): Promise<RollupRun> {
  // Her day as it was GRACE_MINUTES ago: every day before it is over.
  const current = dayIn(new Date(Date.now() - GRACE_MINUTES * 60_000), await ownerTimeZone());
  const due = await query<{ day: string }>(
    `SELECT DISTINCT e.day::text AS day FROM insight_events e
     WHERE e.day < $1::date
       AND NOT EXISTS (SELECT 1 FROM insight_rollups r WHERE r.day = e.day)
     ORDER BY day LIMIT $2`,
    [current, DAYS_PER_RUN],
  );
  const days: string[] = [];
  for (const { day } of due) if (await rollUpDay(day)) days.push(day);
  const purged = oneRow(
    await query<{ n: number }>(
      `WITH gone AS (DELETE FROM insight_events WHERE day < (now() AT TIME ZONE 'UTC')::date - $1::int RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [RAW_DAYS],
    ),
    'the count of purged events',
  );
  const salts = oneRow(
    await query<{ n: number }>(
      `WITH visitors AS (DELETE FROM insight_visitor_limits WHERE day < (now() AT TIME ZONE 'UTC')::date),
          addresses AS (DELETE FROM insight_address_limits WHERE day < (now() AT TIME ZONE 'UTC')::date),
          gone AS (DELETE FROM insight_salts WHERE day < (now() AT TIME ZONE 'UTC')::date RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    ),
    'the count of purged salts',
  );
  return { days, purgedEvents: purged.n, purgedSalts: salts.n };
}
