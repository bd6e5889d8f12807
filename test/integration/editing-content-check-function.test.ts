import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import contentCheck from '../../netlify/functions/content-check';
import contentVariants from '../../netlify/functions/content-variants-background';
import { openLiveStore } from '~/content/live-store.server';
import {
  CONTENT_CHECK_PATH,
  CONTENT_VARIANTS_PATH,
  getContentCheckSecret,
  MAX_CHECK_BODY_BYTES,
  runContentCheckInProcess,
} from '~/editing/content-check/config.server';
import { checkEdits } from '~/editing/content-check/call.server';
import { closedPort } from '../helpers/start/ports';
import { SAMPLE_SITE_DIR } from '../helpers/data/content';
import { makeSampleCheckout } from '../helpers/data/sample-checkout';
import { expectConsoleError } from '../setup/console-errors';
import { startServer, type RunningServer } from '../helpers/start/server';
import { git } from '../helpers/start/git-remote';
import { photoLike } from '../helpers/data/photos';
import { startPurgeApi } from '../helpers/stand-ins/purge-api';
import { startBackgroundInvoker } from '../helpers/stand-ins/background-function';

/**
 * The owner-only content-check function: its door (bearer, method, size,
 * type), its answers, and the app's caller, in-process as under the local
 * server and over HTTP as on Netlify (the built server mounts the same file).
 * The function reads the checkout's HEAD (local mode: vitest runs in it).
 * After a publish with a new photo, the background function that makes its
 * variants (content-variants-background) is asked, and the publish answers
 * without waiting for it.
 */

const SECRET = 'content-check-test-secret-0123456789abcdef';
const OFFICE_DEPOT = 'content/case-studies/office-depot.mdx';
// The sample designer's case study (test/fixtures/site).
const officeDepot = readFileSync(path.join(SAMPLE_SITE_DIR, 'case-studies/office-depot.mdx'), 'utf8');
const saved = { ...process.env };

