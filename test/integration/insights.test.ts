import { beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA } from '../helpers/start/browser';
import { toFormBody } from '../helpers/data/contact-cases';
import { cookieOf, postForm } from '../helpers/site/http';
import { fetchFrom, loopbackAddress } from '../helpers/site/loopback';
import { signInOwner } from '../helpers/site/owner-session';
import { useOwnerStack } from '../helpers/suite/owner-stack';
import { PRIVATE_PATH } from '../helpers/data/private';
import { startServer } from '../helpers/start/server';
import { waitFor } from '../helpers/wait';
import { only } from '../helpers/must';

/**
 * Reading insights through HTTP on the built server and a real PostgreSQL:
 * what the endpoint stores, what it refuses (and that a refusal stores
 * nothing), who is never counted, concurrency, the per-visitor limit, share
 * links' reading, and the leak paths of the dashboard and its export.
 *
 * Events are written by the server's flusher a moment after their 204, in
 * the order they came: settle() sends a marker (a view of /privacy, which no
 * test here counts) and waits for it, after which everything sent before it
 * has been written or refused. Each test sends from its own loopback address
 * (fetchFrom), so the per-address cap of one test never touches another.
 */

const ADMIN_PASSWORD = 'owner password for insights';
const CHROME = DESKTOP_CHROME_UA;

const stack = useOwnerStack(ADMIN_PASSWORD, {}, { outbox: true });

type EventRow = {
  kind: string;
  path: string | null;
  visitor: string | null;
  referrer: string | null;
  utm_source: string | null;
  device: string | null;
  sections: number;
  engaged_s: number;
  link_id: string | null;
};
const MARKER = '/privacy';
const events = () =>
  stack.db.query<EventRow>(
    `SELECT kind, path, visitor, referrer, utm_source, device, sections, engaged_s, link_id FROM insight_events WHERE path IS DISTINCT FROM '${MARKER}' ORDER BY id`,
  );
const clear = () => stack.db.query('DELETE FROM insight_events');

/** This test's address: see the file's comment. */
let tests = 0;
let from = '';
beforeEach(() => {
  from = loopbackAddress(1, ++tests);
});

function beacon(body: unknown, headers: Record<string, string> = {}, address = from) {
  return fetchFrom(address, `${stack.origin}/api/insights`, {
    method: 'POST',
    body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: stack.origin, 'user-agent': CHROME, ...headers },
  });
}
const pixel = (query: string, headers: Record<string, string> = {}) =>
  fetchFrom(from, `${stack.origin}/api/insights?${query}`, { headers: { 'user-agent': CHROME, ...headers } });

