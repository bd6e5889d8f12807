// @module-tag slow
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bodyValue,
  caretAfter,
  changedLines,
  cspViolations,
  editableFiles,
  openEditor,
  recordCspViolations,
  selectWord,
} from '../helpers/site/body-editor';
import { ROOT } from '../helpers/data/content';
import { useEditor } from '../helpers/suite/editor-suite';
import { signInPage } from '../helpers/site/owner-session';
import { at } from '../helpers/must';
import { waitFor } from '../helpers/wait';

/**
 * The body editor (MDXEditor with the house settings) in Chromium, signed in
 * on the built server: every content and fixture file is opened and its
 * export is the file's body byte for byte; an edit by typing and one through
 * a block card change exactly their lines; a Video keeps `autoplay`; the
 * source view, the image dialog (alt text first), a phone's width, the CSP,
 * and the raw textarea without JavaScript.
 */

const ADMIN_PASSWORD = 'owner password for the body editor';
const OFFICE_DEPOT = '/admin/content/case-studies/office-depot.mdx';

// The built server in remote mode, its repository holding content/ and the fixture case studies.
const editor = useEditor({ password: ADMIN_PASSWORD, fixtures: true });
const { chromium } = editor;

afterEach(async () => {
  const errors = chromium.errors();
  // A page closed with typing not yet kept would send it as it goes (keepalive), into the next test's file.
  for (const t of chromium.opened) await settleAutosave(t.page);
  await chromium.closePages();
  expect(errors, 'console errors').toEqual([]);
});

async function signedIn(options: BrowserContextOptions = {}): Promise<Page> {
  // Each test opens the file as published: no draft left by an earlier test's autosave.
  await editor.stack.db.query('DELETE FROM content_draft_uploads');
  await editor.stack.db.query('DELETE FROM content_drafts');
  const t = await chromium.open(options);
  await recordCspViolations(t.page);
  await signInPage(t.page, editor.url, ADMIN_PASSWORD);
  return t.page;
}

/** Waits (bounded) until the page's autosave has nothing pending or in flight. */
async function settleAutosave(page: Page): Promise<void> {
  if (page.isClosed() || !(await page.locator('[data-autosave-state]').count())) return;
  await page.locator('[data-autosave-state="idle"]').waitFor({ state: 'attached', timeout: 15_000 });
}

const original = (path: string) => editableFiles().find((f) => f.url === path)!.body;

describe('round trip', () => {
  it.each(editableFiles().map((f) => [f.file, f] as const))('%s opens and exports byte for byte', async (_file, { url: path, body }) => {
    const page = await signedIn();
    await openEditor(page, editor.url + path);
    expect(await bodyValue(page)).toBe(body);
    expect(await cspViolations(page)).toEqual([]);
  });
});

