// @module-tag slow
import { existsSync, mkdtempSync, statSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { changedPaths, remoteFile } from '../helpers/start/git-remote';
import { ROOT } from '../helpers/data/content';
import { startServer, type RunningServer } from '../helpers/start/server';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { PRIVATE_ENV } from '../helpers/data/private';
import {
  buildOutput,
  bytes,
  changedFiles,
  generatedImages,
  liveWithin,
  pdfText,
  publishAndWait,
  sha,
  text,
} from '../helpers/site/live-site';
import { compareWithFreshBuild } from '../helpers/site/fresh-build';
import { useEditor } from '../helpers/suite/editor-suite';
import { useStarted } from '../helpers/suite/use-started';
import { waitFor } from '../helpers/wait';

/**
 * A publish is live in seconds, with no rebuild and no restart: the built
 * server in remote mode (a real git remote holding the fixture designer and
 * the fixture case studies), the designer publishing in Chromium, in turn, a
 * sentence of a case study's story, a case study's card image and a resume
 * line; visitors' requests (plain HTTP, as a browser or a crawler makes
 * them) see each change on the page, its data request, the resume PDF, the
 * sharing card and the new image variants within 10 s of the Publish click
 * (stretched only by the machine's overload, liveBoundMs in live-site.ts;
 * each time is printed), on the editor's server and on a second one sharing the live store; once
 * seen, never the old one again. The build's output is byte for byte what
 * it was. Then a fresh build of the branch serves the same pages as the live
 * site (fresh-build.ts).
 */

// Each test publishes over git and waits on Chromium: a busy machine's bound, not a pace.
vi.setConfig({ testTimeout: 240_000 });

const CASE_STUDY = 'blocks-demo';
const CASE_STUDY_FILE = `content/case-studies/${CASE_STUDY}.mdx`;
const CASE_STUDY_PAGE = `/case-study/${CASE_STUDY}`;

const outputBefore = buildOutput();
const liveDir = mkdtempSync(path.join(os.tmpdir(), 'live-store-'));
// Removed after the servers that write to it have stopped (after hooks run last-registered first).
afterAll(() => rmSync(liveDir, { recursive: true, force: true }));
const editor = useEditor({ password: 'live publish password', fixtures: true, env: { LIVE_CONTENT_DIR: liveDir } });
// A second instance on the same live store: a publish shows on both.
const second = useStarted(
  () => startServer({ ...PRIVATE_ENV, CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON, LIVE_CONTENT_DIR: liveDir }),
  (server) => server.stop(),
);

const servers = () => [editor.stack.server, second];

const signedIn = (javaScriptEnabled = false): Promise<Page> => editor.signedIn({ javaScriptEnabled });

/** Publishes; the designer is told the change is live on the site now. */
async function publish(page: Page) {
  const published = await publishAndWait(page);
  expect(published.status, published.message).toBe('published');
  expect(published.message).toMatch(/live on your site now/i);
  return { ...published, commit: published.commit! };
}

/** Seen once, every later request on either server shows it: ten rounds, each a fresh request. */
async function neverGoesBack(check: (server: RunningServer) => Promise<void>) {
  for (let round = 0; round < 10; round++) for (const server of servers()) await check(server);
}

describe('publishing a sentence of a case study’s story', () => {
  it('shows on its page and its data request within 10 s, on both servers, and never goes back', async () => {
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content/case-studies/${CASE_STUDY}.mdx`);
    const body = page.locator('textarea[data-body-source]');
    const source = await body.inputValue();
    // The story's first sentence of plain prose, read from the fixture rather than assumed.
    const sentence = source.split('\n').find((line) => /^[A-Z][^<>![\]*_`#|]{20,}\.$/.test(line));
    expect(sentence, 'a plain sentence in the fixture story').toBeTruthy();
    const NEW_SENTENCE = 'Every block here was published live, without a build or a deploy.';
    for (const server of servers()) {
      const before = await text(`${server.url}${CASE_STUDY_PAGE}`);
      expect(before.status).toBe(200);
      expect(before.body).toContain(sentence!.slice(0, 40));
      expect(before.body).not.toContain(NEW_SENTENCE);
    }
    await body.fill(source.replace(sentence!, NEW_SENTENCE));
    const published = await publish(page);
    expect(remoteFile(editor.stack.remote, CASE_STUDY_FILE)).toContain(NEW_SENTENCE);

    for (const server of servers()) {
      await liveWithin(
        published,
        async () => (await text(`${server.url}${CASE_STUDY_PAGE}`)).body.includes(NEW_SENTENCE),
        `${server.url}${CASE_STUDY_PAGE} shows the new sentence`,
      );
      await liveWithin(
        published,
        async () => (await text(`${server.url}${CASE_STUDY_PAGE}.data`)).body.includes(NEW_SENTENCE),
        `${server.url}${CASE_STUDY_PAGE}.data has the new sentence`,
      );
    }
    await neverGoesBack(async (server) => {
      const seen = await text(`${server.url}${CASE_STUDY_PAGE}`);
      expect(seen.body).toContain(NEW_SENTENCE);
      expect(seen.body).not.toContain(sentence);
    });
    const tags = (await text(`${editor.url}${CASE_STUDY_PAGE}`)).headers.get('netlify-cache-tag');
    expect(tags?.split(',')).toEqual(expect.arrayContaining(['content-site', `content-case-study-${CASE_STUDY}`]));
  });
});

describe('publishing a case study’s card image', () => {
  it('the home page and the case study name new variants, which the server answers from the live store, within 10 s on both servers', async () => {
    const home = await text(`${editor.url}/`);
    const caseStudy = await text(`${editor.url}${CASE_STUDY_PAGE}`);
    const imagesBefore = new Set([...generatedImages(home.body), ...generatedImages(caseStudy.body)]);
    const cardBefore = sha((await bytes(`${editor.url}/social/case-study-${CASE_STUDY}.png`)).body);

    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content/case-studies/${CASE_STUDY}.mdx`);
    const field = page.locator('[data-image-field="image"]');
    // A photo of a colour no fixture has: its variants' names (content hashes) are new.
    const upload = await sharp({ create: { width: 1400, height: 900, channels: 3, background: '#2f9e44' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    await field.locator('input[type=file]').setInputFiles({ name: 'Live card.jpg', mimeType: 'image/jpeg', buffer: upload });
    await field.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/image-saved=image/);
    const src = await field.locator('input[type=hidden][name="image"]').inputValue();
    const published = await publish(page);
    const { commit } = published;
    expect(changedPaths(editor.stack.remote, commit)).toContain(`content/case-studies/${src.slice(2)}`);

    const newVariants = (html: string) => [...generatedImages(html)].filter((url) => !imagesBefore.has(url));
    for (const server of servers()) {
      await liveWithin(
        published,
        async () => newVariants((await text(`${server.url}/`)).body).length > 0,
        `${server.url}/ names the new card's variants`,
      );
      await liveWithin(
        published,
        async () => newVariants((await text(`${server.url}${CASE_STUDY_PAGE}`)).body).length > 0,
        `${server.url}${CASE_STUDY_PAGE} names the new card's variants`,
      );
      await liveWithin(
        published,
        async () => sha((await bytes(`${server.url}/social/case-study-${CASE_STUDY}.png`)).body) !== cardBefore,
        `${server.url} sharing card drawn from the new image`,
      );
    }
    const named = [
      ...new Set([
        ...newVariants((await text(`${second.url}/`)).body),
        ...newVariants((await text(`${second.url}${CASE_STUDY_PAGE}`)).body),
      ]),
    ];
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const url of named) {
      // Not a static file: the deploy's public/generated has no such file; the app answers it from the version.
      expect(existsSync(path.join(ROOT, 'public', url)), `${url} is not in public/`).toBe(false);
      for (const server of servers()) {
        // Made after the publish's answer: meanwhile its source image stands in (never a broken image), never kept long.
        const first = await bytes(`${server.url}${url}`);
        expect(first.status, `${server.url}${url}`).toBe(200);
        expect(first.headers.get('content-type')).toMatch(/^image\//);
        const answer = await waitFor(
          async () => {
            const made = await bytes(`${server.url}${url}`);
            return /immutable/.test(made.headers.get('cache-control') ?? '') && made;
          },
          { timeoutMs: 60_000, intervalMs: 200, what: `${server.url}${url} made` },
        );
        expect(answer.status, `${server.url}${url}`).toBe(200);
        expect(answer.headers.get('content-type')).toMatch(/^image\//);
        const meta = await sharp(answer.body).metadata();
        expect(meta.width).toBeGreaterThan(0);
        // The variant is of the upload: a green photo, whatever its size.
        const { dominant } = await sharp(answer.body).stats();
        expect(dominant.g).toBeGreaterThan(dominant.r + 40);
      }
    }
    await neverGoesBack(async (server) => {
      expect(newVariants((await text(`${server.url}/`)).body).length).toBeGreaterThan(0);
    });
  });
});

