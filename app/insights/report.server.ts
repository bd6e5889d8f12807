import { listLinks } from '~/access/share-links.server';
import { getCaseStudy, getCaseStudyCards, getPage } from '~/content/content.server';
import { query } from '~/db/connection.server';
import { ownerTimeZone } from '~/time-zone/owner-time-zone.server';
import { dayIn } from '~/time-zone/zones';
import { figuresSql, UNROLLED_DAYS } from './figures.server';
import { analyticsEnabled } from './gate.server';
import { CASE_STUDY_PREFIX } from './page-route';
import { utcDay } from './visitor.server';
import {
  DEVICES,
  MAX_SECTIONS,
  METRICS,
  type CaseStudyFunnel,
  type DailyPoint,
  type InsightsReport,
  type LinkReading,
  type Metric,
  type RangeDays,
} from './report';

/**
 * The dashboard's data for the last `range` days (today included) and, for
 * the headline changes, the `range` days before: stored daily rows plus the
 * raw events of days not rolled up yet, summed in one query. Totals per day
 * for the whole span; everything else for the range only. Days are hers
 * (set in her time zone as events are written), and so is today.
 */

/** Today in her time zone. */
const herToday = async () => dayIn(new Date(), await ownerTimeZone());

type FigureRow = { figure: string; key: string; day: string | null; count: number; visitors: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

async function figureRows(previousFrom: string, from: string, to: string): Promise<FigureRow[]> {
  return query<FigureRow>(
    `WITH figures AS (
       SELECT day, figure, key, count, visitors FROM insight_daily WHERE day BETWEEN $1::date AND $2::date
       UNION ALL SELECT * FROM (${figuresSql(UNROLLED_DAYS)}) live
     )
     SELECT figure, key, CASE WHEN figure = 'total' THEN day::text END AS day, sum(count)::int AS count, sum(visitors)::int AS visitors
     FROM figures WHERE figure = 'total' OR day >= $3::date
     GROUP BY 1, 2, 3`,
    [previousFrom, to, from],
  );
}

/** The median of a histogram of 10-second buckets. */
function medianOf(buckets: Map<number, number>): number | null {
  const total = [...buckets.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [seconds, n] of [...buckets].sort((a, b) => a[0] - b[0])) {
    seen += n;
    if (seen * 2 >= total) return seconds;
  }
  return null;
}

const METRIC_KEY: Record<Metric, string> = {
  visitors: 'visitors',
  views: 'views',
  readers: 'readers',
  'resume-downloads': 'resume-downloads',
  messages: 'messages',
};

function funnels(rows: FigureRow[]): CaseStudyFunnel[] {
  const of = (figure: string) => rows.filter((row) => row.figure === figure);
  const readers = new Map(of('reader').map((row) => [row.key, row.count]));
  const sections = new Map(of('section').map((row) => [row.key, row.count]));
  const engaged = new Map<string, Map<number, number>>();
  for (const row of of('engaged')) {
    const [slug = '', seconds] = row.key.split('#');
    const bySeconds = engaged.get(slug) ?? new Map<number, number>();
    engaged.set(slug, bySeconds);
    bySeconds.set(Number(seconds), row.count);
  }
  return getCaseStudyCards()
    .filter((card) => card.href)
    .flatMap((card) => {
      const caseStudy = getCaseStudy(card.slug);
      if (!caseStudy) return [];
      return [
        {
          slug: card.slug,
          title: card.title,
          readers: readers.get(card.slug) ?? 0,
          steps: caseStudy.sections.slice(0, MAX_SECTIONS).map((section) => ({
            section: section.number,
            title: section.title,
            readers: sections.get(`${card.slug}#${section.number}`) ?? 0,
          })),
          medianEngagedS: medianOf(engaged.get(card.slug) ?? new Map()),
        },
      ];
    });
}

const PAGE_NAMES: Record<string, string> = {
  '/': 'Home',
  '/resume': 'Résumé',
  '/privacy': 'Privacy',
  '/contact': 'Contact',
  '404': 'Page not found',
};

/** What the owner reads for a figure's key: a page's name, a referrer's host, a utm_source tag as such. */
function labelOf(figure: string, key: string): string {
  if (figure === 'referrer') return key.startsWith('utm:') ? `${key.slice(4)} (utm_source)` : key;
  if (figure !== 'page') return key;
  if (key.startsWith(CASE_STUDY_PREFIX)) return getCaseStudy(key.slice(CASE_STUDY_PREFIX.length))?.title ?? key;
  if (PAGE_NAMES[key]) return PAGE_NAMES[key];
  // One of her own pages: its title (a page she has since deleted keeps its address).
  const page = getPage(key.slice(1));
  return page && 'page' in page ? page.page.title : key;
}

const top = (rows: FigureRow[], figure: string, limit: number) =>
  rows
    .filter((row) => row.figure === figure)
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, limit)
    .map((row) => ({ label: labelOf(figure, row.key), count: row.count }));

