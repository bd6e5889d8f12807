// @module-tag slow
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { remoteFile } from '../helpers/start/git-remote';
import { bytes, generatedImages, text, waitForSaveResult } from '../helpers/site/live-site';
import { waitForReady } from '../helpers/site/e2e';
import { bodyValue, openEditor, uploadInImageDialog } from '../helpers/site/body-editor';
import { useEditor } from '../helpers/suite/editor-suite';
import { waitFor } from '../helpers/wait';
import { photoLike } from '../helpers/data/photos';

/**
 * Any photo she has, in Chromium, through the editor, with the server's
 * platform-limits mode on (as in every test): a camera's 24-megapixel JPEG
 * turned by its EXIF, and a 30 MB PNG, are made the site's size in the
 * browser, sent under 6 MB, published and shown upright; without
 * JavaScript an oversized photo gets our sentence, and what was typed stays;
 * and ten phone photos of 3–4 MB each go into one case study's story and
 * are published in one go.
 * Every request the page sends is recorded with its size (its form's parts
 * summed), and the server's log must hold no refusal.
 */

const CARD_DOC = 'content/case-studies/blocks-demo.mdx';
const LIMIT = 6 * 1024 * 1024;

const editor = useEditor({ password: 'photo uploads password', fixtures: true });

/** Records what each request the page sends would weigh: a form's parts summed, with room for their framing. */
async function recordRequests(page: Page): Promise<() => Promise<{ url: string; bytes: number }[]>> {
  await page.addInitScript(() => {
    const sent: { url: string; bytes: number }[] = [];
    (window as unknown as { __sent: typeof sent }).__sent = sent;
    const size = (body: unknown): number => {
      if (body instanceof FormData) {
        let total = 0;
        body.forEach((value, name) => (total += 200 + name.length + (typeof value === 'string' ? new Blob([value]).size : value.size)));
        return total;
      }
      if (body instanceof Blob) return body.size;
      if (typeof body === 'string') return new Blob([body]).size;
      if (body instanceof URLSearchParams) return new Blob([body.toString()]).size;
      if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
      return 0;
    };
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { __url?: string }, ...args: unknown[]) {
      this.__url = String(args[1]);
      return (open as (...a: unknown[]) => void).apply(this, args);
    } as typeof open;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { __url?: string }, body?: Document | XMLHttpRequestBodyInit | null) {
      sent.push({ url: this.__url ?? '', bytes: size(body) });
      return send.call(this, body);
    };
    const fetched = window.fetch;
    window.fetch = (input, init) => {
      sent.push({ url: String(input instanceof Request ? input.url : input), bytes: size(init?.body) });
      return fetched(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __sent: { url: string; bytes: number }[] }).__sent);
}

/** A file on disk for the picker: Chromium reads it itself, where a 30 MB buffer through the protocol is slow. */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'photo-uploads-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function onDisk(name: string, bytes: Buffer): string {
  const file = path.join(scratch, name);
  writeFileSync(file, bytes);
  return file;
}

/** Base64, as Netlify counts a binary body. */
const counted = (size: number) => Math.ceil(size / 3) * 4;

function remoteBytes(file: string): Buffer {
  return execFileSync('git', ['--git-dir', editor.stack.remote.bareDir, 'show', `main:${file}`], { maxBuffer: 64 * 1024 * 1024 });
}

/** A variant of the new file on one of the public `pages`, once made (its source stands in meanwhile). */
async function shownVariant(pages: string[], stem: string) {
  const url = await waitFor(
    async () => {
      for (const page of pages) {
        const found = [...generatedImages((await text(`${editor.url}${page}`)).body)].find((each) => each.includes(`/${stem}-`));
        if (found) return found;
      }
      return undefined;
    },
    { timeoutMs: 30_000, intervalMs: 250, what: `${pages.join(' or ')} naming ${stem}'s variants` },
  );
  return waitFor(
    async () => {
      const answer = await bytes(`${editor.url}${url}`);
      return answer.status === 200 && /immutable/.test(answer.headers.get('cache-control') ?? '') && answer.body;
    },
    { timeoutMs: 120_000, intervalMs: 500, what: `${url} made` },
  );
}

function noRefusals() {
  expect(editor.stack.server.output()).not.toMatch(/Platform limits: (refused|dropped|cut)/);
}

/** Every request so far went through `upload` (the image field's, unless told) and fit the platform; then Publish, and it goes live with nothing refused. */
async function publishWithinLimits(page: Page, requests: { url: string; bytes: number }[], upload = '/admin/content/api/field-image') {
  expect(requests.some((request) => request.url.includes(upload))).toBe(true);
  for (const request of requests) expect(counted(request.bytes), request.url).toBeLessThanOrEqual(LIMIT);
  // A publish with a new photo takes a while on a busy machine: its answer is waited for, with its own bound.
  await page.getByRole('button', { name: 'Publish', exact: true }).click({ noWaitAfter: true });
  expect((await waitForSaveResult(page)).status).toBe('published');
  noRefusals();
}

