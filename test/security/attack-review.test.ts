import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkToken, newLinkId } from '~/access/share-link-token.server';
import { networkOf } from '~/http/client-ip.server';
import { ROOT } from '../helpers/data/content';
import { requestFrom } from '../helpers/site/from-address';
import { signInOwner } from '../helpers/site/owner-session';
import { useOwnerStack } from '../helpers/suite/owner-stack';
import { PRIVATE_PATH } from '../helpers/data/private';
import { LOG_WAIT } from '../helpers/wait';

/**
 * What a second, independent attack on the hardened owner's side found, each
 * reproduced as it was reported: a stranger signing the owner out
 * everywhere, an Origin taken from a protocol-relative path, Remix's own
 * X-Forwarded-Host check as a 500, tokens in the log by other spellings,
 * forged log lines, owner input as database errors, floods of refused
 * guesses reaching the database, IPv6 addresses as separate clients, the
 * page cache amplified by query strings, SVGs without a policy.
 */

const ADMIN_PASSWORD = 'owner password for the attack review';

const stack = useOwnerStack(ADMIN_PASSWORD);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (target: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(target.startsWith('http') ? target : `${stack.origin}${target}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.origin, ...headers },
    body: form(fields),
  });

const signIn = () => signInOwner(stack.origin, ADMIN_PASSWORD);
const adminStatus = async (cookie: string) => (await fetch(`${stack.origin}/admin`, { redirect: 'manual', headers: { cookie } })).status;

describe('sessions', () => {
  it('a stranger’s POST to sign out everywhere ends no session (it only clears its own cookie)', async () => {
    const owner = await signIn();
    const stranger = await post('/admin/sign-out', { intent: 'everywhere' });
    expect(stranger.status).toBe(303);
    expect(await adminStatus(owner)).toBe(200);
    // The owner, signed in, still can.
    expect((await post('/admin/sign-out', { intent: 'everywhere' }, { cookie: owner })).status).toBe(303);
    expect(await adminStatus(owner)).toBe(303);
  });

  it('a protocol-relative path does not lend the request another origin: //evil.example/admin/sign-out from evil.example is refused', async () => {
    const owner = await signIn();
    const response = await post(
      `${stack.origin}//evil.example/admin/sign-out`,
      { intent: 'everywhere' },
      { origin: 'http://evil.example', cookie: owner },
    );
    expect([403, 404]).toContain(response.status);
    expect(await adminStatus(owner)).toBe(200);
    const page = await post(`${stack.origin}//evil.example/admin/sign-in`, { password: 'x' }, { origin: 'http://evil.example' });
    expect(page.status).toBeLessThan(500);
  });
});

