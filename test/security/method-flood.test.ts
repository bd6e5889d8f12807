import { describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { PRIVATE_ENV, PRIVATE_PATH } from '../helpers/data/private';
import { startServer } from '../helpers/start/server';
import { useStarted } from '../helpers/suite/use-started';
import { LOG_WAIT } from '../helpers/wait';

/**
 * The fifth finding of the third attack review: a method a route does not
 * take (a POST to /resume, a PUT to /) was a 405 from Remix, with eleven log
 * lines and a stack trace per request, from anyone, with no Origin needed.
 * It is still Remix's 405 page (the spec's "Unexpected Application Error!"),
 * with `Allow` from the build's routes, and no log line. The public forms and
 * the owner's routes still take their POSTs.
 */

// The fixture content, which has a private case study to unlock, and an owner's area that is open.
const server = useStarted(
  () => startServer({ ...PRIVATE_ENV, CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON, ADMIN_PASSWORD: 'owner password for the method flood' }),
  (started) => started.stop(),
);

const lines = (text: string) => text.split('\n').filter((line) => line.trim()).length;

/**
 * The lines the server wrote for `send`, counted once a page that logs one
 * known line (a 404) has been logged after it: what the requests wrote went
 * out before that line.
 */
async function linesWrittenBy(send: () => Promise<void>): Promise<number> {
  const before = server.output().length;
  await send();
  const fence = `/no-such-page-${Math.random().toString(36).slice(2)}`;
  expect((await fetch(`${server.url}${fence}`)).status).toBe(404);
  await expect.poll(() => server.output().slice(before), LOG_WAIT).toContain(`404 Not Found: ${fence}`);
  const written = server.output().slice(before);
  return lines(written.slice(0, written.indexOf(`404 Not Found: ${fence}`)));
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('a method the route does not take', () => {
  const refused: [string, string][] = [
    ['POST', '/resume'],
    ['POST', '/privacy'],
    ['POST', '/s/anything-at-all'],
    ['PUT', '/'],
    ['POST', '/'],
    ['DELETE', '/resume'],
    ['PATCH', '/shared'],
    ['POST', '/resume.data'],
    ['POST', '/sitemap.xml'],
  ];

  it('is a 405 that says what the address takes', async () => {
    for (const [method, target] of refused) {
      const response = await fetch(`${server.url}${target}`, { method, headers: form, body: 'x=1', redirect: 'manual' });
      expect(response.status, `${method} ${target}`).toBe(405);
      expect(response.headers.get('allow'), `${method} ${target}`).toBe('GET, HEAD');
      expect(await response.text()).not.toMatch(/\bat \S+:\d+/);
    }
  });

  it('writes at most one log line per request, and no stack trace', async () => {
    const count = await linesWrittenBy(async () => {
      for (let round = 0; round < 3; round++)
        for (const [method, target] of refused) await fetch(`${server.url}${target}`, { method, headers: form, body: 'x=1' });
    });
    expect(count).toBeLessThanOrEqual(3 * refused.length);
    expect(server.output()).not.toMatch(/did not provide an `action`/);
  });
});

describe('the routes that take a POST still get it', () => {
  it('the contact form, the private case study’s unlock, the reading beacon, sign-in and the editor’s upload', async () => {
    const origin = { origin: server.url, ...form };
    const targets = ['/?index', PRIVATE_PATH, '/api/insights', '/api/contact', '/admin/sign-in', '/admin/content/api/upload'];
    for (const target of targets) {
      const response = await fetch(`${server.url}${target}`, { method: 'POST', headers: origin, body: 'x=1', redirect: 'manual' });
      expect(response.status, target).not.toBe(405);
      // The route answered (a 503 is the editor saying it has no database here), never a crash.
      expect([500, 502], target).not.toContain(response.status);
    }
  });

  it('a share link still opens', async () => {
    const response = await fetch(`${server.url}/s/not-a-real-token`, { redirect: 'manual' });
    expect(response.status).not.toBe(405);
  });
});