describe('any photo she has, with JavaScript', () => {
  it('a 24-megapixel camera JPEG of about 12 MB, EXIF orientation 6, as the profile photo: sent under 6 MB, published upright', async () => {
    const camera = await (await photoLike(6000, 4000, { mean: 110 })).jpeg({ quality: 97 }).withMetadata({ orientation: 6 }).toBuffer();
    expect(camera.length).toBeGreaterThan(8 * 1024 * 1024);
    const page = await editor.signedIn({ javaScriptEnabled: true });
    const sent = await recordRequests(page);
    await page.goto(`${editor.url}/admin/content/site.yml`);
    await waitForReady(page);
    const field = page.locator('[data-image-field="photos.profile"]');
    // The limit is said before a file is picked.
    await expect.poll(() => field.innerText()).toMatch(/up to 50 MB: a large photo is made the right size before it is sent/);
    await field.locator('input[type=file]').setInputFiles(onDisk('IMG_4032.JPG', camera));
    await field.locator('[data-image-status="ok"]').waitFor({ timeout: 120_000 });
    expect(await field.locator('[data-image-status="ok"]').innerText()).toMatch(/Your original stays on your computer/);
    const src = await field.locator('input[type=hidden][name="photos.profile.src"]').inputValue();
    expect(src).toMatch(/^\.\/images\/img-4032-[0-9a-f]{8}\.jpg$/);

    // Read before the publish: its form's post opens a new page.
    const requests = await sent();
    await publishWithinLimits(page, requests);

    const site = parse(remoteFile(editor.stack.remote, 'content/site.yml')) as { photos: { profile: { src: string } } };
    expect(site.photos.profile.src).toBe(src);
    const stored = await sharp(remoteBytes(`content/images/${src.slice('./images/'.length)}`)).metadata();
    // Upright: the camera held it on its side; the long side is the site's 3,200 px.
    expect([stored.width, stored.height, stored.orientation]).toEqual([2133, 3200, undefined]);
    const shown = await sharp(await shownVariant(['/', '/about'], src.slice('./images/'.length).replace(/\.jpg$/, ''))).metadata();
    expect(shown.height).toBeGreaterThan(shown.width);
  }, 360_000);

  it('a 30 MB PNG as a card image: sent under 6 MB, published', async () => {
    // Stored without compression, as some tools export: 30 MB.
    const png = await (await photoLike(4000, 2600, { mean: 120 })).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(29 * 1024 * 1024);
    const page = await editor.signedIn({ javaScriptEnabled: true });
    const sent = await recordRequests(page);
    await page.goto(`${editor.url}/admin/content/case-studies/blocks-demo.mdx`);
    await waitForReady(page);
    const field = page.locator('[data-image-field="image"]');
    await field.locator('input[type=file]').setInputFiles(onDisk('Card export.png', png));
    await field.locator('[data-image-status="ok"]').waitFor({ timeout: 120_000 });
    const src = await field.locator('input[type=hidden][name="image"]').inputValue();
    // No transparency: a photo, so JPEG.
    expect(src).toMatch(/^\.\/blocks-demo\/card-export-[0-9a-f]{8}\.jpg$/);
    const requests = await sent();
    await publishWithinLimits(page, requests);
    expect(remoteFile(editor.stack.remote, CARD_DOC)).toContain(`image: ${src}\n`);
    const stored = remoteBytes(`content/case-studies/${src.slice(2)}`);
    expect(stored.length).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect((await sharp(stored).metadata()).width).toBe(3200);
    const shown = await sharp(
      await shownVariant(
        ['/', '/work', '/case-study/blocks-demo'],
        src
          .slice(2)
          .split('/')[1]!
          .replace(/\.jpg$/, ''),
      ),
    ).metadata();
    expect(shown.width).toBeGreaterThan(0);
  }, 360_000);
});

