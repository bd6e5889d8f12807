import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA } from '../helpers/start/browser';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { fetchFrom, loopbackAddress } from '../helpers/site/loopback';
import { signInOwner } from '../helpers/site/owner-session';
import { useOwnerStack } from '../helpers/suite/owner-stack';
import { PRIVATE_ENV } from '../helpers/data/private';
import { startServer, type RunningServer } from '../helpers/start/server';
import { waitFor } from '../helpers/wait';
import { only } from '../helpers/must';

/**
 * Reading insights against someone who wants to forge them or to drown the
 * owner's area with them, on the built server: two instances on one real
 * PostgreSQL (the limits live in the database, so they hold across both),
 * and the embedded engine with its single connection for the flood.
 *
 * Events are written by each process's flusher, a moment after their 204:
 * settle() sends a marker view of /privacy to a server and waits for it to be
 * stored; its queue is first in, first out, so everything sent to that server
 * before the marker has then been written (or refused) too.
 */

const ADMIN_PASSWORD = 'owner password for the abuse tests';
const CHROME = DESKTOP_CHROME_UA;
const SITE_URL = 'https://camila.example';
/** VISITORS_PER_ADDRESS in app/insights/limits.server.ts. */
const CAP = 30;

const stack = useOwnerStack(ADMIN_PASSWORD, { SITE_URL }, { servers: 2 });
let a: RunningServer;
let b: RunningServer;
beforeAll(() => {
  [a, b] = stack.servers as [RunningServer, RunningServer];
});

const beacon = (server: RunningServer, from: string, body: unknown, headers: Record<string, string> = {}) =>
  fetchFrom(from, `${server.url}/api/insights`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: server.url, 'user-agent': CHROME, ...headers },
  });
const pixel = (server: RunningServer, from: string, route: string, headers: Record<string, string> = {}) =>
  fetchFrom(from, `${server.url}/api/insights?p=${encodeURIComponent(route)}`, { headers: { 'user-agent': CHROME, ...headers } });

const count = async (sql: string, params: unknown[] = []) => only(await stack.db.query<{ n: number }>(sql, params), 'count row').n;
const markers = () => count(`SELECT count(*)::int AS n FROM insight_events WHERE path = '/privacy'`);
let markerNo = 0;

/** Everything sent to `servers` so far has been written: see the file's comment. */
async function settle(...servers: RunningServer[]) {
  for (const server of servers) {
    const before = await markers();
    const n = ++markerNo;
    expect(
      (await pixel(server, loopbackAddress(250, n), '/privacy', { 'user-agent': `${CHROME} marker/${n}`, 'sec-fetch-site': 'same-origin' }))
        .status,
    ).toBe(204);
    await waitFor(async () => (await markers()) > before, {
      timeoutMs: 20_000,
      what: () => `the marker on ${server.url}:\n${server.output().slice(-2000)}`,
    });
  }
}

/** Rows of `path` (never the markers' /privacy). */
const visitorsOn = (p: string) => count(`SELECT count(DISTINCT visitor)::int AS n FROM insight_events WHERE path = $1`, [p]);
const viewsOn = (p: string) => count(`SELECT count(*)::int AS n FROM insight_events WHERE path = $1`, [p]);
const clear = () => stack.db.query('DELETE FROM insight_events');

describe('one address cannot forge visitors', () => {
  it(`rotating user agents from one address make at most ${CAP} visitors, across two instances, with 150 beacons at once`, async () => {
    await clear();
    const from = loopbackAddress(1, 0);
    // One real reader first, then 149 forged visitors at once from the same address.
    const reader = { 'user-agent': `${CHROME} reader` };
    expect((await beacon(a, from, { k: 'view', p: '/' }, reader)).status).toBe(204);
    await settle(a);
    const answers = await Promise.all(
      Array.from({ length: 149 }, (_, i) =>
        beacon(
          i % 2 ? a : b,
          from,
          { k: 'view', p: '/', r: `forged-${i}.example`, u: `campaign-${i}` },
          { 'user-agent': `${CHROME} forged/${i}` },
        ),
      ),
    );
    // The same answer as for a counted beacon: nothing tells the forger where the cap is.
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 204));
    await settle(a, b);
    expect(await visitorsOn('/')).toBe(CAP);
    expect(await viewsOn('/')).toBe(CAP);
    expect(await count(`SELECT count(DISTINCT referrer)::int AS n FROM insight_events WHERE path = '/'`)).toBe(CAP - 1);
    // A visitor already counted keeps being counted, on either instance; another address is not affected.
    expect((await beacon(b, from, { k: 'resume', p: '/resume' }, reader)).status).toBe(204);
    expect((await beacon(b, loopbackAddress(1, 1), { k: 'view', p: '/' })).status).toBe(204);
    await settle(a, b);
    expect(await viewsOn('/resume')).toBe(1);
    expect(await visitorsOn('/')).toBe(CAP + 1);
  });

  it('350 beacons at once from one visitor, split over two instances, store exactly 300', async () => {
    await clear();
    const from = loopbackAddress(2, 0);
    const ua = { 'user-agent': `${CHROME} eager` };
    const answers = await Promise.all(
      Array.from({ length: 350 }, (_, i) => beacon(i % 2 ? a : b, from, { k: 'read', p: '/case-study/office-depot', s: [1], e: 1 }, ua)),
    );
    // Each instance saw 175, under its own quick check (a 429 there is allowed, not needed): the database holds the limit for both.
    expect(answers.filter((answer) => answer.status !== 204 && answer.status !== 429)).toEqual([]);
    await settle(a, b);
    expect(await viewsOn('/case-study/office-depot')).toBe(300);
  });

  it('no address or user agent is stored, in the events or in the limits', async () => {
    const dump =
      JSON.stringify(await stack.db.query('SELECT * FROM insight_events')) +
      JSON.stringify(await stack.db.query('SELECT * FROM insight_visitor_limits')) +
      JSON.stringify(await stack.db.query('SELECT * FROM insight_address_limits'));
    expect(dump).not.toMatch(/127\.\d+\.\d+\.\d+/);
    expect(dump).not.toContain('Chrome/');
    expect(await count('SELECT count(*)::int AS n FROM insight_address_limits')).toBeGreaterThan(0);
  });
});

