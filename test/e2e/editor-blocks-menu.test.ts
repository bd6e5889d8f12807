import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/data/content';
import { bodyValue, caretAfter, openEditor, uploadInImageDialog } from '../helpers/site/body-editor';
import { waitForSaveResult } from '../helpers/site/live-site';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * Every story block from the visual editor's Add block menu, as the designer
 * adds them: in Chromium, signed in on the built server with a real git
 * remote, no Source view and nothing typed but her words. A Gallery of three
 * images, a Before/after and Metrics with three figures are added, published,
 * and shown by the site. The menu and the cards speak her words.
 */

const editor = useEditor({ password: 'blocks menu test password' });
const OFFICE_DEPOT = '/admin/content/case-studies/office-depot.mdx';
const PARAGRAPH = 'These three insights shaped everything that followed.';
const png = (name: string) => readFileSync(path.join(ROOT, 'test/fixtures/case-studies/blocks-demo', name));

afterEach(() => editor.chromium.closePages());

const uploadInDialog = (page: Page, file: string, alt: string, caption?: string) =>
  uploadInImageDialog(page, { name: `new-${file}`, mimeType: 'image/png', buffer: png(file) }, alt, { caption });

/** The story's cards of `block` already there are marked, so the one the menu adds is told apart. */
async function markExisting(page: Page, block: string) {
  await page.locator(`[data-block="${block}"]`).evaluateAll((cards) => cards.forEach((card) => card.setAttribute('data-existing', '')));
  return page.locator(`[data-block="${block}"]:not([data-existing])`);
}

async function caretAfterParagraph(page: Page) {
  await caretAfter(page, PARAGRAPH, 'followed.');
}

/**
 * A Video from the menu, as she adds one: the story's videos offered by name,
 * a file over 4 MB refused before anything is sent, a real MP4 uploaded from
 * the card, a poster uploaded through the image dialog.
 */
