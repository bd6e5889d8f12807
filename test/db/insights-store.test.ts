import { describe, expect, it } from 'vitest';
import { buildInsightsReport, dailyFiguresCsv } from '~/insights/report.server';
import { rollUpDay, runInsightsRollup } from '~/insights/rollup.server';
import { utcDay, visitorHash } from '~/insights/visitor.server';
import { saveOwnerTimeZone } from '~/time-zone/owner-time-zone.server';
import { dayIn, zonedParts } from '~/time-zone/zones';
import { ENGINES, useEngine } from '../helpers/suite/db-engines';

/**
 * Reading insights in the store, on both engines: the dashboard's figures
 * are the same whether a day is read raw or from its rollup, a rollup never
 * counts a day twice, raw events go after 90 days while the rollups stay, and
 * a day's salt goes once the day is over; days are hers, and one rolls up at
 * her midnight, not UTC's.
 */

/**
 * A zone whose day is not UTC's right now, well away from either midnight, so
 * rolling up at UTC's midnight and at hers give different answers whenever
 * the test runs.
 */
function zoneOffTheUtcDay(): string {
  const now = new Date();
  const hour = now.getUTCHours() + now.getUTCMinutes() / 60;
  const zone = ['Pacific/Kiritimati', 'Asia/Tokyo', 'Asia/Kolkata', 'America/New_York', 'America/Los_Angeles', 'Pacific/Pago_Pago'].find(
    (candidate) => {
      const local = zonedParts(now, candidate);
      const localHour = local.hour + local.minute / 60;
      return dayIn(now, candidate) !== utcDay(now) && localHour > 1 && localHour < 23 && hour > 1 && hour < 23;
    },
  );
  if (!zone) throw new Error('no zone is on another day than UTC now: run the test again in an hour');
  return zone;
}

const DAY_MS = 86_400_000;
const TODAY = utcDay();
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY_MS));
const CASE_STUDY = '/case-study/office-depot';
const visitor = (n: number) => `visitor${String(n).padStart(15, '0')}`;
const bits = (...sections: number[]) => sections.reduce((sum, n) => sum | (1 << (n - 1)), 0);

type Seed = {
  day: string;
  kind: string;
  path?: string;
  visitor?: string;
  referrer?: string;
  utm?: string;
  device?: string;
  sections?: number;
  engaged?: number;
};

