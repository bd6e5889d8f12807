// @module-tag slow
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { remoteFile } from '../helpers/start/git-remote';
import { waitForReady } from '../helpers/site/e2e';
import { bytes, publishAndWait } from '../helpers/site/live-site';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * A focal point for every photo, in Chromium, through the real editor
 * against a real git remote, live without a build: the designer clicks the
 * part of her About photo that must stay in frame (then moves it with the
 * arrow keys), and the home page crops at it (object-position) and so does
 * the resume's sharing image (its pixels); without JavaScript she types it
 * for a card image, and the cards and the case study's header follow.
 */

const SITE = 'content/site.yml';
const CARD_DOC = 'content/case-studies/blocks-demo.mdx';
const SHOTS = process.env.SCREENSHOT_DIR ?? path.resolve('.generated/screenshots/focal-point');

const editor = useEditor({ password: 'focal point password', fixtures: true });
const signedIn = (javaScriptEnabled = true): Promise<Page> => editor.signedIn({ javaScriptEnabled });

/** A landscape photo, red on its left half and blue on its right: where a crop lands shows in one pixel. */
const halves = () =>
  sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { width: 900, height: 1200, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .toBuffer();

/** The colour at the middle of a sharing image's picture panel (448 × 550 at 712, 40: pipeline/social-images.ts). */
async function panelCentre(png: Buffer): Promise<'red' | 'blue' | 'other'> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = ((40 + 275) * info.width + 712 + 224) * info.channels;
  const [r = 0, g = 0, b = 0] = data.subarray(at, at + 3);
  if (r > 200 && g < 60 && b < 60) return 'red';
  if (b > 200 && r < 60 && g < 60) return 'blue';
  return 'other';
}

/** The crop of the image matching `selector` on a public page, as Chromium computes it. */
async function objectPosition(page: Page, url: string, selector: string): Promise<string> {
  await page.goto(url);
  return page
    .locator(selector)
    .first()
    .evaluate((img) => getComputedStyle(img).objectPosition);
}

async function screenshots(page: Page, name: string, target: (page: Page) => Promise<void>) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 768, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await target(page);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${scheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the About photo’s focal point, with JavaScript', () => {
  it('a click on the photo sets it, the arrow keys move it, and the home page and the sharing image crop at it', async () => {
    const page = await signedIn(true);
    await page.goto(`${editor.url}/admin/content/site.yml`);
    await waitForReady(page);
    const field = page.locator('[data-image-field="photos.about"]');
    await field.locator('input[type=file]').setInputFiles({ name: 'Workshop.jpg', mimeType: 'image/jpeg', buffer: await halves() });
    await field.locator('[data-image-status="ok"]').waitFor({ timeout: 30_000 });
    const area = field.locator('[data-focal-area]');
    await expect
      .poll(() => area.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1800), { timeout: 15_000 })
      .toBe(true);

    // A click at 90% across, 30% down.
    const box = (await area.boundingBox())!;
    await area.click({ position: { x: box.width * 0.9, y: box.height * 0.3 } });
    const input = field.locator('input[name="photos.about.focus"]');
    await expect.poll(() => input.inputValue()).toBe('90% 30%');
    // The cross sits where she clicked (measured again: the click scrolled the image into view).
    const marker = (await field.locator('[data-focal-marker]').boundingBox())!;
    const clicked = (await area.boundingBox())!;
    expect(Math.abs(marker.x + marker.width / 2 - (clicked.x + clicked.width * 0.9))).toBeLessThan(3);
    expect(Math.abs(marker.y + marker.height / 2 - (clicked.y + clicked.height * 0.3))).toBeLessThan(3);
    expect(await area.getAttribute('aria-valuetext')).toBe('90% across, 30% down');
    await field.scrollIntoViewIfNeeded();
    await field.screenshot({ path: (mkdirSync(SHOTS, { recursive: true }), path.join(SHOTS, 'editor-about-1280.png')) });

    const first = await publishAndWait(page);
    expect(first.status, first.message).toBe('published');
    expect((parse(remoteFile(editor.stack.remote, SITE)) as { photos: { about: Record<string, unknown> } }).photos.about).toMatchObject({
      focus: '90% 30%',
    });
    const visitor = await editor.chromium.openPage();
    expect(await objectPosition(visitor, `${editor.url}/`, '#about img')).toBe('90% 30%');
    const cardBefore = (await bytes(`${editor.url}/social/resume.png`)).body;
    expect(await panelCentre(cardBefore)).toBe('blue');

    // From the keyboard: the arrow keys move it 5% a press.
    await page.goto(`${editor.url}/admin/content/site.yml`);
    await waitForReady(page);
    await area.focus();
    for (let press = 0; press < 16; press++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => input.inputValue()).toBe('10% 35%');
    const second = await publishAndWait(page);
    expect(second.status, second.message).toBe('published');
    expect(await objectPosition(visitor, `${editor.url}/`, '#about img')).toBe('10% 35%');
    const cardAfter = (await bytes(`${editor.url}/social/resume.png`)).body;
    expect(await panelCentre(cardAfter)).toBe('red');

    await screenshots(visitor, 'home-about', async (shot) => {
      await shot.goto(`${editor.url}/#about`);
      await shot.locator('#about img').scrollIntoViewIfNeeded();
    });
  }, 300_000);
});

describe('a card image’s focal point, without JavaScript', () => {
  it('is a text field: what is typed is published beside the image, and the cards and the header follow', async () => {
    const page = await signedIn(false);
    await page.goto(`${editor.url}/admin/content/case-studies/blocks-demo.mdx`);
    const input = page.locator('[data-image-field="image"] input[name="focus"]');
    // One field for it, with the card image: not a second one among the others.
    expect(await page.locator('[data-editor-form] [name="focus"]').count()).toBe(1);

    // A point that is not one is refused in words, and what was typed stays.
    await input.fill('top');
    const refused = await publishAndWait(page);
    expect(refused.status).toBe('invalid');
    const error = page.locator('[data-image-field="image"] [role=alert]');
    expect(await error.innerText()).toMatch(/two percentages, across then down/);
    expect(await input.inputValue()).toBe('top');
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.fill('20% 80%');
    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    // Written beside the image's path.
    expect(remoteFile(editor.stack.remote, CARD_DOC)).toMatch(/^image: .+\nalt: .+\nfocus: 20% 80%\n/m);

    const visitor = await editor.chromium.openPage({ javaScriptEnabled: false });
    expect(await objectPosition(visitor, `${editor.url}/`, 'article:has(a[href="/case-study/blocks-demo"]) img')).toBe('20% 80%');
    expect(await objectPosition(visitor, `${editor.url}/case-study/blocks-demo`, 'header img')).toBe('20% 80%');
  }, 240_000);
});
