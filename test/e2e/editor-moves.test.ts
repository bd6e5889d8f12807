import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyValue, caretAfter, openEditor } from '../helpers/site/body-editor';
import { useEditor } from '../helpers/suite/editor-suite';
import { waitFor } from '../helpers/wait';

/**
 * Moving the story's blocks and a gallery's images in the visual editor, as
 * the designer does: with the buttons, with the keyboard and by dragging a
 * handle, each move said to screen readers and undone by the editor's Undo;
 * and a gallery of 24 photos built from three sets of 8 picked at once, or of 8 dropped on its dialog. In
 * Chromium, signed in on the built server with a real git remote, on the
 * fixture case study that holds every block (test/fixtures/case-studies/blocks-demo.mdx). A drop is a
 * DragEvent built in the page: Playwright cannot drag a file from outside the browser.
 */

const editor = useEditor({ password: 'moves test password', fixtures: true });
const BLOCKS_DEMO = '/admin/content/case-studies/blocks-demo.mdx';
const PARAGRAPH = 'A Markdown image alone in its paragraph becomes a figure';

/** No draft left from a test before: each starts from the published story. A closing page may still send its last keystrokes. */
async function dropDrafts() {
  await waitFor(
    async () => {
      await editor.stack.db.query('DELETE FROM content_draft_uploads');
      await editor.stack.db.query('DELETE FROM content_drafts');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rows = await editor.stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_drafts');
      return rows[0]?.n === 0;
    },
    { timeoutMs: 15_000, what: 'no draft left' },
  );
}

beforeEach(dropDrafts);
afterEach(async () => {
  await editor.chromium.closePages();
  await dropDrafts();
});

const card = (page: Page, block: string) => page.locator(`[data-block="${block}"]`).first();
const announcement = (page: Page) => page.locator('[data-move-announcement]');
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** Where each of `tags` first appears in the story, in the order they come. */
async function orderOf(page: Page, tags: string[]): Promise<string[]> {
  const body = await bodyValue(page);
  return tags.filter((tag) => body.includes(tag)).sort((a, b) => body.indexOf(a) - body.indexOf(b));
}

/** Holds a handle with the mouse and lets go over the top quarter of `target`. */
async function dragHandle(page: Page, handle: Locator, target: Locator) {
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const to = (await target.boundingBox())!;
  const y = to.y + Math.min(to.height / 4, 20);
  for (const step of [0.25, 0.5, 0.75, 1]) await page.mouse.move(to.x + 40, from.y + (y - from.y) * step);
  await page.mouse.up();
}

/** A small PNG of its own colour, so no two photos are the same file. */
const photo = async (n: number) => ({
  name: `screen-${String(n).padStart(2, '0')}.png`,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 480, height: 300, channels: 3, background: { r: (n * 37) % 256, g: (n * 71) % 256, b: 200 } } })
    .png()
    .toBuffer(),
});

/** Lets go of `files` over `target`, as a drag from her desktop does: dragover first, then the drop. */
async function dropFiles(target: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await target.evaluate(
    (element, files) => {
      const data = new DataTransfer();
      for (const file of files) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.mimeType }));
      element.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] })),
  );
}

/**
 * Answers the image dialog with several photos at once (picked, or with `dropped`, let go over the dialog),
 * each with its alt text written from its thumbnail, and waits until it has closed.
 */
