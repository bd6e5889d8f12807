import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { remoteHead } from '../helpers/start/git-remote';
import { commitOnRemote } from '../helpers/start/git-remote';
import { badCookies, leaks, PRIVATE_PATH, PRIVATE_SLUG, privateMediaFiles, validCookie } from '../helpers/data/private';
import { bytes, publishAndWait, text, within } from '../helpers/site/live-site';
import { group, must } from '../helpers/must';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * What a publish going live must never do: show a private case study to a
 * visitor, serve its new media without the access check, make a draft or a
 * preview live, or let a visitor read or write the live store. The built
 * server in remote mode on the fixture case studies (one private), with a
 * live store of the test's own, so its files can be named exactly.
 */

vi.setConfig({ testTimeout: 240_000 });

/** A sentence only the private story holds after the publish; a visitor must never meet it. */
const PRIVATE_SENTENCE = 'Zephyrine audit trails now close every ledger by dawn.';

const liveDir = mkdtempSync(path.join(os.tmpdir(), 'live-store-safety-'));
// Removed after the servers that write to it have stopped (after hooks run last-registered first).
afterAll(() => rmSync(liveDir, { recursive: true, force: true }));
const editor = useEditor({ password: 'live safety password', fixtures: true, env: { LIVE_CONTENT_DIR: liveDir } });

async function editorPage(file: string): Promise<Page> {
  const page = await editor.signedIn({ javaScriptEnabled: false });
  await page.goto(`${editor.url}/admin/content/${file}`);
  return page;
}

