// @module-tag slow
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '~/db/connection.server';
import { applyMigrations } from '~/db/migrations.server';
import { LIVE_STORE_NAME } from '~/content/live-store.server';
import { CARDS_TAG, caseStudyTag, fileTag, RESUME_TAG } from '~/content/live-version';
import { type TrackedPage } from '../helpers/start/browser';
import { publishedCaseStudy } from '../helpers/data/content';
import { committedSiteFiles } from '../helpers/suite/editor-stack';
import { remoteFile } from '../helpers/start/git-remote';
import { remoteModeEnv, startGitRemote, type GitRemote } from '../helpers/start/git-remote';
import { openLocalBlobs, startNetlifyServe, UNLINKED_SITE_ID, type NetlifyServe } from '../helpers/start/netlify-serve';
import { testDatabase, type TestDatabase } from '../helpers/start/test-database';
import { PRIVATE_ENV } from '../helpers/data/private';
import { LOG_WAIT } from '../helpers/wait';
import { at, must } from '../helpers/must';
import { startPurgeApi } from '../helpers/stand-ins/purge-api';
import { useBrowser } from '../helpers/suite/browser-suite';
import { signInPage } from '../helpers/site/owner-session';

/**
 * A publish is live in seconds under Netlify's own local runtime, `netlify
 * serve` (test/helpers/start/netlify-serve.ts): the owner's area in remote mode
 * (a real git remote over smart HTTP, a real PostgreSQL), the designer
 * publishing with the plain form (no JavaScript), and the Remix function
 * asking the content-check function over HTTP, at the site's URL, to make
 * the commit live in the local Netlify Blobs. Two instances share that store,
 * as a site's function instances share its Blobs: both show the change on
 * the page, its data request, the home card and the sharing card. The purge
 * reaches a stand-in for Netlify's API with the changed tags.
 *
 * Under `netlify serve` every request starts a new worker (no warm memory),
 * and a function call is cut at 60 s, as on Netlify (the offline CLI's own
 * 30 s is raised to it: test/helpers/start/netlify-function-limit.mjs).
 */