describe('editing', () => {
  it('one word typed in a paragraph and one Figure caption changed through its card change exactly those lines', async () => {
    const page = await signedIn();
    await openEditor(page, editor.url + OFFICE_DEPOT);
    const before = original(OFFICE_DEPOT);

    await selectWord(page, 'These three insights shaped everything that followed.', 'shaped');
    await page.keyboard.type('guided');
    const figure = page.locator('[data-block="Figure"]').first();
    await figure.locator('[name="caption"]').fill('Affinity map of the coded reviews, by theme.');

    await expect.poll(() => bodyValue(page)).toContain('guided everything');
    await expect.poll(() => bodyValue(page)).toContain('caption="Affinity map of the coded reviews, by theme."');
    const after = await bodyValue(page);
    const lines = changedLines(before, after);
    expect(lines).toHaveLength(2);
    expect(after.split('\n')[at(lines, 0, 'a changed line') - 1]).toBe('  caption="Affinity map of the coded reviews, by theme."');
    expect(after.split('\n')[at(lines, 1, 'a second changed line') - 1]).toBe('These three insights guided everything that followed.');
  });

  it('a paragraph chosen by a triple click and typed over keeps the heading after it', async () => {
    const page = await signedIn();
    await openEditor(page, editor.url + OFFICE_DEPOT);
    const before = original(OFFICE_DEPOT);
    const paragraph = page.locator('[data-mdx-body] [contenteditable="true"] p', {
      hasText: 'These three insights shaped everything that followed.',
    });
    await paragraph.click({ clickCount: 3 });
    await page.keyboard.type('Three insights led the way.');

    await expect.poll(() => bodyValue(page)).toContain('Three insights led the way.');
    const after = await bodyValue(page);
    expect(after).toContain('Three insights led the way.\n\n## Ideation & Design Process\n');
    expect(changedLines(before, after)).toHaveLength(1);
  });

  it('a Video keeps `autoplay` (a prop its card shows as a checkbox) when its caption is edited', async () => {
    const page = await signedIn();
    await openEditor(page, editor.url + OFFICE_DEPOT);
    const video = page.locator('[data-block="Video"]');
    expect(await video.locator('[name="autoplay"]').isChecked()).toBe(true);
    await video.locator('[name="caption"]').fill('The scan flow, in one tap.');
    await expect.poll(() => bodyValue(page)).toContain('caption="The scan flow, in one tap."');
    const after = await bodyValue(page);
    const lines = changedLines(original(OFFICE_DEPOT), after);
    expect(lines.map((n) => `${n}: ${original(OFFICE_DEPOT).split('\n')[n - 1]} → ${after.split('\n')[n - 1]}`)).toHaveLength(1);
    expect(after).toContain('  caption="The scan flow, in one tap."\n  autoplay\n/>');
  });

  it('block inputs are not fields of the page form (they would post as frontmatter)', async () => {
    const page = await signedIn();
    await openEditor(page, editor.url + OFFICE_DEPOT);
    const form = page.locator('form[data-editor-form]');
    expect(await page.locator('[data-block] [name="caption"]').count()).toBeGreaterThan(0);
    // Every control the form posts is its own (frontmatter, body, hidden fields); none is in a block card.
    const fromCards = await form.evaluate(
      (element) =>
        [...(element as HTMLFormElement).elements].filter(
          (control) => (control as HTMLInputElement).name && control.closest('[data-block]'),
        ).length,
    );
    expect(fromCards).toBe(0);
    const posted = await form.evaluate((element) => [...new FormData(element as HTMLFormElement).keys()]);
    expect(posted.filter((key) => key === 'body')).toHaveLength(1);
    expect(posted).not.toContain('autoplay');
    expect(posted).not.toContain('caption');
  });

  it('the source view shows the raw MDX; what is typed there comes back into the visual editor', async () => {
    const page = await signedIn();
    await openEditor(page, editor.url + OFFICE_DEPOT);
    await page.locator('[data-view="source"]').click();
    const source = page.locator('textarea[data-body-source]');
    await source.waitFor({ state: 'visible' });
    expect(await source.inputValue()).toBe(original(OFFICE_DEPOT));
    await source.fill((await source.inputValue()).replace('## The Challenge', '## The Problem'));
    await page.locator('[data-view="visual"]').click();
    await page.locator('[data-mdx-body] [contenteditable="true"] h2', { hasText: 'The Problem' }).waitFor();
    expect(await source.isHidden()).toBe(true);
    expect(changedLines(original(OFFICE_DEPOT), await bodyValue(page))).toEqual([2]);
  });
});

