import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/data/content';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { packageServerFunction, type FunctionAnswer, type PackagedFunction } from '../helpers/start/netlify-package';
import {
  badCookies,
  leaks,
  PASSWORD,
  PRIVATE_ENV,
  PRIVATE_PATH,
  PRIVATE_SLUG,
  privateMediaFiles,
  validCookie,
} from '../helpers/data/private';
import { startServer, type RunningServer } from '../helpers/start/server';
import { at, must } from '../helpers/must';

/**
 * A private case study must be absent from every answer a visitor without
 * access can get: the page, its data requests (single fetch and ?_data=),
 * meta tags, JSON-LD, the sitemap, the social image, the scripts, the story's
 * media, and every cache. Each path is asked with no cookie, a forged one,
 * an expired one, one signed with another secret and one for an old
 * password, against the built Node server and the packaged Netlify function,
 * both serving the fixture content (test/fixtures/case-studies/private-demo.mdx).
 */

type Answer = { status: number; headers: Record<string, string>; body: string; bytes: Buffer };

let server: RunningServer;
let packaged: PackagedFunction;
let media: Awaited<ReturnType<typeof privateMediaFiles>>;
const BAD = badCookies();

const FUNCTION_ENV = { ...PRIVATE_ENV, CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON };

beforeAll(async () => {
  media = await privateMediaFiles();
  [server, packaged] = await Promise.all([
    startServer({ ...PRIVATE_ENV, CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON }),
    packageServerFunction([FIXTURE_CONTENT_JSON]),
  ]);
});

afterAll(async () => {
  await server?.stop();
  await packaged?.dispose();
});

