import { pathToFileURL } from 'node:url';
import { getCaseStudy, getCaseStudyCards } from '../../app/content/content.server';
import { closeSharedDatabase, createDatabase, type Database } from '../../app/db/connection.server';
import { applyMigrations } from '../../app/db/migrations.server';
import { rollUpDay } from '../../app/insights/rollup.server';
import { utcDay } from '../../app/insights/visitor.server';
import { startPostgres } from '../helpers/start/postgres';
import { startServer } from '../helpers/start/server';
import { ADMIN_PASSWORD, timePages, type OwnerPageTime } from './owner-area';
import { median } from './stats';

/**
 * Reading insights under 90 days × 2,000 events a day (180,000 rows, seeded
 * from a fixed PRNG so every run sees the same data) on a real PostgreSQL:
 * how long the rollup of one day takes, and the server time of
 * /admin/insights for each range once the past days are rolled up (the
 * dashboard reads rollups plus today's raw events, so its time must not grow
 * with the age of the data). Also: `tsx test/bench/insights.ts` on its own.
 */

export const INSIGHTS_SEED = { days: 90, perDay: 2000 };
const RANGES = [7, 30, 90];

export type InsightsBench = { rollupDayMs: number[]; seedS: number; pages: OwnerPageTime[] };

/** mulberry32: small, fast and the same sequence for the same seed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REFERRERS = ['www.linkedin.com', 'www.google.com', 'dribbble.com', 'github.com', 'read.cv', 'news.ycombinator.com'];
function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

/** The events of one day, as column arrays for one unnest() insert. */
function dayOfEvents(day: string, dayIndex: number, slugs: { slug: string; sections: number }[], random: () => number) {
  const cols = {
    at: [] as string[],
    kind: [] as string[],
    path: [] as (string | null)[],
    visitor: [] as (string | null)[],
    referrer: [] as (string | null)[],
    utm: [] as (string | null)[],
    device: [] as (string | null)[],
    sections: [] as number[],
    engaged: [] as number[],
  };
  for (let i = 0; i < INSIGHTS_SEED.perDay; i++) {
    const visitor = `d${String(dayIndex).padStart(3, '0')}v${String(Math.floor(random() * 350)).padStart(4, '0')}`.padEnd(22, 'x');
    const r = random();
    const study = pick(random, slugs);
    const kind = r < 0.4 ? 'view' : r < 0.9 ? 'read' : r < 0.97 ? 'resume' : r < 0.985 ? 'message' : 'link-open';
    const viewPath = random() < 0.55 ? `/case-study/${study.slug}` : pick(random, ['/', '/', '/', '/resume', '/resume', '/privacy', '404']);
    // Readers drop off section by section.
    let reached = 1;
    while (reached < study.sections && random() < 0.8) reached++;
    cols.at.push(new Date(Date.parse(`${day}T00:00:00Z`) + Math.floor((i / INSIGHTS_SEED.perDay) * 86_000_000)).toISOString());
    cols.kind.push(kind);
    cols.path.push(kind === 'view' ? viewPath : kind === 'read' ? `/case-study/${study.slug}` : kind === 'resume' ? '/resume' : null);
    cols.visitor.push(kind === 'message' || kind === 'link-open' ? null : visitor);
    cols.referrer.push(kind === 'view' && random() < 0.3 ? pick(random, REFERRERS) : null);
    cols.utm.push(kind === 'view' && random() < 0.04 ? 'newsletter' : null);
    cols.device.push(kind === 'view' ? pick(random, ['desktop', 'desktop', 'desktop', 'phone', 'phone', 'tablet']) : null);
    cols.sections.push(kind === 'read' ? (1 << reached) - 1 : 0);
    cols.engaged.push(kind === 'read' ? Math.floor(random() * 240) : 0);
  }
  return cols;
}

export async function seedInsights(db: Database, slugs: { slug: string; sections: number }[]): Promise<void> {
  await applyMigrations(db);
  const random = prng(42);
  for (let back = INSIGHTS_SEED.days - 1; back >= 0; back--) {
    const day = utcDay(new Date(Date.now() - back * 86_400_000));
    const c = dayOfEvents(day, back, slugs, random);
    await db.query(
      `INSERT INTO insight_events (at, day, kind, path, visitor, referrer, utm_source, device, sections, engaged_s)
       SELECT at, $1::date, kind, path, visitor, referrer, utm, device, sections, engaged
       FROM unnest($2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[])
         AS e(at, kind, path, visitor, referrer, utm, device, sections, engaged)`,
      [day, c.at, c.kind, c.path, c.visitor, c.referrer, c.utm, c.device, c.sections, c.engaged],
    );
  }
}

export async function measureInsights(slugs: { slug: string; sections: number }[], log: (line: string) => void): Promise<InsightsBench> {
  const pg = await startPostgres();
  const saved = process.env.NETLIFY_DB_URL;
  try {
    const url = await pg.createDatabase();
    const db = await createDatabase({ connectionString: url });
    const seeding = performance.now();
    await seedInsights(db, slugs);
    await db.query('ANALYZE');
    const seedS = (performance.now() - seeding) / 1000;
    log(`  seeded ${INSIGHTS_SEED.days} days × ${INSIGHTS_SEED.perDay} events in ${seedS.toFixed(1)} s`);
    // The rollup runs in this process, on the process's database.
    process.env.NETLIFY_DB_URL = url;
    const rollupDayMs: number[] = [];
    for (let back = INSIGHTS_SEED.days - 1; back >= 1; back--) {
      const started = performance.now();
      await rollUpDay(utcDay(new Date(Date.now() - back * 86_400_000)));
      rollupDayMs.push(performance.now() - started);
    }
    await closeSharedDatabase();
    await db.query('ANALYZE');
    await db.end();
    log(`  rolled up ${rollupDayMs.length} days, median ${median([...rollupDayMs].sort((a, b) => a - b)).toFixed(0)} ms a day`);

    const server = await startServer({ NETLIFY_DB_URL: url, ADMIN_PASSWORD });
    try {
      const deadline = Date.now() + 60_000;
      while (!/Migrations: (applied|none pending)/.test(server.output())) {
        if (Date.now() > deadline) throw new Error(`the database did not come up:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const pages = await timePages(
        server,
        'PostgreSQL',
        RANGES.map((range) => `/admin/insights?range=${range}`),
      );
      for (const page of pages) log(`  ${page.path}: median ${page.medianMs.toFixed(0)} ms`);
      return { rollupDayMs, seedS, pages };
    } finally {
      await server.stop();
    }
  } finally {
    if (saved === undefined) delete process.env.NETLIFY_DB_URL;
    else process.env.NETLIFY_DB_URL = saved;
    await pg.destroy();
  }
}

/** The built content's case studies that have a page, with their numbers of sections. */
export const caseStudySlugs = () =>
  getCaseStudyCards().flatMap((card) => (card.href ? [{ slug: card.slug, sections: getCaseStudy(card.slug)?.sections.length ?? 1 }] : []));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureInsights(caseStudySlugs(), console.log);
  console.log(JSON.stringify({ rollupDayMedianMs: median([...result.rollupDayMs].sort((a, b) => a - b)), pages: result.pages }, null, 2));
}