describe('images', () => {
  const PNG = readFileSync(path.join(ROOT, 'test/fixtures/case-studies/blocks-demo/before.png'));
  const UPLOADED = /\.\/office-depot\/[a-z0-9-]+-[0-9a-f]{8}\.png/;

  /** The upload requests the page makes, as posted, passed on to the real route. */
  async function recordUploads(page: Page): Promise<string[]> {
    const posted: string[] = [];
    await page.route('**/admin/content/api/upload', async (route) => {
      posted.push(route.request().postDataBuffer()?.toString('latin1') ?? '');
      await route.continue();
    });
    return posted;
  }

  /** The inserted image's src, once it is in the body; its picture answers from the owner's media route. */
  async function insertedImage(page: Page, alt: string): Promise<string> {
    const pattern = new RegExp(`!\\[${alt}\\]\\((\\./office-depot/[^ )]+)`);
    const src = await waitFor(async () => pattern.exec(await bodyValue(page))?.[1], {
      timeoutMs: 15_000,
      what: `the image "${alt}" in the body`,
    });
    expect(src).toMatch(UPLOADED);
    const media = await page.request.get(`${editor.url}/admin/content/api/media/content/case-studies/${src.slice(2)}`);
    expect(media.status()).toBe(200);
    expect(media.headers()['content-type']).toBe('image/png');
    return src;
  }

  it('the toolbar’s Image asks for the alt text before uploading, then inserts the stored image with its caption', async () => {
    const page = await signedIn();
    const posted = await recordUploads(page);
    await openEditor(page, editor.url + OFFICE_DEPOT);
    await caretAfter(page, 'These three insights shaped everything that followed.', 'followed.');
    await page.locator('[data-insert-image]').click();
    const dialog = page.locator('form[data-image-dialog]');
    // The picker drawn as the editor's other buttons, not the browser's "Choose File / No file chosen".
    await dialog.locator('label', { hasText: 'Choose files' }).waitFor();
    expect(await dialog.locator('[data-file-picked]').innerText()).toBe('None chosen yet');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'history.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Upload and insert' }).click();
    // The alt text is required: nothing went to the server.
    expect(await dialog.locator('textarea[name="alt"]').evaluate((el) => (el as HTMLTextAreaElement).validity.valueMissing)).toBe(true);
    expect(posted).toHaveLength(0);
    await dialog.getByLabel('Alt text').fill('The rewards history screen');
    await dialog.getByLabel('Caption (optional)').fill('What was earned and redeemed');
    await dialog.getByRole('button', { name: 'Upload and insert' }).click();
    const src = await insertedImage(page, 'The rewards history screen');
    expect(await bodyValue(page)).toContain(`![The rewards history screen](${src} "What was earned and redeemed")`);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toContain('name="document"\r\n\r\ncontent/case-studies/office-depot.mdx');
    expect(posted[0]).toContain('name="file"; filename="history.png"');
  });

  it('an image dropped on the editor goes through the same dialog (alt text first)', async () => {
    const page = await signedIn();
    const posted = await recordUploads(page);
    await openEditor(page, editor.url + OFFICE_DEPOT);
    await page
      .locator('[data-mdx-body] [contenteditable="true"] p')
      .first()
      .evaluate(
        (p, bytes) => {
          const data = new DataTransfer();
          data.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
          p.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        },
        [...PNG],
      );
    const dialog = page.locator('form[data-image-dialog]');
    await dialog.getByText('dropped.png').waitFor();
    expect(posted).toHaveLength(0);
    await dialog.getByLabel('Alt text').fill('A dropped screen');
    await dialog.getByRole('button', { name: 'Upload and insert' }).click();
    await insertedImage(page, 'A dropped screen');
    expect(posted[0]).toContain('filename="dropped.png"');
  });
});