async function get(path: string, cookie = '', init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(server.url + path, {
    redirect: 'manual',
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: Object.fromEntries(response.headers), body: bytes.toString('utf8'), bytes };
}

const PAGE_PATHS = [PRIVATE_PATH, `${PRIVATE_PATH}.data`, `${PRIVATE_PATH}?_data=routes%2Fcase-study.%24slug`];

function expectPrivateHeaders(answer: Answer | FunctionAnswer, what: string) {
  expect(answer.headers['cache-control'], what).toBe('private, no-store');
  expect(answer.headers['netlify-cdn-cache-control'], what).toBeUndefined();
  expect(answer.headers['x-robots-tag'], what).toBe('noindex');
}

it('the fixture has a private case study with story media built outside public/', () => {
  expect(media.length).toBeGreaterThan(0);
  expect(media.every((file) => /\.[0-9a-f]{10}\.(avif|webp)$/.test(file.name))).toBe(true);
});

describe.each(Object.entries(BAD))('the Node server, with %s', (_name, cookie) => {
  it.each(PAGE_PATHS)('%s: the locked page, card fields only, never cached, never indexed', async (path) => {
    const answer = await get(path, cookie);
    expect(answer.status).toBe(200);
    expect(leaks(answer.bytes ?? answer.body, media)).toEqual([]);
    // Each carries the card's fields: a ?_data= request is answered as the page itself (app/http/request-guard.server.ts).
    expect(answer.body).toContain('Treasury Ledger for a Private Bank');
    expectPrivateHeaders(answer, path);
    expect(answer.headers['x-cache']).not.toBe('HIT');
  });

  it('the page HTML: the lock screen, noindex meta, the card’s description in the meta tags, no JSON-LD', async () => {
    const { body } = await get(PRIVATE_PATH, cookie);
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).toContain('This case study is private');
    expect(body).toMatch(/<input[^>]*type="password"[^>]*>/);
    expect(body).toContain('<meta name="description" content="A fixture for private case studies.');
    expect(body).not.toContain('application/ld+json');
    expect(body).toContain('href="mailto:private@example.com"');
  });

  it('every private media file: a 404 with no bytes of it', async () => {
    for (const file of media) {
      const answer = await get(`/private-media/${file.name}`, cookie);
      expect(answer.status, file.name).toBe(404);
      expect(leaks(answer.bytes ?? answer.body, media)).toEqual([]);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('the home page, the sitemap, robots.txt, the social image and every script say nothing of the story', async () => {
    const home = await get('/', cookie);
    expect(home.body).toContain('Treasury Ledger for a Private Bank');
    const sitemap = await get('/sitemap.xml', cookie);
    expect(sitemap.body).toContain('/case-study/blocks-demo');
    expect(sitemap.body).not.toContain(PRIVATE_SLUG);
    const social = await get(`/social/case-study-${PRIVATE_SLUG}.png`, cookie);
    expect(social.status).toBe(200);
    const page = await get(PRIVATE_PATH, cookie);
    // The page names the islands' boot module; every island it may import is read too.
    const islands = readdirSync(path.join(ROOT, 'public/build/islands'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => `/build/islands/${file}`);
    const scripts = [...new Set([...[...page.body.matchAll(/\/build\/[\w./$-]+\.js/g)].map(([found]) => found), ...islands])];
    expect(scripts.some((script) => script.startsWith('/build/islands/boot-'))).toBe(true);
    expect(scripts.length).toBeGreaterThan(3);
    for (const answer of [
      home,
      sitemap,
      await get('/robots.txt', cookie),
      social,
      ...(await Promise.all(scripts.map((path) => get(path, cookie)))),
    ]) {
      expect(leaks(answer.bytes ?? answer.body, media)).toEqual([]);
    }
  });
});

describe('the Node server, unlocked', () => {
  it('shows the story, with its media, still never cached or indexed', async () => {
    const answer = await get(PRIVATE_PATH, validCookie());
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Quillfeather’s treasury team reconciled the Halcyon ledger');
    expect(answer.body).toContain('<meta name="robots" content="noindex"/>');
    expectPrivateHeaders(answer, 'unlocked page');
    const [name] = answer.body.match(/\/private-media\/[\w.-]+\.webp/) ?? [];
    expect(name).toBeDefined();
    const file = await fetch(server.url + name, { headers: { cookie: validCookie() } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(500);
  });

  it('its data request carries the story; without the cookie the next one does not (no cache poisoning)', async () => {
    const unlocked = await get(`${PRIVATE_PATH}.data`, validCookie());
    expect(unlocked.body).toContain('Halcyon');
    for (const path of PAGE_PATHS) {
      await get(path, validCookie());
      const after = await get(path);
      expect(leaks(after.bytes, media), path).toEqual([]);
      expect(after.headers['x-cache']).not.toBe('HIT');
    }
  });
});

describe('the password form', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    get(PRIVATE_PATH, '', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

  it('a wrong password: 401, the lock page with the error, nothing private, the password not echoed', async () => {
    const answer = await post(new URLSearchParams({ password: 'hunter2-wrong-guess' }).toString());
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('That password isn’t right.');
    expect(answer.body).toMatch(/aria-invalid="true"/);
    expect(answer.body).not.toContain('hunter2-wrong-guess');
    expect(leaks(answer.bytes ?? answer.body, media)).toEqual([]);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('the right password: 303 to the page with a signed HttpOnly cookie for 30 days that holds no password', async () => {
    const answer = await post(new URLSearchParams({ password: PASSWORD }).toString());
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(PRIVATE_PATH);
    const cookie = answer.headers['set-cookie'];
    expect(cookie).toMatch(/^portfolio_unlock=\d+\.[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toContain(PASSWORD.split(' ')[0]);
    const unlocked = await get(PRIVATE_PATH, must(cookie, 'an unlock cookie').split(';')[0]);
    expect(unlocked.body).toContain('Halcyon');
  });

  it('JSON, an empty password and an oversized body are refused with a 4xx', async () => {
    expect((await post(JSON.stringify({ password: PASSWORD }), { 'content-type': 'application/json' })).status).toBe(415);
    expect((await post('password=')).status).toBe(400);
    expect((await post(`password=${'x'.repeat(10_000)}`)).status).toBe(413);
  });

  it('a public case study has no form to post to (405)', async () => {
    const answer = await get('/case-study/office-depot', '', {
      method: 'POST',
      body: 'password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(405);
  });
});

describe('the packaged Netlify function', () => {
  it.each(Object.entries(BAD))('with %s: the page, its data requests, the media, the sitemap: nothing private', async (_name, cookie) => {
    const headers = cookie ? { cookie } : undefined;
    const answers = await packaged.call(
      [...PAGE_PATHS, '/sitemap.xml', '/', ...media.map((file) => `/private-media/${file.name}`)].map((path) => ({ path, headers })),
      FUNCTION_ENV,
    );
    for (const answer of answers) {
      expect(leaks(answer.body, media), answer.path).toEqual([]);
      if (answer.path.startsWith(PRIVATE_PATH)) {
        expect(answer.status, answer.path).toBe(200);
        expectPrivateHeaders(answer, answer.path);
      }
      if (answer.path.startsWith('/private-media/')) expect(answer.status, answer.path).toBe(404);
    }
  });

  it('unlocked: the story and its media travel with the function (included_files)', async () => {
    const page = at(
      await packaged.call([{ path: PRIVATE_PATH, headers: { cookie: validCookie() } }], FUNCTION_ENV),
      0,
      'an answer for the page',
    );
    expect(page.body).toContain('Halcyon');
    expectPrivateHeaders(page, 'unlocked');
    const [name] = page.body.match(/\/private-media\/[\w.-]+\.avif/) ?? [];
    const file = at(await packaged.call([{ path: name!, headers: { cookie: validCookie() } }], FUNCTION_ENV), 0, 'an answer for the image');
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('the right password over https: the cookie is Secure', async () => {
    const answer = at(
      await packaged.call(
        [
          {
            path: PRIVATE_PATH,
            method: 'POST',
            body: new URLSearchParams({ password: PASSWORD }).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          },
        ],
        FUNCTION_ENV,
      ),
      0,
      'an answer to the password POST',
    );
    expect(answer.status).toBe(303);
    expect(answer.headers['set-cookie']).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it('more than 10 wrong passwords from one IP in 10 minutes: 429 for every attempt, even the right password', async () => {
    const form = (password: string) => ({
      path: PRIVATE_PATH,
      method: 'POST',
      body: new URLSearchParams({ password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-nf-client-connection-ip': '198.51.100.7' },
    });
    const answers = await packaged.call(
      [...Array.from({ length: 10 }, (_, i) => form(`wrong-${i}`)), form('wrong-again'), form(PASSWORD)],
      FUNCTION_ENV,
    );
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(answers.slice(10).map((a) => a.status)).toEqual([429, 429]);
    expect(answers[11]?.body).toContain('Too many wrong passwords');
    expect(at(answers, 11, 'a twelfth answer').headers['set-cookie']).toBeUndefined();
  });

  it('with no password set (none in the environment, no database) nothing unlocks and the page offers no box; without SESSION_SECRET nothing can be signed', async () => {
    const unlock = {
      path: PRIVATE_PATH,
      method: 'POST',
      body: new URLSearchParams({ password: PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    const noPassword = at(
      await packaged.call([unlock], { CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON, SESSION_SECRET: 'x' }),
      0,
      'an answer without a password set',
    );
    // Nothing to judge: back to the page, which says how to ask for access, with no cookie.
    expect(noPassword.status).toBe(303);
    expect(noPassword.headers['set-cookie']).toBeUndefined();
    const locked = at(
      await packaged.call([{ path: PRIVATE_PATH }], { CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON, SESSION_SECRET: 'x' }),
      0,
      'the page without a password set',
    );
    expect(locked.status).toBe(200);
    expect(locked.body).not.toContain('name="password"');
    expect(locked.body).toContain('This work is under NDA');
    expect(locked.body).toContain('href="/#contact"');
    expect(leaks(locked.body, media)).toEqual([]);
    const noSecret = at(
      await packaged.call([unlock], { CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON, PRIVATE_CASE_STUDY_PASSWORD: PASSWORD }),
      0,
      'an answer without a secret set',
    );
    expect(noSecret.status).toBe(503);
    expect(noSecret.headers['set-cookie']).toBeUndefined();
    const page = at(
      await packaged.call([{ path: PRIVATE_PATH, headers: { cookie: validCookie() } }], {
        CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON,
        PRIVATE_CASE_STUDY_PASSWORD: PASSWORD,
      }),
      0,
      'an answer for the page',
    );
    expect(leaks(page.body, media)).toEqual([]);
  });
});