/** Every public answer a visitor (or a crawler) can ask for without a password. */
async function publicAnswers(): Promise<Map<string, Buffer>> {
  const home = await text(`${editor.url}/`);
  const links = [...home.body.matchAll(/(?:href|src)="(\/[^"#]*)"/g)]
    .map((match) => group(match, 'a link in the home page').replace(/&amp;/g, '&'))
    .filter((url) => !url.startsWith('/admin'));
  const urls = new Set([
    '/',
    '/resume',
    '/resume.pdf',
    '/privacy',
    '/sitemap.xml',
    PRIVATE_PATH,
    `${PRIVATE_PATH}.data`,
    `/social/case-study-${PRIVATE_SLUG}.png`,
    ...links,
  ]);
  const answers = new Map<string, Buffer>();
  for (const url of urls) answers.set(url, (await bytes(`${editor.url}${url}`)).body);
  return answers;
}

describe('a private case study, published with new words and a new image in its story', () => {
  it('never shows them to a visitor, and serves the new image only behind its access check', async () => {
    // A new image beside the private story (added by hand, as a designer may), of pixels no other file has.
    const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7b2cbf' } })
      .png()
      .toBuffer();
    commitOnRemote(
      editor.stack.remote,
      { [`content/case-studies/${PRIVATE_SLUG}/audit-trail.png`]: image },
      'An image for the private story',
    );
    const page = await editorPage(`case-studies/${PRIVATE_SLUG}.mdx`);
    const body = page.locator('textarea[data-body-source]');
    const source = await body.inputValue();
    // The story names it: new private variants, which the build does not have, made by the publish into the store.
    await body.fill(
      `${source.trimEnd()}\n\n${PRIVATE_SENTENCE}\n\n![The audit trail, from intake to sign-off](./${PRIVATE_SLUG}/audit-trail.png)\n`,
    );
    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');

    // Unlocked, the story shows the sentence (so the publish is live), and names its new media.
    const cookie = validCookie();
    let unlocked = '';
    await within(
      30_000,
      async () => (unlocked = (await text(`${editor.url}${PRIVATE_PATH}`, { headers: { cookie } })).body).includes(PRIVATE_SENTENCE),
      'the unlocked story shows the new sentence',
    );
    const builtMedia = new Set((await privateMediaFiles()).map((file) => file.name));
    const newMedia = [
      ...new Set([...unlocked.matchAll(/\/private-media\/([^"'\s?,]+)/g)].map((match) => group(match, 'a private media name'))),
    ].filter((name) => !builtMedia.has(name));
    expect(newMedia.length, 'the story names media the build does not have').toBeGreaterThan(0);

    // The version in the store marks them private.
    const pointer = JSON.parse(readFileSync(path.join(liveDir, 'current.json'), 'utf8')) as { id: string };
    const version = JSON.parse(readFileSync(path.join(liveDir, 'versions', `${pointer.id}.json`), 'utf8')) as {
      files: Record<string, { hash: string; private?: true }>;
    };
    const storedMedia: { name: string; bytes: Buffer }[] = [];
    for (const name of newMedia) {
      const file = must(version.files[`/private-media/${name}`], `${name} in the version`);
      expect(file.private, `${name} is private in the version`).toBe(true);
      storedMedia.push({ name, bytes: readFileSync(path.join(liveDir, 'files', file.hash)) });
      // Behind the check: the unlocking cookie reads it; no cookie, or a bad one, gets the 404 of a missing file.
      const opened = await bytes(`${editor.url}/private-media/${name}`, { headers: { cookie } });
      expect(opened.status).toBe(200);
      expect(opened.headers.get('cache-control')).toMatch(/^private/);
      expect(opened.headers.get('netlify-cache-tag')).toBeNull();
      for (const [label, bad] of Object.entries(badCookies())) {
        const refused = await bytes(`${editor.url}/private-media/${name}`, { headers: bad ? { cookie: bad } : {} });
        expect(refused.status, label).toBe(404);
        expect(refused.body.includes(opened.body.subarray(0, 64))).toBe(false);
      }
      // Nor under any public name: the store's hash, a generated image path.
      for (const url of [`/generated/images/${name}`, `/${name}`, `/files/${file.hash}`, `/${file.hash}`])
        expect((await bytes(`${editor.url}${url}`)).status, url).toBe(404);
    }

    // Every public answer, page by page: nothing of the private story, old or new.
    const everything = [...(await privateMediaFiles()), ...storedMedia];
    for (const [url, answer] of await publicAnswers()) {
      expect(leaks(answer, everything), url).toEqual([]);
      expect(answer.includes(Buffer.from('Zephyrine')), url).toBe(false);
    }
  });
});

describe('drafts and previews', () => {
  it('never go live: a saved draft and a preview change no public page and not the live store', async () => {
    const pointerBefore = existsSync(path.join(liveDir, 'current.json')) ? readFileSync(path.join(liveDir, 'current.json')) : null;
    const versionsBefore = existsSync(path.join(liveDir, 'versions')) ? readdirSync(path.join(liveDir, 'versions')).sort() : [];
    const head = remoteHead(editor.stack.remote);
    const DRAFT_TITLE = 'A Draft Title Nobody Published';
    const PREVIEW_TITLE = 'A Preview Title Nobody Published';

    const page = await editorPage('case-studies/blocks-demo.mdx');
    await page.locator('input[name="title"]').fill(DRAFT_TITLE);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('[data-draft]').waitFor();
    expect(
      (
        await editor.stack.db.query<{ text: string }>("SELECT text FROM content_drafts WHERE path = 'content/case-studies/blocks-demo.mdx'")
      )[0]?.text,
    ).toContain(DRAFT_TITLE);
    await page.locator('input[name="title"]').fill(PREVIEW_TITLE);
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Preview' }).click()]);
    await preview.waitForLoadState('load');
    expect(await preview.locator('h1').innerText()).toBe(PREVIEW_TITLE);
    await preview.close();

    // Looked for over a few seconds, several times, on every page that shows the title: never there.
    const deadline = Date.now() + 4_000;
    do {
      for (const url of ['/', '/case-study/blocks-demo', '/case-study/blocks-demo.data', '/sitemap.xml']) {
        const answer = await text(`${editor.url}${url}`);
        expect(answer.body, url).not.toContain(DRAFT_TITLE);
        expect(answer.body, url).not.toContain(PREVIEW_TITLE);
      }
    } while (Date.now() < deadline);
    expect(remoteHead(editor.stack.remote)).toBe(head);
    expect(existsSync(path.join(liveDir, 'current.json')) ? readFileSync(path.join(liveDir, 'current.json')) : null).toEqual(pointerBefore);
    expect(existsSync(path.join(liveDir, 'versions')) ? readdirSync(path.join(liveDir, 'versions')).sort() : []).toEqual(versionsBefore);
  });
});

describe('the live store, from a visitor’s side', () => {
  it('no URL reads it, lists it or writes it', async () => {
    const pointerText = readFileSync(path.join(liveDir, 'current.json'), 'utf8');
    const pointer = JSON.parse(pointerText) as { id: string };
    const hashes = readdirSync(path.join(liveDir, 'files'));
    expect(hashes.length).toBeGreaterThan(0);
    const hash = hashes[0];
    const probes = [
      '/.netlify/live-content/current.json',
      `/.netlify/live-content/versions/${pointer.id}.json`,
      `/.netlify/live-content/files/${hash}`,
      '/.netlify/live-content/',
      '/.netlify/',
      '/live-content/current.json',
      '/current.json',
      `/versions/${pointer.id}.json`,
      `/files/${hash}`,
      `/${hash}`,
      `/generated/images/${hash}`,
      `/social/${hash}`,
      '/%2e%2e/.netlify/live-content/current.json',
      '/resume.pdf/..%2f.netlify%2flive-content%2fcurrent.json',
      `/private-media/${hash}`,
    ];
    for (const url of probes) {
      const answer = await bytes(`${editor.url}${url}`);
      expect(answer.status, url).toBeGreaterThanOrEqual(400);
      expect(answer.status, url).toBeLessThan(500);
      expect(answer.body.toString('utf8').includes(pointer.id), `${url} gives the version away`).toBe(false);
    }
    // Writing is the publish's alone: the function that makes a version live wants the owner's bearer secret.
    for (const authorization of [undefined, 'Bearer not-the-secret']) {
      const answer = await fetch(`${editor.url}/.netlify/functions/content-check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ live: true }),
      });
      expect(answer.status).toBe(401);
    }
    expect(readFileSync(path.join(liveDir, 'current.json'), 'utf8')).toBe(pointerText);
  });
});
