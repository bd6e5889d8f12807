import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUFFER_MAX, bufferEvent, flushInsights, insightsBufferStats, stopInsights } from '~/insights/buffer.server';
import { EVENTS_PER_VISITOR, VISITORS_PER_ADDRESS, type Pending } from '~/insights/flush.server';
import { saveOwnerTimeZone } from '~/time-zone/owner-time-zone.server';
import { ENGINES, useEngine } from '../helpers/suite/db-engines';
import { must } from '../helpers/must';

/**
 * The insights buffer in this process, on both engines: events wait in
 * memory and are written in batches, in order, with the time they came; the
 * per-visitor and per-address limits hold in the flush; an event's day is
 * hers (her time zone), its salt's and limits' the UTC one; a graceful stop
 * writes what is buffered; past BUFFER_MAX, events are shed with one warning.
 */

const view = (ip: string, userAgent: string, at = new Date()): Pending => ({
  event: { kind: 'view', path: '/', device: 'desktop' },
  at,
  client: { ip, userAgent },
});

describe.each(ENGINES)('on %s', (_name, start) => {
  const engine = useEngine(start, { beforeStop: stopInsights });
  const count = async (sql: string) => (await engine.db.query<{ n: number }>(sql))[0]?.n;

  beforeEach(async () => {
    await flushInsights();
    await engine.db.query('DELETE FROM insight_events');
  });

  it('writes buffered events in order, with the time and day they came, and no address or user agent', async () => {
    const at = new Date(Date.now() - 3_000);
    for (const [i, path] of ['/', '/resume', '/privacy'].entries()) {
      expect(
        bufferEvent({ ...view('203.0.113.1', 'Mozilla/5.0 reader'), event: { kind: 'view', path }, at: new Date(at.getTime() + i) })
          .accepted,
      ).toBe(true);
    }
    bufferEvent({ event: { kind: 'message' }, at });
    // Nothing is written on the request's path.
    expect(await count('SELECT count(*)::int AS n FROM insight_events')).toBe(0);
    await flushInsights();
    const rows = await engine.db.query<{ kind: string; path: string | null; visitor: string | null; at: Date; day: string }>(
      'SELECT kind, path, visitor, at, day::text AS day FROM insight_events ORDER BY id',
    );
    expect(rows.map((r) => [r.kind, r.path])).toEqual([
      ['view', '/'],
      ['view', '/resume'],
      ['view', '/privacy'],
      ['message', null],
    ]);
    expect(new Date(must(rows[0], 'a first event').at).getTime()).toBe(at.getTime());
    expect(must(rows[0], 'a first event').day).toBe(at.toISOString().slice(0, 10));
    expect(new Set(rows.slice(0, 3).map((r) => r.visitor)).size).toBe(1);
    expect(must(rows[3], 'a fourth event').visitor).toBeNull();
    const dump =
      JSON.stringify(await engine.db.query('SELECT * FROM insight_events')) +
      JSON.stringify(await engine.db.query('SELECT * FROM insight_visitor_limits')) +
      JSON.stringify(await engine.db.query('SELECT * FROM insight_address_limits'));
    expect(dump).not.toContain('203.0.113');
    expect(dump).not.toContain('Mozilla');
  });

  it('dates an event by her day: at 23:30 UTC it is already the next day in Amsterdam, while its salt and limits keep the UTC day', async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const at = new Date(Date.UTC(yesterday.getUTCFullYear(), yesterday.getUTCMonth(), yesterday.getUTCDate(), 23, 30));
    const utcDate = at.toISOString().slice(0, 10);
    const nextDate = new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10);
    await engine.db.query('DELETE FROM insight_address_limits');
    expect((await saveOwnerTimeZone('Europe/Amsterdam', 'owner')).answer.state).toBe('saved');
    try {
      bufferEvent(view('203.0.113.30', 'Mozilla/5.0 late reader', at));
      bufferEvent({ event: { kind: 'message' }, at });
      await flushInsights();
      const days = await engine.db.query<{ kind: string; day: string }>('SELECT kind, day::text AS day FROM insight_events ORDER BY id');
      expect(days).toEqual([
        { kind: 'view', day: nextDate },
        { kind: 'message', day: nextDate },
      ]);
      const limits = await engine.db.query<{ day: string }>('SELECT DISTINCT day::text AS day FROM insight_address_limits');
      expect(limits).toEqual([{ day: utcDate }]);
    } finally {
      await saveOwnerTimeZone('UTC', 'owner');
    }
  });

  it(`holds the limits in the flush: ${VISITORS_PER_ADDRESS} visitors per address a day, ${EVENTS_PER_VISITOR} events per visitor`, async () => {
    for (let i = 0; i < 45; i++) bufferEvent(view('198.51.100.7', `Mozilla/5.0 forged/${i}`));
    for (let i = 0; i < EVENTS_PER_VISITOR + 20; i++) bufferEvent(view('198.51.100.8', 'Mozilla/5.0 eager'));
    await flushInsights();
    expect(await count(`SELECT count(DISTINCT visitor)::int AS n FROM insight_events`)).toBe(VISITORS_PER_ADDRESS + 1);
    expect(await count(`SELECT count(*)::int AS n FROM insight_events`)).toBe(VISITORS_PER_ADDRESS + EVENTS_PER_VISITOR);
    // The next flush knows them too: the limits live in the database, not in the batch.
    bufferEvent(view('198.51.100.7', 'Mozilla/5.0 forged/99'));
    bufferEvent(view('198.51.100.8', 'Mozilla/5.0 eager'));
    bufferEvent(view('198.51.100.7', 'Mozilla/5.0 forged/0'));
    await flushInsights();
    expect(await count(`SELECT count(*)::int AS n FROM insight_events`)).toBe(VISITORS_PER_ADDRESS + EVENTS_PER_VISITOR + 1);
  });

  it('in a Netlify function, hands the batch’s write to waitUntil, or writes before answering without it', async () => {
    const handed: Promise<unknown>[] = [];
    expect(
      bufferEvent({ event: { kind: 'resume', path: '/resume' }, at: new Date() }, (promise) => handed.push(promise)).written,
    ).toBeUndefined();
    expect(handed).toHaveLength(1);
    await Promise.all(handed);
    expect(await count(`SELECT count(*)::int AS n FROM insight_events WHERE kind = 'resume'`)).toBe(1);
    const global = globalThis as { Netlify?: unknown };
    global.Netlify = { context: null };
    try {
      const { written } = bufferEvent({ event: { kind: 'resume', path: '/resume' }, at: new Date() });
      expect(written).toBeInstanceOf(Promise);
      await written;
      expect(await count(`SELECT count(*)::int AS n FROM insight_events WHERE kind = 'resume'`)).toBe(2);
    } finally {
      delete global.Netlify;
    }
  });

  it('a graceful stop (stopInsights) writes what is buffered', async () => {
    for (let i = 0; i < 25; i++) bufferEvent({ event: { kind: 'link-open' }, at: new Date() });
    expect(insightsBufferStats().waiting).toBe(25);
    await stopInsights();
    expect(insightsBufferStats().waiting).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM insight_events WHERE kind = 'link-open'`)).toBe(25);
  });

  it(`sheds events past ${BUFFER_MAX} waiting, says so once, and writes the rest`, async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const shedBefore = insightsBufferStats().shed;
      const accepted = Array.from({ length: BUFFER_MAX + 50 }, () => bufferEvent({ event: { kind: 'message' }, at: new Date() }).accepted);
      expect(accepted.filter(Boolean)).toHaveLength(BUFFER_MAX);
      expect(insightsBufferStats().shed - shedBefore).toBe(50);
      expect(warn.mock.calls.filter(([line]) => String(line).includes('further events are dropped'))).toHaveLength(1);
      await flushInsights();
      expect(await count(`SELECT count(*)::int AS n FROM insight_events WHERE kind = 'message'`)).toBe(BUFFER_MAX);
    } finally {
      warn.mockRestore();
    }
  });
});