let markers = 0;
/** Everything sent so far has been written (or refused): see the file's comment. */
async function settle(): Promise<void> {
  const count = async () =>
    only(await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM insight_events WHERE path = '${MARKER}'`), 'count row').n;
  const before = await count();
  const n = ++markers;
  expect(
    (
      await fetchFrom(loopbackAddress(2, n), `${stack.origin}/api/insights?p=${encodeURIComponent(MARKER)}`, {
        headers: { 'user-agent': `${CHROME} marker/${n}` },
      })
    ).status,
  ).toBe(204);
  await waitFor(async () => (await count()) > before, {
    timeoutMs: 20_000,
    what: () => `the marker to be written:\n${stack.server.output().slice(-2000)}`,
  });
}

const signIn = () => signInOwner(stack.origin, ADMIN_PASSWORD);

describe('the endpoint', () => {
  it('stores a view, a read and a résumé click, one row each, with no address or user agent; answers an empty, uncacheable 204', async () => {
    await clear();
    const answers = [
      await beacon({ k: 'view', p: '/case-study/office-depot', r: 'www.LinkedIn.com', u: 'Spring-Hiring', w: 1280 }),
      await beacon({ k: 'read', p: '/case-study/office-depot', s: [1, 2, 3], e: 42 }),
      await beacon({ k: 'resume', p: '/resume' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(204);
      expect(await answer.text()).toBe('');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    await settle();
    const rows = await events();
    expect(rows.map(({ visitor, ...rest }) => rest)).toEqual([
      {
        kind: 'view',
        path: '/case-study/office-depot',
        referrer: 'www.linkedin.com',
        utm_source: 'spring-hiring',
        device: 'desktop',
        sections: 0,
        engaged_s: 0,
        link_id: null,
      },
      {
        kind: 'read',
        path: '/case-study/office-depot',
        referrer: null,
        utm_source: null,
        device: null,
        sections: 0b111,
        engaged_s: 42,
        link_id: null,
      },
      { kind: 'resume', path: '/resume', referrer: null, utm_source: null, device: null, sections: 0, engaged_s: 0, link_id: null },
    ]);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(1);
    expect(rows[0]?.visitor).toMatch(/^[\w-]{22}$/);
    const everything =
      JSON.stringify(await stack.db.query('SELECT * FROM insight_events')) +
      JSON.stringify(await stack.db.query('SELECT * FROM insight_salts'));
    expect(everything).not.toContain('127.0.0.1');
    expect(everything).not.toContain('Chrome/');
  });

  it('the noscript pixel counts a view, with the device from the user agent', async () => {
    await clear();
    const answer = await pixel(`p=${encodeURIComponent('/')}`, {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
    });
    expect(answer.status).toBe(204);
    await settle();
    expect((await events()).map((row) => [row.kind, row.path, row.device])).toEqual([['view', '/', 'phone']]);
  });

  it('drops section numbers out of range and keeps the rest', async () => {
    await clear();
    expect((await beacon({ k: 'read', p: '/case-study/blocks-demo', s: [0, 3, 5, 12, -1], e: 10 })).status).toBe(204);
    await settle();
    expect((await events()).map((row) => row.sections)).toEqual([0b100]);
  });

  it('refuses bad input with a 4xx, says nothing back, and stores nothing', async () => {
    await clear();
    const hostile = '<img src=x onerror=alert(1)>';
    const cases: [string, Promise<Response>, number][] = [
      ['oversized', beacon({ k: 'view', p: '/', u: 'x'.repeat(3000) }), 413],
      ['oversized, as bytes', beacon(new TextEncoder().encode(JSON.stringify({ k: 'view', p: '/', r: 'a'.repeat(4000) }))), 413],
      ['not JSON', beacon('{"k":"view",'), 400],
      ['not UTF-8', beacon(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400],
      ['an array', beacon([{ k: 'view', p: '/' }]), 400],
      ['an unknown kind', beacon({ k: 'purchase', p: '/' }), 400],
      ['an unknown field', beacon({ k: 'view', p: '/', ip: '1.2.3.4' }), 400],
      ['a wrong type', beacon({ k: 'read', p: '/case-study/office-depot', s: '1,2', e: 5 }), 400],
      ['engaged time past the cap', beacon({ k: 'read', p: '/case-study/office-depot', s: [1], e: 99999 }), 400],
      ['a script in the referrer', beacon({ k: 'view', p: '/', r: hostile }), 400],
      ['a script in utm_source', beacon({ k: 'view', p: '/', u: `<script>alert(1)</script>` }), 400],
      ['a script as the route', beacon({ k: 'view', p: `/${hostile}` }), 422],
      ['an unknown route', beacon({ k: 'view', p: '/wp-login.php' }), 422],
      ['an unknown case study', beacon({ k: 'view', p: '/case-study/nope' }), 422],
      ['a coming-soon card (no page)', beacon({ k: 'view', p: '/case-study/mobile-banking' }), 422],
      ['the owner’s area', beacon({ k: 'view', p: '/admin' }), 422],
      ['a foreign Origin', beacon({ k: 'view', p: '/' }, { origin: 'https://evil.example' }), 403],
      ['the pixel, unknown route', pixel(`p=${encodeURIComponent(hostile)}`), 422],
      ['the pixel, no route', pixel('x=1'), 400],
      ['the pixel, extra parameters', pixel('p=%2F&ref=evil'), 400],
    ];
    for (const [name, request, status] of cases) {
      const answer = await request;
      expect([name, answer.status]).toEqual([name, status]);
      const text = await answer.text();
      expect(text).not.toContain('onerror');
      expect(text).not.toContain('<script');
    }
    await settle();
    expect(await events()).toEqual([]);
  });

  it('never counts Global Privacy Control, Do Not Track, bots, headless Chromium or the signed-in owner', async () => {
    await clear();
    const owner = await signIn();
    const skipped: Record<string, string>[] = [
      { 'sec-gpc': '1' },
      { dnt: '1' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36' },
      { 'user-agent': '' },
      { cookie: owner },
    ];
    for (const headers of skipped) {
      expect((await beacon({ k: 'view', p: '/' }, headers)).status).toBe(204);
      expect((await pixel('p=%2F', headers)).status).toBe(204);
    }
    await settle();
    expect(await events()).toEqual([]);
  });

  it('500 beacons sent at once, by 500 visitors behind 20 addresses, make exactly 500 rows', async () => {
    await clear();
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        beacon({ k: 'view', p: '/', w: 400 + i }, { 'user-agent': `${CHROME} visitor/${i}` }, loopbackAddress(3, i % 20)),
      ),
    );
    expect(answers.filter((answer) => answer.status === 204)).toHaveLength(500);
    await settle();
    expect(await events()).toHaveLength(500);
  });

  it('one visitor gets 300 events in ten minutes, then 429s; others are not held up', async () => {
    await clear();
    const ua = { 'user-agent': `${CHROME} eager-reader` };
    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 51 }, () => beacon({ k: 'read', p: '/case-study/office-depot', s: [1], e: 1 }, ua)),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(300);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    expect((await beacon({ k: 'view', p: '/' }, { 'user-agent': `${CHROME} someone-else` })).status).toBe(204);
    await settle();
    expect(await events()).toHaveLength(301);
  });
});

describe('server-side events', () => {
  it('a contact message sent and a share link opened are counted; the link’s reading is the link’s', async () => {
    await clear();
    const sent = await postForm(stack.origin, toFormBody({}), { origin: stack.origin, 'user-agent': CHROME });
    expect(sent.status).toBe(200);

    const owner = await signIn();
    const made = await fetch(`${stack.origin}/admin/links`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ intent: 'create', label: 'Acme · Jane Doe', scope: 'all', days: '30' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.origin, cookie: owner },
    });
    const id = /new=([\w-]{22})/.exec(made.headers.get('location')!)![1];
    const list = await (await fetch(`${stack.origin}/admin/links`, { headers: { cookie: owner } })).text();
    const token = new RegExp(`/s/([\\w-]{43})`).exec(list.slice(list.indexOf(`data-share-link="${id}"`)))![1];
    const opened = await fetch(`${stack.origin}/s/${token}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
    expect(opened.status).toBe(303);
    const link = cookieOf(opened);
    expect((await fetch(`${stack.origin}${PRIVATE_PATH}`, { headers: { cookie: link, 'user-agent': CHROME } })).status).toBe(200);
    expect((await beacon({ k: 'view', p: PRIVATE_PATH, w: 390 }, { cookie: link })).status).toBe(204);
    expect((await beacon({ k: 'read', p: PRIVATE_PATH, s: [1, 2], e: 30 }, { cookie: link })).status).toBe(204);

    await settle();
    const rows = await events();
    expect(rows.map((row) => [row.kind, row.path, row.link_id])).toEqual([
      ['message', null, null],
      ['link-open', null, id],
      ['view', PRIVATE_PATH, id],
      ['read', PRIVATE_PATH, id],
    ]);
    expect(await stack.db.query('SELECT slug, furthest_section FROM share_link_views WHERE link_id = $1', [id])).toEqual([
      { slug: 'private-demo', furthest_section: 2 },
    ]);
  });
});

