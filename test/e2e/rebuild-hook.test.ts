import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REBUILD_STARTED, rebuildSetting } from '~/editing/going-live/rebuild.server';
import { startOwnerServer, startOwnerStack, type OwnerStack } from '../helpers/suite/owner-stack';
import { type RunningServer } from '../helpers/start/server';
import { testDatabase } from '../helpers/start/test-database';
import { LOG_WAIT } from '../helpers/wait';
import { at } from '../helpers/must';
import { signInOwner, signInPage } from '../helpers/site/owner-session';
import { useBrowser } from '../helpers/suite/browser-suite';

/**
 * The owner's "Rebuild the site" against a stand-in for Netlify's build hook:
 * Netlify's API cannot be reached from here, so a local HTTP server takes the
 * hook's POST, records it and answers as the test tells it (accepted, refused,
 * or never). The hook's address is a secret: it must never reach a page or a log.
 */

const ADMIN_PASSWORD = 'owner password for rebuild tests';
const HOOK_ID = 'hook0SECRET0id0123456789';

type HookCall = { method: string; url: string; body: string };
let answer: 'accept' | 'refuse' | 'hang' = 'accept';
const calls: HookCall[] = [];
const hanging: http.ServerResponse[] = [];
let hook: http.Server;
let stack: OwnerStack;
let withoutHook: RunningServer;
const chromium = useBrowser({}, { pagePerTest: true });

beforeAll(async () => {
  hook = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      calls.push({ method: request.method!, url: request.url!, body });
      if (answer === 'hang') return void hanging.push(response);
      response.writeHead(answer === 'accept' ? 200 : 500).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/${HOOK_ID}`;
  stack = await startOwnerStack(ADMIN_PASSWORD, { BUILD_HOOK_URL: hookUrl });
  withoutHook = await startOwnerServer(ADMIN_PASSWORD, (await testDatabase()).url);
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await withoutHook?.stop();
  await stack?.stop();
  await new Promise((resolve) => hook?.close(resolve));
});

const origin = () => stack.server.url;
const post = (body: Record<string, string>, cookie: string, headers: Record<string, string> = { origin: origin() }) =>
  fetch(`${origin()}/admin?index`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(body),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
  });

const signIn = (base = origin()) => signInOwner(base, ADMIN_PASSWORD);

function expectNoSecret(text: string) {
  expect(text).not.toContain(HOOK_ID);
  expect(text).not.toContain('build_hooks');
}

describe('the rebuild button', () => {
  it('shows on the overview only when BUILD_HOOK_URL is set, and the page never holds the hook’s address', async () => {
    const page = await (await fetch(`${origin()}/admin`, { headers: { cookie: await signIn() } })).text();
    expect(page).toMatch(/<form method="post" action="\/admin\?index"[^>]*data-rebuild-form/);
    expect(page).toContain('>Rebuild the site</button>');
    expectNoSecret(page);
    const plain = await (await fetch(`${withoutHook.url}/admin`, { headers: { cookie: await signIn(withoutHook.url) } })).text();
    expect(plain).toContain('Share links');
    expect(plain).not.toContain('Rebuild the site');
    expect(plain).not.toContain('data-rebuild-form');
  });

  it('a POST from another origin, without an Origin, or without a session never reaches the hook', async () => {
    const cookie = await signIn();
    expect((await post({ intent: 'rebuild' }, cookie, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ intent: 'rebuild' }, cookie, {})).status).toBe(403);
    const anonymous = await post({ intent: 'rebuild' }, '');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toMatch(/^\/admin\/sign-in/);
    expect((await post({ intent: 'something else' }, cookie)).status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('a hook that refuses: a sentence that nothing started (502), and no secret in it or in the log', async () => {
    answer = 'refuse';
    const response = await post({ intent: 'rebuild' }, await signIn());
    expect(response.status).toBe(502);
    const page = await response.text();
    expect(page).toContain('Netlify refused the rebuild just now. Nothing was started; try again in a few minutes.');
    expect(page).toContain('data-rebuild-result="failed"');
    expectNoSecret(page);
    expect(calls).toHaveLength(1);
    await expect.poll(() => stack.server.output(), LOG_WAIT).toContain('rebuild: the build hook answered 500');
    expectNoSecret(stack.server.output());
  });

  it('a hook that never answers: the wait is bounded, and the sentence says it may have started (504)', async () => {
    answer = 'hang';
    const started = Date.now();
    const response = await post({ intent: 'rebuild' }, await signIn());
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await response.text()).toContain('Netlify did not answer within 10 seconds, so the rebuild may or may not have started.');
    expect(calls).toHaveLength(2);
  });

  it('without JavaScript, a click POSTs to the hook once and the page says a rebuild started; a second click within a minute does not spend another deploy', async () => {
    answer = 'accept';
    const tracked = await chromium.open({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    try {
      const { page } = tracked;
      await signInPage(page, origin(), ADMIN_PASSWORD);
      await page.goto(`${origin()}/admin`);
      await page.getByRole('button', { name: 'Rebuild the site' }).click();
      await expect.poll(() => page.locator('[data-rebuild-result="started"]').textContent(), { timeout: 15_000 }).toBe(REBUILD_STARTED);
      expect(REBUILD_STARTED).toBe('A full rebuild has started; it takes a few minutes and counts as one deploy on Netlify.');
      expect(calls).toHaveLength(3);
      const call = at(calls, 2, 'a third call to the build hook');
      expect(call.method).toBe('POST');
      const url = new URL(call.url, 'http://stand-in');
      expect(url.pathname).toBe(`/build_hooks/${HOOK_ID}`);
      expect(url.searchParams.get('trigger_title')).toBe('Rebuild from the owner’s area');
      expect(call.body).toBe('{}');

      await page.getByRole('button', { name: 'Rebuild the site' }).click();
      await expect
        .poll(() => page.locator('[data-rebuild-result="under-way"]').textContent(), { timeout: 15_000 })
        .toBe('A rebuild started less than a minute ago and is still under way. There is no need to start another.');
      expect(calls).toHaveLength(3);
      expectNoSecret(await page.content());
    } finally {
      await tracked.close();
    }
    expectNoSecret(stack.server.output());
  });
});

describe('BUILD_HOOK_URL', () => {
  it('unset or blank: no button; an https address: the button; anything else: the button is off, and says why', () => {
    expect(rebuildSetting({})).toEqual({ state: 'off' });
    expect(rebuildSetting({ BUILD_HOOK_URL: '  ' })).toEqual({ state: 'off' });
    expect(rebuildSetting({ BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc' })).toMatchObject({ state: 'ready' });
    expect(rebuildSetting({ BUILD_HOOK_URL: 'http://127.0.0.1:8080/build_hooks/abc' })).toMatchObject({ state: 'ready' });
    for (const wrong of [
      'http://api.netlify.com/build_hooks/abc',
      'https://user:pass@api.netlify.com/build_hooks/abc',
      'api.netlify.com/build_hooks/abc',
      'file:///etc/passwd',
    ]) {
      expect(rebuildSetting({ BUILD_HOOK_URL: wrong }), wrong).toEqual({ state: 'invalid' });
    }
  });
});
