import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import contentCheck from '../../netlify/functions/content-check';
import {
  CONTENT_CHECK_PATH,
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

/**
 * The owner-only content-check function: its door (bearer, method, size,
 * type), its answers, and the app's caller, in-process as under the local
 * server and over HTTP as on Netlify (the built server mounts the same file).
 * The function reads the checkout's HEAD (local mode: vitest runs in it).
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