const LIVE_WITHIN_MS = 10_000;
const ADMIN_PASSWORD = 'live on netlify serve password';
const PURGE_TOKEN = 'stand-in-purge-token-0123456789';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const text = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { status: response.status, body: await response.text() };
};
const bytesOf = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('publishing a sentence of a case study under netlify serve', () => {
  const { slug, title } = publishedCaseStudy();
  const PAGE = `/case-study/${slug}`;
  const CARD = `/social/case-study-${slug}.png`;
  const FILE = `content/case-studies/${slug}.mdx`;
  const NEW_TITLE = `${title.split(' ')[0]} Made Live Without a Deploy`;
  const SECOND_TITLE = `${title.split(' ')[0]} Made Live Once More`;

  let database: TestDatabase;
  let remote: GitRemote;
  let purge: Awaited<ReturnType<typeof startPurgeApi>>;
  const chromium = useBrowser();
  let page: TrackedPage | undefined;
  const instances: NetlifyServe[] = [];
  const blobsDir = mkdtempSync(path.join(os.tmpdir(), 'publish-live-blobs-'));

  beforeAll(async () => {
    database = await testDatabase({ migrated: false });
    const dbUrl = database.url;
    // Netlify applies migrations before a deploy goes live; here the test does.
    const db = await createDatabase({ connectionString: dbUrl });
    await applyMigrations(db);
    await db.end();
    [remote, purge] = await Promise.all([startGitRemote({ files: committedSiteFiles() }), startPurgeApi()]);
    const env = {
      ...PRIVATE_ENV,
      ADMIN_PASSWORD,
      NETLIFY_DB_URL: dbUrl,
      ...remoteModeEnv(remote, 'Dana Designer <dana@example.com>'),
      // Netlify gives deployed functions a purge token and SITE_ID; the API is the stand-in.
      NETLIFY_PURGE_API_TOKEN: PURGE_TOKEN,
      NETLIFY_PURGE_API_URL: purge.url,
    };
    const started = await Promise.allSettled([startNetlifyServe({ blobsDir, env }), startNetlifyServe({ blobsDir, env })]);
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }, 600_000);

  afterAll(async () => {
    // What the CLI and the functions printed, for a failure's diagnosis.
    instances.forEach((instance, index) =>
      writeFileSync(path.join(os.tmpdir(), `publish-live-netlify-${index + 1}.log`), instance.output()),
    );
    await Promise.all(instances.map((instance) => instance.stop()));
    await purge?.close();
    await remote?.close();
    await database?.drop();
    rmSync(blobsDir, { recursive: true, force: true });
  }, 60_000);

  /** The designer, without JavaScript: the plain forms post to the Remix function of the first instance. */
  async function publishTitle(newTitle: string): Promise<{ clicked: number; answered: number }> {
    const origin = at(instances, 0, 'a first instance').url;
    if (!page) {
      page = await chromium.open({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
      page.page.setDefaultTimeout(60_000);
      await signInPage(page.page, origin, ADMIN_PASSWORD);
    }
    const tab = page.page;
    await tab.goto(`${origin}/admin/content/case-studies/${slug}.mdx`);
    await tab.locator('input[name="title"]').fill(newTitle);
    const clicked = Date.now();
    await tab.getByRole('button', { name: 'Publish', exact: true }).click();
    const result = tab.locator('[data-save-result]');
    // A cold publish under serve is two cold content-check calls and a push: bounded by the 60 s limit of a call, and a margin.
    await result.waitFor({ timeout: 90_000 });
    const answered = Date.now();
    expect(await result.getAttribute('data-save-result'), `${await result.innerText()}\n${instances[0]?.output()}`).toBe('published');
    expect(await result.innerText(), instances[0]?.output()).toMatch(/live on your site now/i);
    expect(remoteFile(remote, FILE)).toContain(newTitle);
    return { clicked, answered };
  }

  /** What of `newTitle` a request made now does not show yet (empty: all of it). */
  async function missing(instance: NetlifyServe, newTitle: string, cardBefore: Buffer): Promise<string[]> {
    const lacking: string[] = [];
    if (!(await text(`${instance.url}${PAGE}`)).body.includes(newTitle)) lacking.push(PAGE);
    if (!(await text(`${instance.url}${PAGE}.data`)).body.includes(newTitle)) lacking.push(`${PAGE}.data`);
    if (!(await text(`${instance.url}/`)).body.includes(newTitle)) lacking.push('/ (the card)');
    const card = await bytesOf(`${instance.url}${CARD}`);
    if (card.status !== 200 || card.bytes.equals(cardBefore)) lacking.push(`${CARD} (${card.status})`);
    return lacking;
  }

  /**
   * When a request that showed all of `newTitle` was made. One request at a time: under serve each
   * starts a worker that loads the whole server bundle (seconds on a busy machine), so the bound is on
   * when the request was made, not when it was answered.
   */
  async function seenAt(instance: NetlifyServe, newTitle: string, answered: number, cardBefore: Buffer): Promise<number> {
    let lacking: string[] = [];
    for (;;) {
      const asked = Date.now();
      if (asked - answered > LIVE_WITHIN_MS)
        throw new Error(
          `${instance.url}: requests made within ${LIVE_WITHIN_MS} ms of the publish did not show "${newTitle}" on ${lacking.join(', ')}:\n${instance.output()}`,
        );
      lacking = await missing(instance, newTitle, cardBefore);
      if (lacking.length === 0) return asked;
    }
  }

  it('shows on the page, its data request, the home card and the sharing card of both instances within 10 s', async () => {
    const first = at(instances, 0, 'a first instance');
    const second = at(instances, 1, 'a second instance');
    const before = await text(`${first.url}${PAGE}`);
    expect(before.status, first.output()).toBe(200);
    expect(before.body).toContain(title);
    expect(before.body).not.toContain(NEW_TITLE);
    const cardBefore = await bytesOf(`${first.url}${CARD}`);
    expect(cardBefore.status).toBe(200);

    const { clicked, answered } = await publishTitle(NEW_TITLE);
    const seen = await Promise.all(instances.map((instance) => seenAt(instance, NEW_TITLE, answered, cardBefore.bytes)));
    console.log(
      `netlify serve: the publish answered ${answered - clicked} ms after the click; requests made ${seen.map((at) => at - answered).join(' and ')} ms after it showed the change on the two instances`,
    );

    // Once seen, never the old one again (no warm memory under serve: every request reads the store).
    for (const instance of [first, second]) {
      const again = await text(`${instance.url}${PAGE}`);
      expect(again.body).toContain(NEW_TITLE);
      expect(again.body).not.toContain(`<h1>${title}`);
    }
    // Sign-in, the editor page and the publish each run in a fresh worker under serve: seconds each on a busy machine.
  }, 300_000);

  it("keeps the version in the site's Blobs store: the pointer `current` names it, its content has the change", async () => {
    const blobs = await openLocalBlobs(blobsDir);
    try {
      const store = blobs.store(LIVE_STORE_NAME);
      const pointer = (await store.get('current', { type: 'json' })) as { id: string; commit: string } | null;
      expect(pointer).not.toBeNull();
      expect(pointer!.commit).toBe(remote.git('rev-parse', 'main'));
      const version = (await store.get(`versions/${pointer!.id}`, { type: 'json' })) as {
        content: { caseStudies: Record<string, { title: string }> };
        files: Record<string, { hash: string }>;
      };
      expect(version.content.caseStudies[slug]?.title).toBe(NEW_TITLE);
      const card = must(version.files[CARD], "the sharing card among the version's files");
      const cardBytes = await store.get(`files/${card.hash}`, { type: 'arrayBuffer' });
      expect(sha(Buffer.from(cardBytes!))).toBe(card.hash);
      // A visitor cannot list or read it: no URL reaches the store.
      const listing = await fetch(`${at(instances, 0, 'a first instance').url}/.netlify/blobs/${LIVE_STORE_NAME}`);
      expect(await listing.text()).not.toContain(pointer!.id);
    } finally {
      await blobs.close();
    }
  });

  it('purges exactly the changed tags through the purge API (a stand-in)', async () => {
    await expect.poll(() => purge.calls.length, LOG_WAIT).toBeGreaterThan(0);
    expect(purge.calls.every((call) => call.authorization === `Bearer ${PURGE_TOKEN}`)).toBe(true);
    // The site the purge names: netlify serve's unlinked site (SITE_ID is not set for its functions).
    expect(purge.calls.map((call) => call.body?.site_id)).toEqual(purge.calls.map(() => UNLINKED_SITE_ID));
    const tags = purge.calls.flatMap((call) => call.body?.cache_tags ?? []);
    expect(tags).toEqual(expect.arrayContaining([caseStudyTag(slug), CARDS_TAG, fileTag(CARD)]));
    // Only what the title touched: not the resume, not another case study.
    expect(tags).not.toContain(RESUME_TAG);
    expect(tags.filter((tag) => tag.startsWith('content-case-study-'))).toEqual([caseStudyTag(slug)]);
  });

  it('a second publish replaces the first on both instances (the pointer is overwritten in the local Blobs)', async () => {
    const cardBefore = (await bytesOf(`${at(instances, 1, 'a second instance').url}${CARD}`)).bytes;
    const { answered } = await publishTitle(SECOND_TITLE);
    await Promise.all(instances.map((instance) => seenAt(instance, SECOND_TITLE, answered, cardBefore)));
    const blobs = await openLocalBlobs(blobsDir);
    try {
      const pointer = (await blobs.store(LIVE_STORE_NAME).get('current', { type: 'json' })) as { commit: string; ancestors: string[] };
      expect(pointer.commit).toBe(remote.git('rev-parse', 'main'));
      expect(pointer.ancestors).toContain(remote.git('rev-parse', 'main~1'));
    } finally {
      await blobs.close();
    }
    for (const instance of instances) expect((await text(`${instance.url}${PAGE}`)).body).not.toContain(NEW_TITLE);
  }, 300_000);
});