async function uploadSeveral(page: Page, first: number, count: number, { dropped = false } = {}) {
  const dialog = page.locator('form[data-image-dialog]');
  await dialog.waitFor();
  const files = await Promise.all(Array.from({ length: count }, (_, i) => photo(first + i)));
  if (dropped) await dropFiles(page.locator('dialog', { has: dialog }), files);
  else await dialog.locator('input[type="file"]').setInputFiles(files);
  const rows = dialog.locator('[data-photo-row]');
  await expect.poll(() => rows.count()).toBe(count);
  // Each row shows its photo (the browser's own copy), so she can describe it.
  await expect
    .poll(() => rows.locator('img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length))
    .toBe(count);
  for (let i = 0; i < count; i++)
    await rows
      .nth(i)
      .getByRole('textbox', { name: /Alt text/ })
      .fill(`Screen ${first + i} of the flow`);
  await dialog.getByRole('button', { name: `Upload and insert ${count} photos` }).click();
  await dialog.waitFor({ state: 'detached', timeout: 90_000 });
}

describe('moving blocks in the story', () => {
  it('the buttons move a block and say where; focus stays on the button; the editor’s Undo puts it back', async () => {
    const page = await editor.signedIn();
    await openEditor(page, editor.url + BLOCKS_DEMO);
    const before = await bodyValue(page);
    expect(await orderOf(page, ['<Metrics>', '<Quote'])).toEqual(['<Metrics>', '<Quote']);

    // At the ends, the buttons are there but disabled.
    await expect.poll(() => card(page, 'Embed').getByRole('button', { name: 'Move the prototype link down' }).isDisabled()).toBe(true);
    expect(await card(page, 'Embed').getByRole('button', { name: 'Move the prototype link up' }).isDisabled()).toBe(false);

    await card(page, 'Quote').getByRole('button', { name: 'Move the quote up' }).click();
    await expect.poll(() => orderOf(page, ['<Metrics>', '<Quote'])).toEqual(['<Quote', '<Metrics>']);
    await expect.poll(() => announcement(page).innerText()).toBe('Quote moved above the metrics');
    expect(await focused(page)).toBe('Move the quote up');

    // A second press goes on past the callout, and is said again.
    await page.keyboard.press('Enter');
    await expect.poll(() => orderOf(page, ['<Callout>', '<Quote'])).toEqual(['<Quote', '<Callout>']);
    await expect.poll(() => announcement(page).innerText()).toBe('Quote moved above the callout');
    expect(await focused(page)).toBe('Move the quote up');

    // The editor's own Undo, from the keyboard, takes back one move at a time.
    await page.keyboard.press('Control+z');
    await expect.poll(() => orderOf(page, ['<Callout>', '<Quote', '<Metrics>'])).toEqual(['<Callout>', '<Quote', '<Metrics>']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => bodyValue(page)).toBe(before);
  });

  it('the keyboard moves a block (Alt+arrows on its controls, arrows on its handle), and a drag of its handle does too; the saved story keeps the order', async () => {
    const page = await editor.signedIn();
    await openEditor(page, editor.url + BLOCKS_DEMO);

    // Alt+↓ on the callout's Remove button: below the metrics.
    await card(page, 'Callout').getByRole('button', { name: 'Remove this callout block' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => orderOf(page, ['<Callout>', '<Metrics>'])).toEqual(['<Metrics>', '<Callout>']);
    await expect.poll(() => announcement(page).innerText()).toBe('Callout moved below the metrics');
    expect(await focused(page)).toBe('Remove this callout block');

    // The handle, focused: ↑ takes the before and after above the gallery.
    await card(page, 'BeforeAfter').getByRole('button', { name: 'Drag to move the before and after' }).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => orderOf(page, ['<Gallery', '<BeforeAfter'])).toEqual(['<BeforeAfter', '<Gallery']);
    await expect.poll(() => announcement(page).innerText()).toBe('Before and after moved above the gallery');
    expect(await focused(page)).toBe('Drag to move the before and after');

    // Dragged by its handle with the mouse: the quote lands above the heading "Words".
    const words = page.locator('[data-mdx-body] [contenteditable="true"] h2', { hasText: 'Words' });
    await dragHandle(page, card(page, 'Quote').getByRole('button', { name: 'Drag to move the quote' }), words);
    await expect.poll(() => orderOf(page, ['## Words', '<Quote'])).toEqual(['<Quote', '## Words']);
    await expect.poll(() => announcement(page).innerText()).toBe('Quote moved above the heading “Words”');

    // Saved as a draft and opened again: the story reads in the new order.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/saved=1/);
    await openEditor(page, editor.url + BLOCKS_DEMO);
    expect(await orderOf(page, ['<Gallery', '<BeforeAfter', '<Quote', '## Words', '<Metrics>', '<Callout>'])).toEqual([
      '<BeforeAfter',
      '<Gallery',
      '<Quote',
      '## Words',
      '<Metrics>',
      '<Callout>',
    ]);
  });
});

describe('several photos at once', () => {
  it('picked together from the Image button, they go into the story as a run of images, each in its own paragraph', async () => {
    const page = await editor.signedIn();
    await openEditor(page, editor.url + BLOCKS_DEMO);
    // On a new line after a paragraph, as a photo goes where the caret is.
    await caretAfter(page, PARAGRAPH, 'caption.');
    await page.keyboard.press('Enter');
    await page.locator('[data-insert-image]').click();
    await uploadSeveral(page, 40, 3);
    await expect
      .poll(() => bodyValue(page))
      .toMatch(
        /with its title as the caption\.\n\n!\[Screen 40 of the flow\]\(\.\/blocks-demo\/screen-40-[0-9a-f]{8}\.png\)\n\n!\[Screen 41 of the flow\]\([^)]+\)\n\n!\[Screen 42 of the flow\]\([^)]+\)\n\n/,
      );
  });
});