async function linkReadings(): Promise<LinkReading[]> {
  const titles = new Map(getCaseStudyCards().map((card) => [card.slug, card.title]));
  const links = await listLinks({ limit: 20 });
  return links.map((link) => ({
    id: link.id,
    label: link.label,
    state: link.state,
    opens: link.opens,
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
    caseStudies: link.views.flatMap((view) => {
      const title = titles.get(view.slug);
      if (title === undefined) return [];
      return [{ slug: view.slug, title, sections: getCaseStudy(view.slug)?.sections.length ?? 0, furthestSection: view.furthestSection }];
    }),
  }));
}

export async function buildInsightsReport(range: RangeDays, day?: string): Promise<InsightsReport> {
  const today = day ?? (await herToday());
  const from = addDays(today, -(range - 1));
  const previousFrom = addDays(from, -range);
  const [rows, links] = await Promise.all([figureRows(previousFrom, from, today), linkReadings()]);

  const totals = new Map<string, number>();
  const previous = new Map<string, number>();
  const daily = new Map<string, DailyPoint>();
  for (let day = from; day <= today; day = addDays(day, 1)) daily.set(day, { day, visitors: 0, views: 0 });
  for (const row of rows) {
    // Total rows always carry their day (the query's CASE); the others are read below.
    if (row.figure !== 'total' || row.day === null) continue;
    const inRange = row.day >= from;
    const sums = inRange ? totals : previous;
    sums.set(row.key, (sums.get(row.key) ?? 0) + row.count);
    const point = inRange ? daily.get(row.day) : undefined;
    if (point && (row.key === 'visitors' || row.key === 'views')) point[row.key] = row.count;
  }
  const anyBefore = rows.some((row) => row.figure === 'total' && row.day !== null && row.day < from);
  const devices = new Map(rows.filter((row) => row.figure === 'device').map((row) => [row.key, row.count]));

  return {
    range,
    from,
    to: today,
    collecting: analyticsEnabled(),
    headlines: METRICS.map((metric) => ({
      metric,
      value: totals.get(METRIC_KEY[metric]) ?? 0,
      previous: anyBefore ? (previous.get(METRIC_KEY[metric]) ?? 0) : null,
    })),
    daily: [...daily.values()],
    funnels: funnels(rows),
    referrers: top(rows, 'referrer', 8),
    devices: DEVICES.map((device) => ({ device, count: devices.get(device) ?? 0 })),
    pages: top(rows, 'page', 10),
    links,
  };
}

/** The daily totals of the range, for the CSV export: one row per day, zeros included. */
export const CSV_COLUMNS = [
  'date',
  'visitors',
  'page_views',
  'case_study_readers',
  'resume_downloads',
  'messages',
  'share_link_opens',
] as const;
const CSV_KEYS = ['visitors', 'views', 'readers', 'resume-downloads', 'messages', 'link-opens'];

export async function dailyFiguresCsv(range: RangeDays, day?: string): Promise<string> {
  const today = day ?? (await herToday());
  const from = addDays(today, -(range - 1));
  const rows = await figureRows(from, from, today);
  const byDay = new Map<string, Map<string, number>>();
  for (const row of rows)
    if (row.figure === 'total' && row.day !== null) byDay.set(row.day, (byDay.get(row.day) ?? new Map()).set(row.key, row.count));
  const lines = [CSV_COLUMNS.join(',')];
  for (let day = from; day <= today; day = addDays(day, 1))
    lines.push([day, ...CSV_KEYS.map((key) => byDay.get(day)?.get(key) ?? 0)].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