describe('publishing a resume line', () => {
  it('shows on /resume, in /resume.pdf and on the resume’s sharing card within 10 s, on both servers, and never goes back', async () => {
    const pdfBefore = (await bytes(`${editor.url}/resume.pdf`)).body;
    const cardBefore = sha((await bytes(`${editor.url}/social/resume.png`)).body);
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content/resume.mdx`);
    // The headline (the sharing card draws it; a bullet it does not) and a bullet: each short enough for one line of the PDF.
    const headline = page.locator('[name="headline"]');
    const bullet = page.locator('[name="experience.0.bullets.0"]');
    const [oldHeadline, oldLine] = [await headline.inputValue(), await bullet.inputValue()];
    const NEW_HEADLINE = 'Design Lead, Live Publishing';
    const NEW_LINE = 'Shipped a live publish path for designers.';
    expect(pdfText(pdfBefore)).not.toContain(NEW_LINE);
    await headline.fill(NEW_HEADLINE);
    await bullet.fill(NEW_LINE);
    const published = await publish(page);
    expect(remoteFile(editor.stack.remote, 'content/resume.mdx')).toContain(NEW_LINE);

    for (const server of servers()) {
      await liveWithin(
        published,
        async () => (await text(`${server.url}/resume`)).body.includes(NEW_LINE),
        `${server.url}/resume shows the new line`,
      );
      await liveWithin(
        published,
        async () => pdfText((await bytes(`${server.url}/resume.pdf`)).body).includes(NEW_LINE),
        `${server.url}/resume.pdf has the new line`,
      );
      await liveWithin(
        published,
        async () => sha((await bytes(`${server.url}/social/resume.png`)).body) !== cardBefore,
        `${server.url}/social/resume.png drawn with the new headline`,
      );
    }
    await neverGoesBack(async (server) => {
      const resume = await text(`${server.url}/resume`);
      expect(resume.body).toContain(NEW_LINE);
      expect(resume.body).toContain(NEW_HEADLINE);
      expect(resume.body).not.toContain(oldLine);
      expect(resume.body).not.toContain(oldHeadline);
      const pdf = await bytes(`${server.url}/resume.pdf`);
      expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
      expect(sha(pdf.body)).not.toBe(sha(pdfBefore));
      expect(pdfText(pdf.body)).toContain(NEW_LINE);
      expect(pdfText(pdf.body)).toContain(NEW_HEADLINE);
      expect(sha((await bytes(`${server.url}/social/resume.png`)).body)).not.toBe(cardBefore);
    });
  });

  it('rebuilt nothing: the build output is byte for byte what it was, and the live store holds the versions', () => {
    expect(changedFiles(outputBefore, buildOutput())).toEqual([]);
    expect(statSync(path.join(liveDir, 'current.json')).isFile()).toBe(true);
  });
});

describe('a fresh build of the branch after these publishes', () => {
  it('serves every page with the same HTML as the live site, apart from build ids, and the same PDF and sharing cards', async () => {
    await compareWithFreshBuild(editor.stack.remote, second);
  });
});