describe('photos dropped on the open dialog', () => {
  it('eight let go over the gallery’s dialog are taken as if picked, and become the gallery', async () => {
    const page = await editor.signedIn();
    await openEditor(page, editor.url + BLOCKS_DEMO);
    await page.locator('[data-block="Gallery"]').evaluateAll((cards) => cards.forEach((c) => c.setAttribute('data-existing', '')));
    await caretAfter(page, PARAGRAPH, 'caption.');
    await page.locator('#mdx-add-block').selectOption('Gallery');
    await uploadSeveral(page, 50, 8, { dropped: true });
    const gallery = page.locator('[data-block="Gallery"]:not([data-existing])');
    await expect.poll(() => gallery.locator('[data-image-child]').count()).toBe(8);
    expect(await gallery.locator('input[data-prop="alt"]').first().inputValue()).toBe('Screen 50 of the flow');
  });
});

describe('a gallery’s images', () => {
  it('move with the buttons, the keyboard and a drag, each said; the story’s lines keep their layout', async () => {
    const page = await editor.signedIn();
    await openEditor(page, editor.url + BLOCKS_DEMO);
    const gallery = card(page, 'Gallery');
    const lines = async () => (await bodyValue(page)).match(/ {2}!\[Option [ABC][^\n]*/g);
    expect((await lines())?.map((line) => line.slice(4, 12))).toEqual(['Option A', 'Option B', 'Option C']);

    await gallery.getByRole('button', { name: 'Move image 3 up' }).click();
    await expect.poll(async () => (await lines())?.map((line) => line.slice(4, 12))).toEqual(['Option A', 'Option C', 'Option B']);
    await expect.poll(() => announcement(page).innerText()).toBe('Image “Option C” moved above “Option B”: now image 2 of 3');
    // Focus follows the image, whose button is now image 2's.
    expect(await focused(page)).toBe('Move image 2 up');
    // Each image keeps its own words, in its own line.
    expect(await gallery.locator('[data-image-child]').nth(1).locator('input[data-prop="title"]').inputValue()).toBe('Option C');

    // Alt+↓ on an image's handle.
    await gallery.getByRole('button', { name: 'Drag to move image 1' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(async () => (await lines())?.map((line) => line.slice(4, 12))).toEqual(['Option C', 'Option A', 'Option B']);
    expect(await focused(page)).toBe('Drag to move image 2');

    // Dragged: the last image to the top.
    const items = gallery.locator('[data-image-child]');
    await dragHandle(page, gallery.getByRole('button', { name: 'Drag to move image 3' }), items.first());
    await expect.poll(async () => (await lines())?.map((line) => line.slice(4, 12))).toEqual(['Option B', 'Option C', 'Option A']);
    await expect.poll(() => announcement(page).innerText()).toBe('Image “Option B” moved above “Option C”: now image 1 of 3');

    const body = await bodyValue(page);
    expect(body).toContain(
      '<Gallery caption="Three options, side by side">\n  ![Option B: a panel with a darker header](./blocks-demo/b.svg "Option B")\n  ![Option C: a panel with the darkest header](./blocks-demo/c.svg "Option C")\n  ![Option A: a panel with a light header](./blocks-demo/a.svg "Option A")\n</Gallery>',
    );

    // Undo takes the drag back.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await lines())?.map((line) => line.slice(4, 12))).toEqual(['Option C', 'Option A', 'Option B']);
  });

  it('a gallery of 24 photos, picked 8 at a time; it says how many it holds, refuses more than fit with a sentence, and is published', async () => {
    const page = await editor.signedIn();
    await openEditor(page, editor.url + BLOCKS_DEMO);
    await page.locator('[data-block="Gallery"]').evaluateAll((cards) => cards.forEach((c) => c.setAttribute('data-existing', '')));
    const gallery = page.locator('[data-block="Gallery"]:not([data-existing])');

    await caretAfter(page, PARAGRAPH, 'caption.');
    await page.locator('#mdx-add-block').selectOption('Gallery');
    await uploadSeveral(page, 1, 8);
    await gallery.waitFor();
    await expect.poll(() => gallery.locator('[data-image-child]').count()).toBe(8);
    expect(await gallery.locator('[data-gallery-count]').innerText()).toBe('8 images · add more');

    await gallery.getByRole('button', { name: 'Upload photos…' }).click();
    await uploadSeveral(page, 9, 8);
    await expect.poll(() => gallery.locator('[data-gallery-count]').innerText()).toBe('16 images · add more');

    // Nine picked where eight fit: said at once, nothing sent.
    await gallery.getByRole('button', { name: 'Upload photos…' }).click();
    const dialog = page.locator('form[data-image-dialog]');
    await dialog.locator('input[type="file"]').setInputFiles(await Promise.all(Array.from({ length: 9 }, (_, i) => photo(30 + i))));
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('This gallery has room for 8 more photos.');
    await uploadSeveral(page, 17, 8);
    await expect
      .poll(() => gallery.locator('[data-gallery-count]').innerText())
      .toBe('24 images · the most a gallery holds. Remove one to add another.');
    expect(await gallery.getByRole('button', { name: 'Upload photos…' }).count()).toBe(0);

    const body = await bodyValue(page);
    const written =
      body
        .match(/<Gallery>\n((?: {2}!\[[^\n]+\n)+)<\/Gallery>/)?.[1]
        ?.trim()
        .split('\n') ?? [];
    expect(written).toHaveLength(24);
    expect(written.map((line) => line.match(/Screen (\d+) of/)?.[1])).toEqual(Array.from({ length: 24 }, (_, i) => String(i + 1)));

    // 24 new photos: the publish takes longer than a text's.
    await page.getByRole('button', { name: 'Publish', exact: true }).click({ timeout: 150_000 });
    await page.locator('[data-save-result]').waitFor({ timeout: 150_000 });
    expect(
      await page.locator('[data-save-result]').getAttribute('data-save-result'),
      await page.locator('[data-save-result]').innerText(),
    ).toBe('published');
    const site = await editor.signedIn({ width: 1280 });
    await site.goto(`${editor.url}/case-study/blocks-demo`);
    const shown = site.locator('[data-block="gallery"]', { has: site.getByAltText('Screen 24 of the flow') });
    expect(await shown.locator('img').count()).toBe(24);
    // Three a row on a desktop.
    const tops = await shown.locator('img').evaluateAll((imgs) => imgs.map((img) => Math.round(img.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0]!);
  }, 300_000);
});
