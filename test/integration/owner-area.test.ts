import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInOwner } from '../helpers/site/owner-session';
import { useOwnerStack } from '../helpers/suite/owner-stack';
import { leaks, PRIVATE_PATH, privateMediaFiles } from '../helpers/data/private';
import { LOG_WAIT, waitFor } from '../helpers/wait';
import { at, group, must } from '../helpers/must';

/**
 * The owner's area and share links through HTTP on the built server and a
 * real PostgreSQL: sign-in, sessions, the Origin check, what every answer
 * under /admin says about caching, and each way a share link can be used
 * or misused. The leak paths are the point: nothing private reaches a
 * request without access, in any form.
 */

const ADMIN_PASSWORD = 'owner password for tests';
const OWNER_ONLY = ['Share links', 'Mail delivery', 'Sign out everywhere', 'data-share-link', 'data-share-url'];

const stack = useOwnerStack(ADMIN_PASSWORD, {}, { outbox: true });

const get = (p: string, cookie = '', headers: Record<string, string> = {}) =>
  fetch(`${stack.origin}${p}`, { redirect: 'manual', headers: { cookie, ...headers } });
const post = (p: string, body: Record<string, string | string[]>, cookie = '', extra: Record<string, string> = {}) => {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) for (const v of [value].flat()) form.append(key, v);
  return fetch(`${stack.origin}${p}`, {
    method: 'POST',
    redirect: 'manual',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.origin, cookie, ...extra },
  });
};
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

const signIn = () => signInOwner(stack.origin, ADMIN_PASSWORD);

function expectPrivateAnswer(response: Response) {
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
  expect(response.headers.get('netlify-cdn-cache-control')).toBeNull();
}