describe('the dashboard and its export', () => {
  it('are only for the signed-in owner: a visitor gets a redirect with nothing in it', async () => {
    for (const p of ['/admin/insights', '/admin/insights?range=7', '/admin/insights.csv', '/admin/insights.csv?range=90']) {
      const answer = await fetch(`${stack.origin}${p}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
      // A page comes back to itself after signing in; the export is a download, not a page.
      const back = p.includes('.csv') ? '/admin/sign-in' : `/admin/sign-in?next=${encodeURIComponent(p)}`;
      expect([p, answer.status, answer.headers.get('location')]).toEqual([p, 303, back]);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const body = await answer.text();
      expect(body).not.toMatch(/data-metric|visitors|page_views/);
    }
    const robots = await (await fetch(`${stack.origin}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    const sitemap = await (await fetch(`${stack.origin}/sitemap.xml`)).text();
    expect(sitemap).not.toMatch(/insights|admin/);
  });

  it('show the figures, with any string from the data escaped; the CSV has one row a day', async () => {
    await clear();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await stack.db.query(
      `INSERT INTO insight_daily (day, figure, key, count, visitors) VALUES ($1, 'referrer', $2, 3, 3), ($1, 'total', 'views', 7, 0), ($1, 'total', 'visitors', 4, 0)`,
      [yesterday, '<img src=x onerror=alert(1)>'],
    );
    const owner = await signIn();
    const page = await fetch(`${stack.origin}/admin/insights?range=7`, { headers: { cookie: owner } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    const html = await page.text();
    expect(html).toMatch(/data-metric="views" data-value="7"|data-value="7"[^>]*data-metric="views"/);
    expect(html).not.toContain('<img src=x onerror');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');

    const csv = await fetch(`${stack.origin}/admin/insights.csv?range=7`, { headers: { cookie: owner } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="insights-last-7-days.csv"');
    expect(csv.headers.get('cache-control')).toBe('private, no-store');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines).toContain(`${yesterday},4,7,0,0,0,0`);
  });
});

describe('with ANALYTICS=off', () => {
  it('pages carry no pixel and beacons store nothing, even with no database at all', async () => {
    const off = await startServer({ ANALYTICS: 'off' });
    try {
      const html = await (await fetch(`${off.url}/`)).text();
      expect(html).not.toContain('/api/insights');
      const answer = await fetch(`${off.url}/api/insights`, {
        method: 'POST',
        body: JSON.stringify({ k: 'view', p: '/' }),
        headers: { origin: off.url, 'user-agent': CHROME },
      });
      expect(answer.status).toBe(204);
    } finally {
      await off.stop();
    }
  });
});

describe('public answers', () => {
  it('set no cookie, and the pixel is in each page for its own route', async () => {
    // A page is counted under its own path, every missing page under one name.
    const pages = ['/', '/resume', '/case-study/office-depot'].map((p) => [p, p] as const);
    const missing = ['/no-such-page', '/case-study/nope'].map((p) => [p, '404'] as const);
    for (const [p, route] of [...pages, ...missing]) {
      const answer = await fetch(`${stack.origin}${p}`, { headers: { 'user-agent': CHROME } });
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await answer.text()).toContain(`/api/insights?p=${encodeURIComponent(route)}`);
    }
  });
});