describe('everywhere', () => {
  it('on a 375 px phone: nothing wider than the screen, and a word can be typed', async () => {
    const page = await signedIn({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await openEditor(page, editor.url + OFFICE_DEPOT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The toolbar scrolls sideways on a phone: adding a block and a photo are in view before it is scrolled.
    const inView = await page.locator('.mdx-body-toolbar').evaluate((bar) => {
      const { left, right } = bar.getBoundingClientRect();
      const seen = (selector: string) => {
        const box = bar.querySelector(selector)!.getBoundingClientRect();
        return box.left >= left && box.right <= right;
      };
      return { addBlock: seen('#mdx-add-block'), image: seen('[data-insert-image]') };
    });
    expect(inView).toEqual({ addBlock: true, image: true });
    await selectWord(page, 'These three insights shaped everything that followed.', 'shaped');
    await page.keyboard.type('guided');
    await expect.poll(() => bodyValue(page)).toContain('These three insights guided everything');
  });

  it('on 375×667 and 390×844 phones the fixed and sticky bars take at most a fifth of the screen', async () => {
    const page = await signedIn({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
    await openEditor(page, editor.url + OFFICE_DEPOT);
    for (const [width, height] of [
      [375, 667],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Scrolled into the story, where the bars that stay on screen are the ones she writes under.
      await page.locator('[data-mdx-body] [contenteditable="true"] p', { hasText: 'These three insights' }).scrollIntoViewIfNeeded();
      const bars = await page.evaluate(() => {
        const pinned = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
          const position = getComputedStyle(el).position;
          const box = el.getBoundingClientRect();
          return (position === 'fixed' || position === 'sticky') && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
        });
        // A bar inside another bar is counted with it.
        return pinned
          .filter((el) => !pinned.some((other) => other !== el && other.contains(el)))
          .map((el) => ({
            bar: `${el.tagName.toLowerCase()}.${el.className.split(' ').slice(0, 3).join('.')}`,
            height: el.getBoundingClientRect().height,
          }));
      });
      const total = bars.reduce((sum, { height }) => sum + height, 0);
      // Measured at the phone's scale: a page wider than the screen would be zoomed out, its bars shrunk with it.
      expect(await page.evaluate(() => [innerWidth, document.documentElement.scrollWidth])).toEqual([width, width]);
      expect(total, `${width}×${height}: ${JSON.stringify(bars)}`).toBeLessThanOrEqual(height * 0.2);
    }
    // The note opens while she types it, then folds away again with a dot on its button.
    const note = page.locator('label[for="commit-message"]');
    const dot = () => note.evaluate((label) => getComputedStyle(label, '::after').display);
    expect(await dot()).toBe('none');
    await note.click();
    await page.keyboard.type('Shorter insight');
    expect((await page.locator('#commit-message').boundingBox())!.width).toBeGreaterThan(300);
    await page.locator('[data-mdx-body] [contenteditable="true"] p', { hasText: 'These three insights' }).click();
    await expect
      .poll(() => page.locator('#commit-message').evaluate((input) => input.getBoundingClientRect().width))
      .toBeLessThanOrEqual(1);
    expect(await dot()).toBe('block');
    expect(await page.locator('#commit-message').inputValue()).toBe('Shorter insight');
  });

  it('at 1280×800 and 768 px, scrolled to the end of a long story, every toolbar button sits below the owner’s bar and takes the click', async () => {
    const page = await signedIn({ viewport: { width: 1280, height: 800 } });
    await openEditor(page, editor.url + OFFICE_DEPOT);
    for (const [width, height] of [
      [1280, 800],
      [768, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.locator('[data-mdx-body] [contenteditable="true"] > *').last().scrollIntoViewIfNeeded();
      // The story is long: the toolbar is stuck, not in its place at the top of the editor.
      const [barBottom, toolbarTop] = await page.evaluate(() => [
        document.querySelector('[data-owner-bar]')!.getBoundingClientRect().bottom,
        document.querySelector('.mdx-body-toolbar')!.getBoundingClientRect().top,
      ]);
      expect(barBottom, `${width}: the owner's bar stays on screen`).toBeGreaterThan(50);
      expect(toolbarTop, `${width}: the toolbar sticks below the bar`).toBeGreaterThanOrEqual(barBottom - 1);
      const buttons = page.locator('.mdx-body-toolbar button:visible:not([disabled])');
      const count = await buttons.count();
      expect(count).toBeGreaterThan(5);
      for (let i = 0; i < count; i++) {
        const button = buttons.nth(i);
        // Playwright's own check that the click would land on this button and not on what covers it.
        await button.click({ trial: true, timeout: 5_000 });
        const hit = await button.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return top !== null && (el === top || el.contains(top));
        });
        expect(hit, `${width}: toolbar button ${i + 1} (${await button.getAttribute('aria-label')}) takes the click`).toBe(true);
      }
    }
  });

  it.each(['light', 'dark'] as const)('axe finds nothing on the editor with its cards, in %s', async (colorScheme) => {
    const page = await signedIn({ colorScheme });
    await openEditor(page, editor.url + OFFICE_DEPOT);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('without JavaScript the body is a plain textarea holding the file’s body byte for byte', async () => {
    const t = await chromium.open({ javaScriptEnabled: false });
    await editor.stack.db.query('DELETE FROM content_drafts');
    await signInPage(t.page, editor.url, ADMIN_PASSWORD);
    await t.page.goto(editor.url + OFFICE_DEPOT);
    const source = t.page.locator('[data-mdx-body] textarea[data-body-source][name="body"]');
    expect(await source.isVisible()).toBe(true);
    expect(await source.inputValue()).toBe(original(OFFICE_DEPOT));
    expect(await t.page.locator('[contenteditable]').count()).toBe(0);
  });
});
