import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TrackedPage } from '../helpers/browser';
import { openSignedIn, remoteFile, startEditorStack, waitForSaveResult, type EditorStack } from '../helpers/editor-stack';
import { ROOT } from '../helpers/content';
import { startServer, type RunningServer } from '../helpers/server';
import { FIXTURE_CONTENT_JSON } from '../helpers/fixture-site';
import { PRIVATE_ENV } from '../helpers/private';

/**
 * A publish is live in seconds, with no rebuild and no restart: the built
 * server in remote mode (a real git remote), the designer publishing in
 * Chromium, and visitors' requests (plain HTTP, as a browser or a crawler
 * makes them) seeing the change on the page, its data request, the resume
 * PDF and the sharing card within 10 s; a second server on the same live
 * store sees it too; once seen, never the old one again. The build's output
 * is byte for byte what it was.
 */

const LIVE_WITHIN_MS = 10_000;

let stack: EditorStack;
let second: RunningServer;
let browser: Browser;
const opened: TrackedPage[] = [];
let liveDir: string;

/** Every file the build wrote that a publish could touch: path → sha256. */
function buildOutput(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(ROOT, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  for (const dir of ['build', 'public/build', path.dirname(FIXTURE_CONTENT_JSON), '.generated/site-files']) walk(path.join(ROOT, dir));
  files.set('.generated/content.json', createHash('sha256').update(readFileSync(path.join(ROOT, '.generated/content.json'))).digest('hex'));
  return files;
}

let outputBefore: Map<string, string>;

beforeAll(async () => {
  outputBefore = buildOutput();
  const { mkdtempSync } = await import('node:fs');
  const os = await import('node:os');
  liveDir = mkdtempSync(path.join(os.tmpdir(), 'live-store-'));
  [stack, browser] = await Promise.all([startEditorStack({ password: 'live publish password', env: { LIVE_CONTENT_DIR: liveDir } }), launchBrowser()]);
  second = await startServer({ ...PRIVATE_ENV, CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON, LIVE_CONTENT_DIR: liveDir });
}, 180_000);

afterAll(async () => {
  for (const page of opened) await page.close();
  await browser?.close();
  await second?.stop();
  await stack?.stop();
});

async function signedIn(): Promise<Page> {
  const tracked = await openSignedIn(browser, stack);
  opened.push(tracked);
  return tracked.page;
}

const text = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: await response.text(), headers: response.headers };
};

/** Polls until `probe` holds; returns how long it took. Fails past the bound. */
async function within(ms: number, probe: () => Promise<boolean>, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('publishing a sentence of a case study', () => {
  const FILE = 'content/case-studies/office-depot.mdx';
  const PAGE = '/case-study/office-depot';
  const NEW_TITLE = 'Rewards, Made Live Without a Build';

  it('shows on the page, its data request and its sharing card within 10 s, on both servers, and never goes back', async () => {
    const before = await text(`${stack.server.url}${PAGE}`);
    expect(before.status).toBe(200);
    expect(before.body).not.toContain(NEW_TITLE);
    const cardBefore = createHash('sha256').update(Buffer.from(await (await fetch(`${stack.server.url}/social/case-study-office-depot.png`)).arrayBuffer())).digest('hex');

    const page = await signedIn();
    await page.goto(`${stack.server.url}/admin/content/case-studies/office-depot.mdx`);
    await page.locator('input[name="title"]').fill(NEW_TITLE);
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const result = await waitForSaveResult(page);
    expect(result.status).toBe('published');
    expect(remoteFile(stack.remote, FILE)).toContain(NEW_TITLE);
    expect(await page.locator('[data-save-result]').innerText()).toMatch(/live on your site now/i);

    for (const server of [stack.server, second]) {
      await within(LIVE_WITHIN_MS - (Date.now() - clicked) + LIVE_WITHIN_MS, async () => (await text(`${server.url}${PAGE}`)).body.includes(NEW_TITLE), `${server.url}${PAGE} shows the new title`);
    }
    expect(Date.now() - clicked).toBeLessThan(2 * LIVE_WITHIN_MS);
    // The data request of a client-side navigation, and the home page's card.
    expect((await text(`${stack.server.url}${PAGE}.data`)).body).toContain(NEW_TITLE);
    expect((await text(`${second.url}/`)).body).toContain(NEW_TITLE);
    const cardAfter = createHash('sha256').update(Buffer.from(await (await fetch(`${stack.server.url}/social/case-study-office-depot.png`)).arrayBuffer())).digest('hex');
    expect(cardAfter).not.toBe(cardBefore);
    // Seen once: every later request shows it (the page cache was purged of what changed).
    for (let i = 0; i < 10; i++) {
      for (const server of [stack.server, second]) expect((await text(`${server.url}${PAGE}`)).body).toContain(NEW_TITLE);
    }
    const tags = (await text(`${stack.server.url}${PAGE}`)).headers.get('netlify-cache-tag');
    expect(tags?.split(',')).toEqual(expect.arrayContaining(['content-site', 'content-case-study-office-depot']));
  });

  it('rebuilt nothing: the build output is byte for byte what it was', () => {
    const after = buildOutput();
    const changed = [...new Set([...outputBefore.keys(), ...after.keys()])].filter((file) => outputBefore.get(file) !== after.get(file));
    expect(changed).toEqual([]);
    expect(statSync(path.join(liveDir, 'current.json')).isFile()).toBe(true);
  });
});