describe('signing in', () => {
  it('a wrong password is a 401 with the error on the field; the right one a 303 with an HttpOnly, SameSite=Strict session cookie', async () => {
    const wrong = await post('/admin/sign-in', { password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That password isn’t right.');
    const right = await post('/admin/sign-in', { password: ADMIN_PASSWORD });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/admin');
    const cookie = right.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^portfolio_owner=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
    expectPrivateAnswer(right);
  });

  it('the session row holds the token’s hash, never the token', async () => {
    const cookie = await signIn();
    const token = must(cookie.split('=')[1], 'a session token in the cookie');
    const rows = await stack.db.query<{ id: string }>('SELECT id FROM admin_sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.id.includes(token))).toBe(false);
  });

  it('signing out ends the session in the database: the old cookie opens nothing', async () => {
    const cookie = await signIn();
    expect((await get('/admin', cookie)).status).toBe(200);
    const out = await post('/admin/sign-out', {}, cookie);
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/^portfolio_owner=; Max-Age=0/);
    const after = await get('/admin', cookie);
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toBe('/admin/sign-in');
  });

  it('“sign out everywhere” ends every session', async () => {
    const [a, b] = [await signIn(), await signIn()];
    await post('/admin/sign-out', { intent: 'everywhere' }, a);
    expect((await get('/admin', a)).status).toBe(303);
    expect((await get('/admin', b)).status).toBe(303);
  });
});

describe('the area stays closed to everyone else', () => {
  it.each(['/admin', '/admin/links', '/admin/messages', '/admin?_data=routes%2Fadmin', '/admin/links?_data=routes%2Fadmin.links'])(
    'GET %s without a session: a redirect to sign in that carries nothing of the area',
    async (p) => {
      const response = await get(p);
      expect([302, 303, 204]).toContain(response.status);
      const body = await response.text();
      for (const text of OWNER_ONLY) expect(body).not.toContain(text);
      expect(response.headers.get('cache-control')).toMatch(/private, no-store|no-store/);
    },
  );

  it('a forged or stale session cookie is the same as none', async () => {
    for (const cookie of ['portfolio_owner=' + 'A'.repeat(43), 'portfolio_owner=short', 'portfolio_owner=']) {
      expect((await get('/admin', cookie)).status).toBe(303);
    }
  });

  it('every answer under /admin, signed in or not, is private, no-store and noindex', async () => {
    const cookie = await signIn();
    for (const [p, c] of [
      ['/admin', cookie],
      ['/admin/links', cookie],
      ['/admin/sign-in', ''],
      ['/admin', ''],
      ['/admin/nope', cookie],
    ] as const) {
      expectPrivateAnswer(await get(p, c));
    }
  });

  it('a POST from another origin, or without one, is refused with a 403 before anything happens', async () => {
    const cookie = await signIn();
    const foreign = await post('/admin/links', { intent: 'create', label: 'From elsewhere', scope: 'all', days: '30' }, cookie, {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const none = await fetch(`${stack.origin}/admin/links`, {
      method: 'POST',
      redirect: 'manual',
      body: 'intent=create&label=x&scope=all&days=30',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    });
    expect(none.status).toBe(403);
    expect((await post('/admin/sign-in', { password: ADMIN_PASSWORD }, '', { origin: 'https://evil.example' })).status).toBe(403);
    expect(await (await get('/admin/links', cookie)).text()).not.toContain('From elsewhere');
  });

  it('robots.txt disallows the area and the links; the sitemap names neither', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toMatch(/Disallow: \/admin\n/);
    expect(robots).toMatch(/Disallow: \/s\/\n/);
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).not.toMatch(/\/admin|\/s\/|\/shared/);
  });
});

async function makeLink(cookie: string, body: Record<string, string | string[]> = {}): Promise<{ id: string; url: string }> {
  const response = await post(
    '/admin/links',
    { intent: 'create', label: 'Acme · Jane Doe, recruiter', scope: 'all', days: '30', notify: 'on', ...body },
    cookie,
  );
  expect(response.status).toBe(303);
  const id = group(/new=([\w-]{22})/.exec(response.headers.get('location') ?? ''), 'a new link id in the redirect');
  const html = await (await get('/admin/links', cookie)).text();
  const row = html.slice(html.indexOf(`data-share-link="${id}"`));
  const url = /data-share-url="" readOnly="" value="([^"]+)"|data-share-url[^>]*value="([^"]+)"/.exec(row);
  return { id, url: must(url?.[1] ?? url?.[2], 'a share URL in the links page') };
}

describe('share links', () => {
  it('a link opens the private case study: cookie bound to the link, 303 away from the token, no Referer', async () => {
    const owner = await signIn();
    const { url } = await makeLink(owner);
    expect(url).toMatch(new RegExp(`^${stack.origin}/s/[\\w-]{43}$`));
    const open = await get(new URL(url).pathname);
    expect(open.status).toBe(303);
    expect(open.headers.get('location')).toBe(PRIVATE_PATH);
    expect(open.headers.get('referrer-policy')).toBe('no-referrer');
    expectPrivateAnswer(open);
    const setCookie = open.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^portfolio_link=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const page = await get(PRIVATE_PATH, cookieOf(open));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Halcyon');
  });

  it('the owner sees the open, the case study read, and one notice e-mail however often it is opened', async () => {
    const owner = await signIn();
    const { id, url } = await makeLink(owner, { label: 'Globex · notice test' });
    const before = (await readdir(stack.outbox!)).length;
    const open = await get(new URL(url).pathname);
    await get(PRIVATE_PATH, cookieOf(open));
    await get(new URL(url).pathname);
    const mails = await waitFor(
      async () => {
        const names = (await readdir(stack.outbox!)).slice(before);
        return names.length >= 1 ? names : undefined;
      },
      { what: 'the first-open notice' },
    );
    // A bounded wait for a second one that must not come.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await readdir(stack.outbox!)).length - before).toBe(1);
    const mail = await readFile(path.join(stack.outbox!, at(mails, 0, 'a written mail')), 'utf8');
    expect(mail).toContain('Globex');
    expect(mail).toMatch(/Device: desktop/);
    const html = await (await get('/admin/links', owner)).text();
    expect(html).toMatch(new RegExp(`data-share-link="${id}" data-state="active" data-opens="2"`));
  });

  it('revoking locks the page again at once, even for someone who opened it; the link itself answers 410', async () => {
    const owner = await signIn();
    const { id, url } = await makeLink(owner);
    const open = await get(new URL(url).pathname);
    const visitor = cookieOf(open);
    expect(await (await get(PRIVATE_PATH, visitor)).text()).toContain('Halcyon');
    expect((await post('/admin/links', { intent: 'revoke', id }, owner)).status).toBe(303);
    const locked = await get(PRIVATE_PATH, visitor);
    const body = await locked.text();
    expect(leaks(body, await privateMediaFiles())).toEqual([]);
    const again = await get(new URL(url).pathname);
    expect(again.status).toBe(410);
    expect((await again.text()).replaceAll('<!-- -->', '')).toMatch(
      /This link has expired[\s\S]*Ask Camila Navarro for a new one[\s\S]*mailto:/,
    );
  });

  it('an unknown token is a 404, and 20 bad tokens from one client in 10 minutes get 429 for every try', async () => {
    // The tests before this one spent some of this client's slots on revoked links (410s count too).
    await stack.db.query("DELETE FROM rate_limits WHERE key LIKE 'link:%'");
    const ip = { 'x-nf-client-connection-ip': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await get(`/s/${'x'.repeat(40)}${String(i).padStart(3, '0')}`, '', ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('the token never reaches the log', async () => {
    const owner = await signIn();
    const { url } = await makeLink(owner);
    const token = must(new URL(url).pathname.split('/')[2], 'a token in the share URL');
    await get(`/s/${token.slice(0, -2)}zz`);
    await get(new URL(url).pathname);
    await expect.poll(() => stack.server.output(), LOG_WAIT).toContain('/s/[token]');
    expect(stack.server.output()).not.toContain(token.slice(0, 20));
  });

  it('the list: 20 links a page, newest first, a tab per state with its count, and an action returns to the tab and page it came from', async () => {
    const owner = await signIn();
    for (let i = 0; i < 21; i++) await makeLink(owner, { label: `Paging test ${String(i).padStart(2, '0')}` });
    const ids = await stack.db.query<{ id: string; revoked: boolean }>(
      'SELECT id, revoked_at IS NOT NULL AS revoked FROM share_links ORDER BY created_at DESC, id',
    );
    const rowsOf = (html: string) => [...html.matchAll(/<li id="link-[\w-]+" data-share-link="([\w-]{22})"/g)].map((match) => match[1]);
    const first = await (await get('/admin/links', owner)).text();
    expect(rowsOf(first)).toEqual(ids.slice(0, 20).map((row) => row.id));
    expect(first).toContain(`Page 1 of ${Math.ceil(ids.length / 20)} · ${ids.length} links`);
    expect(first).toMatch(new RegExp(`aria-current="page"[^>]*>All<span[^>]*>${ids.length}</span>`));
    const second = await (await get('/admin/links?page=2', owner)).text();
    expect(rowsOf(second)).toEqual(ids.slice(20, 40).map((row) => row.id));

    const revoked = ids.filter((row) => row.revoked).map((row) => row.id);
    expect(revoked.length).toBeGreaterThan(0);
    expect(rowsOf(await (await get('/admin/links?state=revoked', owner)).text())).toEqual(revoked.slice(0, 20));
    const target = ids.find((row) => !row.revoked)!.id;
    const back = await post('/admin/links?state=active&page=1&evil=1', { intent: 'revoke', id: target }, owner);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/admin/links?state=active&page=1');
    expect(rowsOf(await (await get('/admin/links?state=active', owner)).text())).not.toContain(target);
    // Nonsense in the address is the first page of all links, never an error.
    expect((await get('/admin/links?state=%3Cscript%3E&page=-4', owner)).status).toBe(200);
  });
});
