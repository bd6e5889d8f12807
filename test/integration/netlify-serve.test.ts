// @module-tag slow
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalBlobs, startNetlifyServe, UNLINKED_SITE_ID, type NetlifyServe } from '../helpers/start/netlify-serve';
import { LOG_WAIT } from '../helpers/wait';

/**
 * The built site under Netlify's own local runtime, `netlify serve`, offline
 * (test/helpers/start/netlify-serve.ts): pages through the packaged Remix function,
 * static files with netlify.toml's headers, and the local Blobs a function
 * reaches with a bare getStore(), as on Netlify.
 */

const PROBE = 'test/fixtures/netlify-functions/blobs-probe.mjs';

describe('netlify serve, offline, against the current build', () => {
  let serve: NetlifyServe;
  let second: NetlifyServe;
  const blobsDir = mkdtempSync(path.join(os.tmpdir(), 'netlify-serve-blobs-'));
  const probeOf = (instance: NetlifyServe) => (query: string, init?: RequestInit) =>
    fetch(`${instance.url}/.netlify/functions/blobs-probe?${query}`, init);
  const probe = (query: string, init?: RequestInit) => probeOf(serve)(query, init);

  beforeAll(async () => {
    // Two instances on one local store, as two Netlify function instances share the site's Blobs.
    const started = await Promise.allSettled([
      startNetlifyServe({
        extraFunctions: [PROBE],
        blobsDir,
        env: { PROBE_MARK: 'given to the first', CONTENT_CHECK_SECRET: 'netlify-serve-test-secret-0123456789abcdef' },
      }),
      startNetlifyServe({ extraFunctions: [PROBE], blobsDir }),
    ]);
    const [first, other] = started;
    if (first?.status === 'fulfilled') serve = first.value;
    if (other?.status === 'fulfilled') second = other.value;
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }, 600_000);

  // A bound, not a pace: each stop may wait 10 s for the CLI to end, then removes its copy of the site; on a busy machine, more than 30 s in all.
  afterAll(async () => {
    await Promise.all([serve?.stop(), second?.stop()]);
    rmSync(blobsDir, { recursive: true, force: true });
  }, 120_000);

  it("answers a page through the Remix function, with the app's and netlify.toml's headers", async () => {
    const response = await fetch(`${serve.url}/`);
    expect(response.status, serve.output()).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    // The app's own policy (app/http) and netlify.toml's [[headers]] for "/*".
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-nf-runtime')).toBe('Node');
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    // The catch-all redirect sent it to the function.
    await expect.poll(() => serve.output(), LOG_WAIT).toContain('Rewrote URL to /.netlify/functions/server');
  });

  it('serves a built static file byte for byte, with the headers netlify.toml gives its path', async () => {
    const css = readdirSync(path.join(serve.siteDir, 'public/build/_assets')).find((name) => name.endsWith('.css'));
    expect(css, 'a built stylesheet under public/build/_assets').toBeTruthy();
    const response = await fetch(`${serve.url}/build/_assets/${css}`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(serve.siteDir, 'public/build/_assets', css!)))).toBe(
      true,
    );
  });

  it("passes a same-origin POST in the owner's area to the app and refuses a foreign one, behind the CLI's proxy", async () => {
    const post = (origin: string) =>
      fetch(`${serve.url}/admin/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'password=wrong',
      });
    const refusal = 'This form must be sent from this site.';
    const foreign = await post('https://elsewhere.example');
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toBe(refusal);
    const same = await post(serve.url);
    const echo = await (await probe('echo=1')).json();
    const body = await same.text();
    expect(same.status, `${body}\nas a function sees a request: ${JSON.stringify(echo)}`).not.toBe(403);
    expect(body).not.toContain(refusal);
    // The sign-in itself answers (here 503: this instance has no owner's database, and the owner's area fails closed).
    expect(same.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('runs the packaged content-check function, which carries esbuild and sharp, and the secret guards it', async () => {
    const get = await fetch(`${serve.url}/.netlify/functions/content-check`);
    expect(get.status, serve.output()).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const post = await fetch(`${serve.url}/.netlify/functions/content-check`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-secret', 'content-type': 'application/json' },
      body: '{"changes":[]}',
    });
    expect(post.status).toBe(401);
  });

  it('gives a function its local Blobs: getStore() with no siteID or token writes and reads them', async () => {
    const key = `probe-${randomUUID()}`;
    const value = `written at ${new Date().toISOString()}`;
    expect((await probe(`key=${key}`)).status).toBe(404);
    const put = await probe(`key=${key}`, { method: 'PUT', body: value });
    expect(put.status, serve.output()).toBe(201);
    // Another invocation reads it back.
    const read = await probe(`key=${key}`);
    expect(read.status).toBe(200);
    expect(await read.text()).toBe(value);
    // It is the CLI's local sandbox (a BlobsServer's files), for the unlinked site, in the site store "probe".
    const file = path.join(serve.blobsDir, 'entries', UNLINKED_SITE_ID, 'site:probe', key);
    expect(existsSync(file), `${file} after the write`).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(value);
  });

  it('lets a second instance on the same local Blobs read what the first wrote, and the first read its writes', async () => {
    const key = `shared-${randomUUID()}`;
    expect((await probeOf(second)(`key=${key}`)).status).toBe(404);
    expect((await probe(`key=${key}`, { method: 'PUT', body: 'from the first' })).status).toBe(201);
    const read = await probeOf(second)(`key=${key}`);
    expect(read.status, second.output()).toBe(200);
    expect(await read.text()).toBe('from the first');
    expect((await probeOf(second)(`key=${key}`, { method: 'PUT', body: 'from the second' })).status).toBe(201);
    expect(await (await probe(`key=${key}`)).text()).toBe('from the second');
  });

  it('shares the store with the test: what the test writes a function reads, and what a function writes the test reads', async () => {
    const local = await openLocalBlobs(blobsDir);
    try {
      const store = local.store('probe');
      const seeded = `seeded-${randomUUID()}`;
      await store.set(seeded, 'from the test');
      const read = await probe(`key=${seeded}`);
      expect(read.status).toBe(200);
      expect(await read.text()).toBe('from the test');
      const written = `written-${randomUUID()}`;
      expect((await probeOf(second)(`key=${written}`, { method: 'PUT', body: 'from a function' })).status).toBe(201);
      expect(await store.get(written)).toBe('from a function');
      expect(await store.get(`absent-${randomUUID()}`)).toBeNull();
    } finally {
      await local.close();
    }
  });

  it('tells a function, through its environment, where the Blobs are and that it runs locally', async () => {
    const { env } = (await (await probe('env=1')).json()) as { env: Record<string, string | null> };
    expect(env.NETLIFY_BLOBS_CONTEXT).toBe('set');
    expect(env.NETLIFY_LOCAL).toBe('true');
    // What the test gives the CLI reaches its functions (a test's SMTP server, git remote, secrets).
    expect(await (await probe('var=PROBE_MARK')).json()).toEqual({ value: 'given to the first' });
    expect(await (await probeOf(second)('var=PROBE_MARK')).json()).toEqual({ value: null });
  });

  it('lets purgeCache() only log, locally, without a purge token', async () => {
    const response = await probe('purge=page-home,case-study-x', { method: 'POST' });
    expect(response.status, serve.output()).toBe(200);
    await expect
      .poll(() => serve.output(), LOG_WAIT)
      .toContain('Skipping purgeCache for tags page-home, case-study-x in local development.');
  });
});