describe('answers, never a 500', () => {
  it('a POST whose X-Forwarded-Host is not its Origin’s host is refused (Remix’s own check threw a 500)', async () => {
    for (const target of [PRIVATE_PATH, `${PRIVATE_PATH}.data`, '/?index', '/admin/sign-in']) {
      const response = await post(target, { password: 'x', firstName: 'a' }, { 'x-forwarded-host': 'other.example' });
      expect(response.status, target).toBe(403);
    }
    expect(stack.server.output()).not.toContain('x-forwarded-host header does not match');
  });

  it('OPTIONS is a plain 204 and writes no stack trace', async () => {
    for (const target of ['/', '/admin', PRIVATE_PATH]) {
      const options = await fetch(`${stack.origin}${target}`, { method: 'OPTIONS' });
      expect(options.status).toBe(204);
      if (target === '/admin') expect(options.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(stack.server.output()).not.toMatch(/Invalid request method "OPTIONS"/);
  });

  it("Remix's older ?_data= address is the page itself: a missing page is a 404, never a 500, and no stack trace is written", async () => {
    const missing = await fetch(`${stack.origin}/case-study/no-such-study?_data=routes%2Fcase-study.%24slug`);
    expect(missing.status).toBe(404);
    const home = await fetch(`${stack.origin}/?_data=routes%2F_index`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    const admin = await fetch(`${stack.origin}/admin?_data=routes%2Fadmin`, { redirect: 'manual' });
    expect(admin.status).toBe(303);
    await expect.poll(() => stack.server.output(), LOG_WAIT).toContain('404 Not Found: /case-study/no-such-study');
    expect(stack.server.output()).not.toMatch(/Single fetch-enabled apps should not be making \?_data requests|isRedirectResponse/);
  });

  it('owner input shaped to break a query: a NUL in an id, a page of 1e999', async () => {
    const owner = await signIn();
    for (const target of [
      '/admin/messages/%00',
      '/admin/messages?page=1e999',
      '/admin/messages?page=99999999999999999999',
      '/admin/links?page=1e999',
    ]) {
      const response = await fetch(`${stack.origin}${target}`, { redirect: 'manual', headers: { cookie: owner } });
      expect(response.status, target).toBeLessThan(500);
    }
    for (const intent of ['revoke', 'extend', 'delete']) {
      const response = await post('/admin/links', { intent, id: '\0' }, { cookie: owner });
      expect(response.status, intent).toBe(404);
    }
    const message = await post('/admin/messages', { intent: 'done', id: '\0' }, { cookie: owner });
    expect(message.status).toBe(404);
  });
});

describe('the log', () => {
  it('a live token never shows, however the path spells it', async () => {
    const id = newLinkId();
    await stack.db.query("INSERT INTO share_links (id, label, expires_at) VALUES ($1, 'log spellings', now() + interval '1 day')", [id]);
    const token = linkToken(id)!;
    const escaped = [...token].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('');
    for (const target of [`/s//${token}`, `/s%5C${token}`, `/s/'${token}`, `/x/${escaped}`])
      await (await fetch(`${stack.origin}${target}`, { redirect: 'manual' })).arrayBuffer();
    for (const target of [`/%73/${token}`, `/%53/${token}`]) await (await post(target, { a: 'b' })).arrayBuffer();
    await expect.poll(() => stack.server.output(), LOG_WAIT).toMatch(/\[token\]/);
    expect(stack.server.output()).not.toContain(token.slice(2, 30));
  });

  it('a slug cannot write a line of its own, nor colour the terminal', async () => {
    await (await fetch(`${stack.origin}/case-study/x%0Aforged%20line:%20signed%20in%0D%1B%5B31mred`)).arrayBuffer();
    await expect.poll(() => stack.server.output(), LOG_WAIT).toContain('404 Not Found: /case-study/x%0Aforged');
    expect(stack.server.output()).not.toMatch(/^forged line/m);
    expect(stack.server.output()).not.toContain('\x1b[31m');
  });
});

describe('floods and addresses', () => {
  it('a client refused by a limit is answered from memory: its next guesses cost the database nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push((await requestFrom('127.0.9.1', `${stack.origin}/s/${'Q'.repeat(40)}${String(i).padStart(3, '0')}`)).status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    // 20 judged, one refused by the table, then 39 refused without a query.
    const rows = await stack.db.query<{ hits: number }>("SELECT hits FROM rate_limits WHERE key LIKE 'link:%' ORDER BY hits DESC LIMIT 1");
    expect(rows[0]?.hits).toBe(21);
  });

  it('made-up tokens on the one-time link’s page are limited too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push(
        (await requestFrom('127.0.9.2', `${stack.origin}/admin/sign-in/link?token=${'Z'.repeat(40)}${String(i).padStart(3, '0')}`)).status,
      );
    expect(statuses.slice(0, 30).every((status) => status === 410)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
  });

  it('an IPv6 client is its /64: every address of one network is one client', () => {
    expect(networkOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(networkOf('2001:db8:85a3:8d3::1'));
    expect(networkOf('2001:db8:85a3:8d3::1')).not.toBe(networkOf('2001:db8:85a3:8d4::1'));
    expect(networkOf('2001:DB8:0:0:ffff::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(networkOf('192.0.2.7')).toBe('192.0.2.7');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('a query string is never cached: a new one each time renders, and never displaces a page', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${stack.origin}/resume?q=${i}`, { headers: { 'accept-encoding': 'br' } });
      await response.arrayBuffer();
      expect(response.headers.get('x-cache')).toBeNull();
    }
    await (await fetch(`${stack.origin}/resume`)).arrayBuffer();
    const again = await fetch(`${stack.origin}/resume`);
    await again.arrayBuffer();
    expect(again.headers.get('x-cache')).toBe('HIT');
  });

  it('an SVG opened on its own may draw, never run anything', async () => {
    const svg = (await readdir(path.join(ROOT, 'public/generated/images'))).find((name) => name.endsWith('.svg'))!;
    const response = await fetch(`${stack.origin}/generated/images/${svg}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });
});
