/**
 * The daily figures, as one SQL aggregation over raw events. The rollup job
 * stores its rows for a finished day (rollup.server.ts); the dashboard runs
 * it over the days not rolled up yet (today, and yesterday until the job has
 * run) and adds the stored rows for every other day (report.server.ts). So
 * both always agree, and the dashboard's cost does not grow with the age of
 * the data. Rows are (day, figure, key, count, visitors); the migration
 * 20261124120000_reading_insights.sql lists the figures.
 *
 * `where` is a condition on insight_events `e`, with bound parameters only.
 */

import { MAX_SECTIONS } from './report';

/** Readers' engaged time is counted up to this, in buckets of BUCKET_S. */
export const MAX_ENGAGED_S = 1800;
export const BUCKET_S = 10;

export function figuresSql(where: string): string {
  return `
  WITH ev AS (SELECT * FROM insight_events e WHERE ${where}),
  views AS (SELECT * FROM ev WHERE kind = 'view'),
  readers AS (
    SELECT day, visitor, substr(path, 13) AS slug, bit_or(sections) AS sections,
           least(sum(engaged_s), ${MAX_ENGAGED_S}) AS engaged_s, bool_or(kind = 'read') AS measured
    FROM ev WHERE kind IN ('view', 'read') AND path LIKE '/case-study/%' AND visitor IS NOT NULL
    GROUP BY day, visitor, path
  )
  -- A visitor is anyone who sent anything that day, so readers and downloaders are always among them.
  SELECT day, 'total' AS figure, 'visitors' AS key, count(DISTINCT visitor)::int AS count, 0 AS visitors FROM ev WHERE visitor IS NOT NULL GROUP BY day
  UNION ALL SELECT day, 'total', 'views', count(*)::int, 0 FROM views GROUP BY day
  UNION ALL SELECT day, 'total', 'readers', count(DISTINCT visitor)::int, 0 FROM readers GROUP BY day
  UNION ALL SELECT day, 'total', 'resume-downloads', count(*)::int, 0 FROM ev WHERE kind = 'resume' GROUP BY day
  UNION ALL SELECT day, 'total', 'messages', count(*)::int, 0 FROM ev WHERE kind = 'message' GROUP BY day
  UNION ALL SELECT day, 'total', 'link-opens', count(*)::int, 0 FROM ev WHERE kind = 'link-open' GROUP BY day
  UNION ALL SELECT day, 'page', path, count(*)::int, count(DISTINCT visitor)::int FROM views GROUP BY day, path
  UNION ALL SELECT day, 'referrer', referrer, count(*)::int, count(DISTINCT visitor)::int FROM views WHERE referrer IS NOT NULL GROUP BY day, referrer
  UNION ALL SELECT day, 'referrer', 'utm:' || utm_source, count(*)::int, count(DISTINCT visitor)::int FROM views WHERE utm_source IS NOT NULL GROUP BY day, utm_source
  UNION ALL SELECT day, 'device', device, count(*)::int, count(DISTINCT visitor)::int FROM views WHERE device IS NOT NULL GROUP BY day, device
  UNION ALL SELECT day, 'reader', slug, count(*)::int, 0 FROM readers GROUP BY day, slug
  UNION ALL SELECT r.day, 'section', r.slug || '#' || n, count(*)::int, 0
    FROM readers r CROSS JOIN generate_series(1, ${MAX_SECTIONS}) AS n WHERE r.sections & (1 << (n - 1)) <> 0 GROUP BY r.day, r.slug, n
  UNION ALL SELECT day, 'engaged', slug || '#' || (engaged_s / ${BUCKET_S} * ${BUCKET_S}), count(*)::int, 0
    FROM readers WHERE measured GROUP BY day, slug, engaged_s / ${BUCKET_S} * ${BUCKET_S}
  UNION ALL SELECT day, 'link-open', link_id, count(*)::int, 0 FROM ev WHERE kind = 'link-open' AND link_id IS NOT NULL GROUP BY day, link_id`;
}

/** The raw events of days in [$1, $2] that have not been rolled up. */
export const UNROLLED_DAYS = `e.day BETWEEN $1::date AND $2::date AND NOT EXISTS (SELECT 1 FROM insight_rollups r WHERE r.day = e.day)`;