async function addVideo(page: Page) {
  const menu = page.locator('#mdx-add-block');
  const video = await markExisting(page, 'Video');
  await caretAfterParagraph(page);
  await menu.selectOption('Video');
  await video.waitFor();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/admin/content/api/upload')) uploads.push(request.url());
  });

  // The story's videos are offered by name, each in the field of its kind.
  expect(await video.locator('select[name="src"] option').allInnerTexts()).toEqual(['Choose one of your videos', 'redeem flow']);
  expect(await video.locator('select[name="webm"] option').allInnerTexts()).toEqual(['Choose one of your videos', 'redeem flow']);

  // Over 4 MB and not a video the browser can read (5 MB, not more: the file crosses to the browser as base64): her sentence, and nothing is sent.
  const mp4 = video.locator('input[type="file"][data-video-file="mp4"]');
  await mp4.setInputFiles({ name: 'long-take.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(5 * 1024 * 1024) });
  await expect
    .poll(() => video.getByRole('alert').innerText())
    .toBe(
      'This video is 5 MB, over the 4 MB the site takes, and it could not be read here to make it smaller. Export a shorter or smaller version (720p is plenty), or put it on YouTube or Vimeo and add it with a Prototype link block.',
    );
  expect(uploads).toEqual([]);

  await mp4.setInputFiles({ name: 'Booking demo.mp4', mimeType: 'video/mp4', buffer: png('clip.mp4') });
  const src = video.locator('select[name="src"]');
  await expect.poll(() => src.inputValue(), { timeout: 30_000 }).toMatch(/^\.\/office-depot\/booking-demo-[0-9a-f]{8}\.mp4$/);
  expect(await src.locator('option:checked').innerText()).toBe('booking demo');
  expect(uploads).toHaveLength(1);

  await video.locator('div:has(> select[name="poster"]) button').click();
  await uploadInDialog(page, 'poster.png', 'The booking flow, start to end');
  await expect
    .poll(() => bodyValue(page))
    .toMatch(
      /<Video\s+src="\.\/office-depot\/booking-demo-[0-9a-f]{8}\.mp4"\s+poster="\.\/office-depot\/new-poster-[0-9a-f]{8}\.png"\s+alt="The booking flow, start to end"\s+\/>/,
    );
}

/** The published page plays the uploaded clip from the site's own address. */
async function expectVideoServed(site: Page) {
  const sources = await site
    .locator('video[aria-label="The booking flow, start to end"] source')
    .evaluateAll((list) => list.map((source) => ({ src: (source as HTMLSourceElement).src, type: source.getAttribute('type') })));
  expect(sources).toHaveLength(1);
  expect(sources[0]?.type).toBe('video/mp4');
  const answer = await site.request.get(sources[0]!.src);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('video/mp4');
  expect(Buffer.from(await answer.body()).equals(png('clip.mp4'))).toBe(true);
}

describe('the Add block menu', () => {
  it('offers every story block, in her words', async () => {
    const page = await editor.signedIn();
    await openEditor(page, editor.url + OFFICE_DEPOT);
    const options = await page.locator('#mdx-add-block option').allInnerTexts();
    expect(options).toEqual([
      'Add block…',
      'Image',
      'Gallery',
      'Before and after',
      'Metrics',
      'Quote',
      'Callout',
      'Prototype link',
      'Video',
    ]);
    // The cards name no prop by its key and show no path.
    const cards = await page.locator('[data-block]').allInnerTexts();
    for (const text of cards) expect(text).not.toMatch(/\bSrc\b|\bHref\b|BEFOREAFTER|GALLERY|\.\/[a-z0-9-]+\//);
    expect(await page.locator('[data-block="Figure"] input[name="src"], [data-block] input[name="poster"]').count()).toBe(0);
  });

  it('a Gallery of three images, a Before/after, Metrics with three figures and a Video with its uploaded MP4 are added from the menu and published; the site shows them', async () => {
    await editor.stack.db.query('DELETE FROM content_draft_uploads');
    await editor.stack.db.query('DELETE FROM content_drafts');
    const page = await editor.signedIn();
    await openEditor(page, editor.url + OFFICE_DEPOT);
    const menu = page.locator('#mdx-add-block');

    // A Gallery: the dialog asks for two images, the card adds the third.
    const gallery = await markExisting(page, 'Gallery');
    await caretAfterParagraph(page);
    await menu.selectOption('Gallery');
    await uploadInDialog(page, 'before.png', 'The first sketch', 'Sketch one');
    await uploadInDialog(page, 'after.png', 'The second sketch', 'Sketch two');
    await gallery.getByRole('button', { name: 'Upload photos…' }).click();
    await uploadInDialog(page, 'poster.png', 'The third sketch', 'Sketch three');
    await expect.poll(() => gallery.locator('[data-image-child]').count()).toBe(3);
    await gallery.getByLabel('Caption under the gallery (optional)').fill('Three sketches, side by side');

    // A Before/after: two images of the same size.
    await caretAfterParagraph(page);
    await menu.selectOption('BeforeAfter');
    await uploadInDialog(page, 'before.png', 'The old screen');
    await uploadInDialog(page, 'after.png', 'The new screen');

    // Metrics: two figures to start with, a third added.
    const metrics = await markExisting(page, 'Metrics');
    await caretAfterParagraph(page);
    await menu.selectOption('Metrics');
    await metrics.getByRole('button', { name: 'Add a figure' }).click();
    const figures = metrics.locator('[data-block="Metric"]');
    await expect.poll(() => figures.count()).toBe(3);
    const values = [
      ['+18%', 'Activation'],
      ['3×', 'Faster booking'],
      ['4.7', 'Store rating'],
    ] as const;
    for (const [i, [value, label]] of values.entries()) {
      await figures.nth(i).getByLabel('Figure', { exact: true }).fill(value);
      await figures.nth(i).getByLabel('What it measures').fill(label);
    }

    // A Video: its MP4 and poster uploaded from the card.
    await addVideo(page);

    await expect.poll(() => bodyValue(page)).toContain('label="Store rating"');
    const body = await bodyValue(page);
    expect(body).toMatch(
      /<Gallery caption="Three sketches, side by side">\n {2}!\[The first sketch\]\(\.\/office-depot\/new-before-[0-9a-f]{8}\.png "Sketch one"\)/,
    );
    expect(body).toMatch(/<BeforeAfter>\n {2}!\[The old screen\]\([^)]+\)\n {2}!\[The new screen\]\([^)]+\)\n<\/BeforeAfter>/);
    expect(body).toContain(
      '<Metrics>\n  <Metric value="+18%" label="Activation" />\n  <Metric value="3×" label="Faster booking" />\n  <Metric value="4.7" label="Store rating" />\n</Metrics>',
    );

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const result = await waitForSaveResult(page);
    expect(result.status, await page.locator('[data-save-result]').innerText()).toBe('published');

    const site = await editor.signedIn();
    await site.goto(`${editor.url}/case-study/office-depot`);
    const published = site.locator('[data-block="gallery"]', { has: site.getByText('Three sketches, side by side') });
    expect(await published.locator('img').count()).toBe(3);
    expect(await site.locator('[data-block="before-after"] img[alt="The new screen"]').count()).toBe(1);
    const metricsShown = await site
      .locator('[data-block="metrics"]')
      .evaluateAll((blocks) => blocks.map((block) => [...block.querySelectorAll('dd')].map((dd) => dd.textContent?.trim())));
    expect(metricsShown).toContainEqual(['+18%', '3×', '4.7']);
    await expectVideoServed(site);
  }, 180_000);
});