describe('the noscript pixel on another site', () => {
  it('answers 204 and stores nothing when another site embeds it; the site’s own pages still count', async () => {
    await clear();
    const embedded: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page-with-our-pixel' },
      { referer: 'https://camila.example.evil.example/' },
      { referer: 'not a url' },
      { 'sec-fetch-site': 'cross-site', referer: `${SITE_URL}/resume` },
    ];
    for (const [i, headers] of embedded.entries()) {
      const answer = await pixel(a, loopbackAddress(3, i), '/resume', { 'user-agent': `${CHROME} embed/${i}`, ...headers });
      expect([headers, answer.status, await answer.text()]).toEqual([headers, 204, '']);
    }
    const own: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', referer: `${a.url}/resume` },
      { referer: `${SITE_URL}/resume` },
      // The browser's word stands: behind a proxy, the page's origin is not the request's.
      { 'sec-fetch-site': 'same-origin', referer: 'https://camila-behind-a-proxy.example/resume' },
      {},
    ];
    for (const [i, headers] of own.entries()) {
      expect((await pixel(a, loopbackAddress(3, 100 + i), '/resume', { 'user-agent': `${CHROME} own/${i}`, ...headers })).status).toBe(204);
    }
    await settle(a);
    expect(await viewsOn('/resume')).toBe(own.length);
  });
});

describe('a flood of beacons on the embedded engine (one connection)', () => {
  let server: RunningServer;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'insights-flood-db-'));
    server = await startServer({ ...PRIVATE_ENV, ADMIN_PASSWORD, CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON, PORTFOLIO_DB_DIR: dir });
    await waitFor(() => /Migrations: (applied|none pending)/.test(server.output()), {
      timeoutMs: 90_000,
      what: () => `the embedded database:\n${server.output()}`,
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps /admin and a share-link open answering within seconds while 200 beacons are in flight', async () => {
    const origin = server.url;
    const owner = await signInOwner(origin, ADMIN_PASSWORD);
    const made = await fetch(`${origin}/admin/links`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ intent: 'create', label: 'Flood · Jane Doe', scope: 'all', days: '30' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: owner },
    });
    const id = /new=([\w-]{22})/.exec(made.headers.get('location')!)![1];
    const list = await (await fetch(`${origin}/admin/links`, { headers: { cookie: owner } })).text();
    const token = /\/s\/([\w-]{43})/.exec(list.slice(list.indexOf(`data-share-link="${id}"`)))![1];
    // The overview once before the flood, as the owner had opened it: its first visit compares the content with the
    // sample's (git reads, kept until the next commit), which is not what the flood is about.
    expect((await fetch(`${origin}/admin`, { headers: { cookie: owner } })).status).toBe(200);

    // 200 beacons in flight at all times, from 250 addresses with rotating user agents: the worst
    // case for the database, as most are under every limit and must be written.
    let stop = false;
    let sent = 0;
    let answered = 0;
    const flood = Array.from({ length: 200 }, async (_, worker) => {
      while (!stop) {
        const n = sent++;
        await beacon(
          server,
          loopbackAddress(10, n % 250),
          { k: 'view', p: '/', r: 'flood.example', w: 1280 },
          { 'user-agent': `${CHROME} flood/${worker}/${n % 40}` },
        ).catch(() => undefined);
        answered++;
      }
    });
    try {
      // Three rounds of 200 answered: the flood is under way (before the fix, this alone took tens of seconds).
      await waitFor(() => answered >= 600, { timeoutMs: 30_000, what: 'the flood to be under way' });
      console.info(`flood under way: ${answered} answered`);
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        let started = performance.now();
        const page = await fetch(`${origin}/admin`, { headers: { cookie: owner } });
        expect(page.status).toBe(200);
        await page.text();
        times.push(performance.now() - started);
        started = performance.now();
        const opened = await fetch(`${origin}/s/${token}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
        expect(opened.status).toBe(303);
        times.push(performance.now() - started);
      }
      // A functional bound, not a benchmark (npm run bench measures the ratio): before the fix /admin took 35 s.
      const said = `/admin and /s/<token>, in turn: ${times.map((t) => Math.round(t)).join(', ')} ms`;
      console.info(said);
      // The bound leaves room for a busy 2-core machine (2.9 s seen with three other test files running).
      expect(Math.max(...times), said).toBeLessThan(10_000);
    } finally {
      stop = true;
      const stopping = performance.now();
      await Promise.all(flood);
      console.info(`flood: ${answered} answered; stopped in ${Math.round(performance.now() - stopping)} ms`);
    }
  });
});