function request(
  body: unknown,
  { method = 'POST', secret = SECRET, type = 'application/json' }: { method?: string; secret?: string | null; type?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': type };
  if (secret !== null) headers.authorization = `Bearer ${secret}`;
  const init: RequestInit = { method, headers };
  if (method !== 'GET') init.body = typeof body === 'string' ? body : JSON.stringify(body);
  return new Request(`http://localhost${CONTENT_CHECK_PATH}`, init);
}

const change = (text: string) => ({ path: OFFICE_DEPOT, base64: Buffer.from(text).toString('base64') });

// Local mode checks the checkout the process runs in: one holding the sample designer, not this repository's content/.
const cwdBefore = process.cwd();
let checkout: ReturnType<typeof makeSampleCheckout>;

beforeAll(() => {
  for (const name of ['CONTENT_CHECK_URL', 'CONTENT_GIT_URL', 'CONTENT_GIT_TOKEN', 'SESSION_SECRET', 'NETLIFY']) delete process.env[name];
  process.env.CONTENT_CHECK_SECRET = SECRET;
  checkout = makeSampleCheckout();
  process.chdir(checkout.dir);
});
afterEach(() => runContentCheckInProcess(undefined));
afterAll(async () => {
  process.chdir(cwdBefore);
  checkout?.dispose();
  process.env = saved;
  await (await import('esbuild')).stop();
});

describe('the door', () => {
  it('refuses a request without the bearer secret, or with another one (401)', async () => {
    for (const secret of [null, 'wrong', `${SECRET}x`]) {
      const answer = await contentCheck(request({ changes: [] }, { secret }));
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(await answer.json()).toEqual({ error: 'Unauthorized.' });
    }
  });

  it('answers only POST (405)', async () => {
    const answer = await contentCheck(request(undefined, { method: 'GET' }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it("refuses a body over Netlify's 6 MB (413), here as on a function host", async () => {
    const over = { changes: [{ path: 'content/case-studies/office-depot/huge.png', base64: 'A'.repeat(MAX_CHECK_BODY_BYTES) }] };
    expect((await contentCheck(request(over))).status).toBe(413);
    // An edit that carries its files itself (not a draft's images, which are named) says so in plain words.
    const edits = [{ path: 'content/case-studies/office-depot/huge.png', bytes: Buffer.alloc(5 * 1024 * 1024) }];
    expect(await checkEdits(edits)).toEqual({
      ok: false,
      unavailable: expect.stringMatching(/too large to check at once\. Publish it in smaller parts/),
    });
  });

  it('refuses anything but JSON (415, 400)', async () => {
    expect((await contentCheck(request('{}', { type: 'text/plain' }))).status).toBe(415);
    expect((await contentCheck(request('{not json'))).status).toBe(400);
    const bad = await contentCheck(request({ changes: [{ path: OFFICE_DEPOT, base64: 'not base64!' }] }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/base64/);
  });

  it('refuses everything when no secret is configured', async () => {
    delete process.env.CONTENT_CHECK_SECRET;
    try {
      expect(getContentCheckSecret()).toBeUndefined();
      // The function logs its misconfiguration (test/setup/console-errors.ts fails a test on an unexpected console.error).
      expectConsoleError(1);
      expect((await contentCheck(request({ changes: [] }))).status).toBe(401);
    } finally {
      process.env.CONTENT_CHECK_SECRET = SECRET;
    }
  });
});

describe('the answers', () => {
  it('checks a good edit: 200 JSON, never stored', async () => {
    const answer = await contentCheck(request({ changes: [change(officeDepot.replace('order: 1', 'order: 4'))] }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ ok: true });
  });

  it('names the problems of a bad edit', async () => {
    const answer = await contentCheck(request({ changes: [change(officeDepot.replace('order: 1', 'order: "two"'))] }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      ok: false,
      problems: [expect.objectContaining({ file: OFFICE_DEPOT, field: 'order', line: 15 })],
    });
  });

  it('says what to set when no way to read the branch is configured (503)', async () => {
    process.env.NETLIFY = 'true';
    try {
      const answer = await contentCheck(request({ changes: [] }));
      expect(answer.status).toBe(503);
      expect((await answer.json()).error).toMatch(/^The content check cannot read the branch\. .*CONTENT_GIT_URL/);
      runContentCheckInProcess(contentCheck);
      expect(await checkEdits([])).toEqual({ ok: false, unavailable: expect.stringMatching(/CONTENT_GIT_TOKEN/) });
    } finally {
      delete process.env.NETLIFY;
    }
  });
});

describe('checkEdits, the app’s caller', () => {
  const edits = [{ path: OFFICE_DEPOT, bytes: Buffer.from(officeDepot.replace('order: 1', 'order: "two"')) }];

  it('calls the function registered in this process, as the local server does', async () => {
    runContentCheckInProcess(contentCheck);
    const result = await checkEdits(edits);
    expect(result).toEqual({ ok: false, problems: [expect.objectContaining({ field: 'order' })] });
    const preview = await checkEdits([], { preview: OFFICE_DEPOT });
    expect(preview.ok && preview.preview?.caseStudy.html).toContain('The Challenge');
  });

  it('says the check is unavailable, in a sentence, when it has no secret or cannot reach the function', async () => {
    delete process.env.CONTENT_CHECK_SECRET;
    try {
      expect(await checkEdits(edits)).toEqual({ ok: false, unavailable: expect.stringMatching(/SESSION_SECRET/) });
      // A guessable secret turns the check off rather than guard it weakly: the function answers previews of private work.
      for (const [name, value] of [
        ['SESSION_SECRET', 'hunter2-but-longer'],
        ['CONTENT_CHECK_SECRET', 'x'.repeat(31)],
      ] as const) {
        process.env[name] = value;
        expect(await checkEdits(edits)).toEqual({ ok: false, unavailable: expect.stringMatching(/at least 32 random characters/) });
        expect(getContentCheckSecret()).toBeUndefined();
        delete process.env[name];
      }
    } finally {
      delete process.env.SESSION_SECRET;
      process.env.CONTENT_CHECK_SECRET = SECRET;
    }
    expect(await checkEdits(edits)).toEqual({ ok: false, unavailable: expect.stringMatching(/no address/) });
    process.env.CONTENT_CHECK_URL = `http://127.0.0.1:${await closedPort()}${CONTENT_CHECK_PATH}`;
    try {
      expect(await checkEdits(edits)).toEqual({ ok: false, unavailable: 'The content check could not be reached. Try again in a minute.' });
    } finally {
      delete process.env.CONTENT_CHECK_URL;
    }
  });

  describe('over HTTP, against the built server (which mounts the same function)', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ CONTENT_CHECK_SECRET: SECRET });
    });
    afterAll(async () => server?.stop());

    it('answers the check at /.netlify/functions/content-check, and refuses a wrong secret', async () => {
      process.env.CONTENT_CHECK_URL = `${server.url}${CONTENT_CHECK_PATH}`;
      try {
        expect(await checkEdits(edits)).toEqual({
          ok: false,
          problems: [expect.objectContaining({ file: OFFICE_DEPOT, field: 'order', line: 15 })],
        });
        process.env.CONTENT_CHECK_SECRET = 'another-secret-of-enough-length-0123456789';
        expect(await checkEdits(edits)).toEqual({ ok: false, unavailable: expect.stringMatching(/secret differs/) });
      } finally {
        process.env.CONTENT_CHECK_SECRET = SECRET;
        delete process.env.CONTENT_CHECK_URL;
      }
    });
  });
});

describe('after a publish with a new photo: the variants, made by the background function after the answer', () => {
  it('the publish answers with the variants pending and the function asked; the function then makes each one at its width and format, and purges them', async () => {
    const liveDir = mkdtempSync(path.join(os.tmpdir(), 'variants-live-'));
    const invoker = await startBackgroundInvoker(CONTENT_VARIANTS_PATH, contentVariants);
    const checkUrl = `${invoker.url}${CONTENT_CHECK_PATH}`;
    const purge = await startPurgeApi();
    Object.assign(process.env, {
      LIVE_CONTENT_DIR: liveDir,
      CONTENT_CHECK_URL: checkUrl,
      NETLIFY_PURGE_API_TOKEN: 'purge-token',
      NETLIFY_PURGE_API_URL: purge.url,
      SITE_ID: 'site-under-test',
    });
    try {
      // The publish's commit: a new 900 × 600 photo in the case study's story.
      const photo = await (await photoLike(900, 600)).jpeg({ quality: 85 }).toBuffer();
      mkdirSync(path.join(checkout.dir, 'content/case-studies/office-depot'), { recursive: true });
      writeFileSync(path.join(checkout.dir, 'content/case-studies/office-depot/new-photo.jpg'), photo);
      writeFileSync(path.join(checkout.dir, OFFICE_DEPOT), `${officeDepot}\n![A new photo](./office-depot/new-photo.jpg)\n`);
      git(checkout.dir, ['add', '-A']);
      git(checkout.dir, ['commit', '--quiet', '-m', 'A new photo']);

      const answer = await contentCheck(request({ live: true }));
      expect(answer.status).toBe(200);
      const { live } = (await answer.json()) as { live: { status: string; version: string; pendingVariants: number } };
      expect(live.status).toBe('live');
      expect(live.pendingVariants).toBeGreaterThan(0);
      // Asked once, with the bearer secret, before the publish answered; and not waited for: it has not run yet.
      expect(invoker.calls).toHaveLength(1);
      expect(invoker.calls[0]).toMatchObject({ authorization: `Bearer ${SECRET}`, body: '{}' });
      const store = (await openLiveStore())!;
      const published = (await store.readVersion((await store.readPointer())!.pointer.id))!;
      const pending = Object.entries(published.files).filter(([, file]) => file.pending);
      expect(pending).toHaveLength(live.pendingVariants);
      expect(pending.every(([url]) => url.includes('/new-photo-'))).toBe(true);
      const purgedBefore = purge.calls.length;
      expect(purgedBefore, 'the publish purged what it changed').toBeGreaterThan(0);

      invoker.release();
      const made = await invoker.calls[0]!.run;
      expect(made.status).toBe(200);
      const outcome = (await made.json()) as { made: number; version: string };
      expect(outcome.made).toBe(live.pendingVariants);
      const current = (await store.readVersion((await store.readPointer())!.pointer.id))!;
      expect(current.id).toBe(outcome.version);
      for (const [url, { pending: wanted }] of pending) {
        const file = current.files[url]!;
        expect(file.pending, url).toBeUndefined();
        expect(file.type, url).toBe(`image/${wanted!.format}`);
        const { width, format } = await sharp((await store.readFile(file.hash))!).metadata();
        expect([width, format === 'heif' ? 'avif' : format], url).toEqual([wanted!.width, wanted!.format]);
      }
      // What changed is purged from the CDN, so the pages ask for the variants.
      expect(purge.calls.slice(purgedBefore).flatMap((call) => call.body?.cache_tags ?? [])).not.toHaveLength(0);

      // Its door: only the content-check function's bearer secret.
      const refused = await contentVariants(new Request(`http://localhost${CONTENT_VARIANTS_PATH}`, { method: 'POST', body: '{}' }));
      expect(refused.status).toBe(401);
    } finally {
      for (const name of ['LIVE_CONTENT_DIR', 'CONTENT_CHECK_URL', 'NETLIFY_PURGE_API_TOKEN', 'NETLIFY_PURGE_API_URL', 'SITE_ID'])
        delete process.env[name];
      await invoker.close();
      await purge.close();
      rmSync(liveDir, { recursive: true, force: true });
    }
  }, 120_000);
});