describe('an oversized photo without JavaScript', () => {
  it('gets our sentence with the fix, never the platform’s error, and what was typed stays', async () => {
    const camera = await (await photoLike(6000, 4000, { mean: 130 })).jpeg({ quality: 97 }).toBuffer();
    expect(camera.length).toBeGreaterThan(LIMIT);
    const page = await editor.signedIn({ javaScriptEnabled: false });
    await page.goto(`${editor.url}/admin/content/case-studies/blocks-demo.mdx`);
    const field = page.locator('[data-image-field="image"]');
    // The limit without JavaScript is said before a file is picked.
    expect(await field.innerText()).toMatch(/up to 4 MB \(with JavaScript on, up to 50 MB/);
    await page.locator('input[name="role"]').fill('Lead Service Designer, typed before the upload');
    await field.locator('input[type=file]').setInputFiles(onDisk('Big.jpg', camera));
    await field.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/image-error=/);
    const error = field.locator('[role="alert"]');
    await expect
      .poll(() => error.innerText())
      .toMatch(/^This file is \d+\.\d MB, and without JavaScript at most 4 MB can be sent\. Export it smaller/);
    expect(await page.locator('input[name="role"]').inputValue()).toBe('Lead Service Designer, typed before the upload');
    // The mode saw what Netlify would refuse at the function: the edge function answered first.
    noRefusals();
  }, 180_000);
});

describe('a case study with ten new photos', () => {
  const ANCHOR = 'These three insights shaped everything that followed.';

  /**
   * Ten phone photos of 3–4 MB each, held on their side (EXIF orientation 6).
   * The smallest that are still that heavy: 2,000 × 1,500 px with a phone's
   * grain at full quality (3.6 MB each). One picture is made, and each photo
   * is it a little lighter or darker, so the ten are different files.
   */
  async function tenPhonePhotos(): Promise<string[]> {
    const { data, info } = await (await photoLike(2000, 1500, { mean: 110, grain: 60 })).raw().toBuffer({ resolveWithObject: true });
    const photos: string[] = [];
    for (let i = 0; i < 10; i++) {
      const jpeg = await sharp(data, { raw: info })
        .linear(1, i * 3 - 12)
        .jpeg({ quality: 100 })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      expect(jpeg.length).toBeGreaterThan(3 * 1024 * 1024);
      expect(jpeg.length).toBeLessThanOrEqual(4 * 1024 * 1024);
      photos.push(onDisk(`IMG_01${String(i).padStart(2, '0')}.JPG`, jpeg));
    }
    return photos;
  }

  it('ten phone photos of 3–4 MB each in one case study: each sent under 6 MB, published in one go, each shown upright', async () => {
    const photos = await tenPhonePhotos();
    const page = await editor.signedIn({ javaScriptEnabled: true });
    const sent = await recordRequests(page);
    await openEditor(page, `${editor.url}/admin/content/case-studies/office-depot.mdx`);
    // Each photo from the toolbar's Image button, in a new paragraph after the same one: ten figures in the story.
    const anchor = page.locator('[data-mdx-body] [contenteditable="true"] p', { hasText: ANCHOR }).first();
    for (const [i, photo] of photos.entries()) {
      // A click in the paragraph and End: a caret, never a selection an image would replace.
      await anchor.click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.locator('[data-insert-image]').click();
      await uploadInImageDialog(page, photo, `Workshop photo ${i + 1}`, { timeoutMs: 60_000 });
      await waitFor(async () => (await bodyValue(page)).includes(`![Workshop photo ${i + 1}](`), {
        timeoutMs: 30_000,
        what: `photo ${i + 1} in the story`,
      });
    }
    const body = await bodyValue(page);
    const srcs = [...body.matchAll(/!\[Workshop photo \d+\]\(([^)\s]+)/g)].map((match) => match[1]!);
    expect(srcs, body).toHaveLength(10);
    expect(body).toContain(ANCHOR);
    for (const src of srcs) expect(src).toMatch(/^\.\/office-depot\/img-01\d\d-[0-9a-f]{8}\.jpg$/);

    // Each photo went in a request of its own, under the limit; the publish carries none of them.
    const requests = await sent();
    expect(requests.filter((request) => request.url.includes('/admin/content/api/upload'))).toHaveLength(10);
    await publishWithinLimits(page, requests, '/admin/content/api/upload');

    const stems = srcs.map((src) => path.posix.basename(src, '.jpg'));
    for (const src of srcs) {
      const stored = await sharp(remoteBytes(`content/case-studies/${src.slice(2)}`)).metadata();
      // Upright: the phone held it on its side.
      expect([stored.width, stored.height, stored.orientation]).toEqual([1500, 2000, undefined]);
    }
    // The case study names every photo at once; each answers (its variants, or its source image until they are made), upright.
    const shown = await waitFor(
      async () => {
        const html = (await text(`${editor.url}/case-study/office-depot`)).body;
        const urls = [...generatedImages(html)];
        const found = stems.map((stem) => urls.find((url) => url.includes(`/${stem}-`)));
        return found.every(Boolean) && (found as string[]);
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'the case study naming all ten photos' },
    );
    for (const url of shown) {
      const answer = await bytes(`${editor.url}${url}`);
      expect(answer.status, url).toBe(200);
      const { width = 0, height = 0 } = await sharp(answer.body).metadata();
      expect(height, url).toBeGreaterThan(width);
    }
  }, 360_000);
});