describe.each(ENGINES)('on %s', (_name, start) => {
  const engine = useEngine(start);

  const seed = (events: Seed[]) =>
    Promise.all(
      events.map((e) =>
        engine.db.query(
          `INSERT INTO insight_events (at, day, kind, path, visitor, referrer, utm_source, device, sections, engaged_s)
           VALUES ($1::date + interval '12 hours', $1::date, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            e.day,
            e.kind,
            e.path ?? null,
            e.visitor ?? null,
            e.referrer ?? null,
            e.utm ?? null,
            e.device ?? null,
            e.sections ?? 0,
            e.engaged ?? 0,
          ],
        ),
      ),
    );

  it('the dashboard reads the same figures from raw events and from their rollup, and a second rollup changes nothing', async () => {
    const d2 = daysAgo(2);
    const d1 = daysAgo(1);
    await seed([
      // Two days ago: visitor 1 reads sections 1–5 over two batches (60 s), visitor 2 only opens the page.
      { day: d2, kind: 'view', path: '/', visitor: visitor(1), referrer: 'www.linkedin.com', device: 'desktop' },
      { day: d2, kind: 'view', path: CASE_STUDY, visitor: visitor(1), device: 'desktop' },
      { day: d2, kind: 'read', path: CASE_STUDY, visitor: visitor(1), sections: bits(1, 2, 3), engaged: 40 },
      { day: d2, kind: 'read', path: CASE_STUDY, visitor: visitor(1), sections: bits(4, 5), engaged: 25 },
      { day: d2, kind: 'view', path: CASE_STUDY, visitor: visitor(2), utm: 'newsletter', device: 'phone' },
      { day: d2, kind: 'read', path: CASE_STUDY, visitor: visitor(2), sections: bits(1), engaged: 8 },
      { day: d2, kind: 'resume', path: '/resume', visitor: visitor(2) },
      // Yesterday: visitor 1 again (a new day, so a new visitor), and a message.
      { day: d1, kind: 'view', path: '/resume', visitor: visitor(3), device: 'tablet' },
      { day: d1, kind: 'message' },
      // Today: one more view of /.
      { day: TODAY, kind: 'view', path: '/', visitor: visitor(4), referrer: 'www.linkedin.com', device: 'desktop' },
    ]);

    const raw = await buildInsightsReport(7);
    const metric = (report: typeof raw, name: string) => report.headlines.find((h) => h.metric === name)?.value;
    expect([
      metric(raw, 'visitors'),
      metric(raw, 'views'),
      metric(raw, 'readers'),
      metric(raw, 'resume-downloads'),
      metric(raw, 'messages'),
    ]).toEqual([4, 5, 2, 1, 1]);
    expect(raw.daily).toHaveLength(7);
    expect(raw.daily.find((p) => p.day === d2)).toEqual({ day: d2, visitors: 2, views: 3 });
    const funnel = raw.funnels.find((f) => f.slug === 'office-depot')!;
    expect(funnel.readers).toBe(2);
    expect(funnel.steps.map((s) => s.readers)).toEqual([2, 1, 1, 1, 1, 0, 0, 0, 0]);
    // Engaged: 65 s → the 60 s bucket, 8 s → 0; the median of two is the lower.
    expect(funnel.medianEngagedS).toBe(0);
    expect(raw.referrers).toEqual([
      { label: 'www.linkedin.com', count: 2 },
      { label: 'newsletter (utm_source)', count: 1 },
    ]);
    expect(raw.devices).toEqual([
      { device: 'phone', count: 1 },
      { device: 'tablet', count: 1 },
      { device: 'desktop', count: 3 },
    ]);

    const first = await runInsightsRollup();
    expect(first.days).toEqual([d2, d1]);
    expect(await buildInsightsReport(7)).toEqual(raw);
    // Today is not over: still read raw. A second run finds nothing to do.
    expect((await runInsightsRollup()).days).toEqual([]);
    expect(await buildInsightsReport(7)).toEqual(raw);
    expect(await rollUpDay(d2)).toBe(false);
    expect(await buildInsightsReport(7)).toEqual(raw);

    const csv = (await dailyFiguresCsv(7)).trim().split('\r\n');
    expect(csv[0]).toBe('date,visitors,page_views,case_study_readers,resume_downloads,messages,share_link_opens');
    expect(csv).toHaveLength(8);
    expect(csv).toContain(`${d2},2,3,2,1,0,0`);
    expect(csv).toContain(`${d1},1,1,0,0,1,0`);
    expect(csv[7]).toBe(`${TODAY},1,1,0,0,0,0`);
  });

  it('the headline change compares with the period before', async () => {
    await seed([{ day: daysAgo(10), kind: 'view', path: '/', visitor: visitor(9), device: 'desktop' }]);
    const report = await buildInsightsReport(7);
    expect(report.headlines.find((h) => h.metric === 'views')).toEqual({ metric: 'views', value: 5, previous: 1 });
    expect(report.headlines.find((h) => h.metric === 'messages')).toEqual({ metric: 'messages', value: 1, previous: 0 });
  });

  it('a day rolls up at her midnight: her yesterday is rolled up, her today is not, whatever the UTC day', async () => {
    const zone = zoneOffTheUtcDay();
    const herToday = dayIn(new Date(), zone);
    const herYesterday = dayIn(new Date(Date.now() - DAY_MS), zone);
    expect((await saveOwnerTimeZone(zone, 'owner')).answer.state).toBe('saved');
    try {
      // These days alone, whatever the tests before left on them.
      for (const table of ['insight_events', 'insight_daily', 'insight_rollups'])
        await engine.db.query(`DELETE FROM ${table} WHERE day >= $1::date - 1`, [herYesterday]);
      await seed([
        { day: herYesterday, kind: 'view', path: '/', visitor: visitor(21) },
        { day: herToday, kind: 'view', path: '/', visitor: visitor(22) },
      ]);
      const run = await runInsightsRollup();
      expect(run.days, zone).toContain(herYesterday);
      expect(run.days, zone).not.toContain(herToday);
      expect((await buildInsightsReport(7)).to, zone).toBe(herToday);
    } finally {
      await saveOwnerTimeZone('UTC', 'owner');
    }
  });

  it('raw events go after 90 days and their day’s figures stay; past salts go', async () => {
    const old = daysAgo(95);
    await seed([{ day: old, kind: 'view', path: '/privacy', visitor: visitor(5), device: 'phone' }]);
    await engine.db.query(`INSERT INTO insight_salts (day, salt) VALUES ($1, $2)`, [daysAgo(1), Buffer.alloc(32, 7)]);
    const run = await runInsightsRollup();
    expect(run.days).toContain(old);
    expect(run.purgedEvents).toBe(1);
    expect(run.purgedSalts).toBe(1);
    expect(await engine.db.query(`SELECT 1 FROM insight_events WHERE day = $1`, [old])).toHaveLength(0);
    expect(await engine.db.query(`SELECT figure, key, count FROM insight_daily WHERE day = $1 AND figure = 'page'`, [old])).toEqual([
      { figure: 'page', key: '/privacy', count: 1 },
    ]);
  });

  it('a visitor is the same all day and no one the next: the hash changes with the day’s salt, and the old salt is deleted', async () => {
    const a = await visitorHash('203.0.113.7', 'Mozilla/5.0 test');
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await visitorHash('203.0.113.7', 'Mozilla/5.0 test')).toBe(a);
    expect(await visitorHash('203.0.113.8', 'Mozilla/5.0 test')).not.toBe(a);
    expect(await visitorHash('203.0.113.7', 'Mozilla/5.0 other')).not.toBe(a);
    const tomorrow = new Date(Date.now() + DAY_MS);
    expect(await visitorHash('203.0.113.7', 'Mozilla/5.0 test', tomorrow)).not.toBe(a);
    expect((await engine.db.query<{ day: string }>(`SELECT day::text AS day FROM insight_salts`)).map((r) => r.day)).toEqual([
      utcDay(tomorrow),
    ]);
    // Nothing stored holds the address or the user agent.
    const dump =
      JSON.stringify(await engine.db.query(`SELECT * FROM insight_events`)) +
      JSON.stringify(await engine.db.query(`SELECT * FROM insight_daily`));
    expect(dump).not.toContain('203.0.113');
    expect(dump).not.toContain('Mozilla');
  });
});
