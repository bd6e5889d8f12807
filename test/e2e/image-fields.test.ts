// @module-tag slow
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildOnClone } from '../helpers/start/built-clone';
import { changedPaths, remoteFile } from '../helpers/start/git-remote';
import { bytes, generatedImages, text, waitForSaveResult, within } from '../helpers/site/live-site';
import { waitForReady } from '../helpers/site/e2e';
import { group } from '../helpers/must';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * Photos and card images replaced by upload, in Chromium, through the real
 * editor against a real git remote: the profile photo with JavaScript (it
 * uploads when chosen), a fixture case study's card image without it (the
 * Upload button posts the form). Each publish is one commit holding the new
 * file and the field's new path, without typed sizes; the replaced file goes
 * in that commit when nothing else names it; the build takes the result.
 * The images are made here; the content is read, never assumed.
 */

const SITE = 'content/site.yml';
const CARD_DOC = 'content/case-studies/blocks-demo.mdx';
const SHOTS = process.env.SCREENSHOT_DIR ?? path.resolve('.generated/screenshots/image-field');

const editor = useEditor({ password: 'image field password', fixtures: true });
const signedIn = (javaScriptEnabled = true): Promise<Page> => editor.signedIn({ javaScriptEnabled });

/** A photo with EXIF (a camera and a position), as a phone gives it. */
const photo = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .withExif({ IFD0: { Make: 'FixtureCam', Model: 'Test 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1' } })
    .jpeg({ quality: 90 })
    .toBuffer();

function grepRemote(name: string): string[] {
  try {
    return execFileSync('git', ['--git-dir', editor.stack.remote.bareDir, 'grep', '-l', '-F', name, 'main', '--', 'content'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
  } catch {
    return []; // git grep exits 1 when nothing matches
  }
}

const contentPathOf = (base: string, src: string) => (src.startsWith('/') ? `public${src}` : path.posix.normalize(`${base}${src}`));

/** True when a file input is drawn with nothing in it: Chromium then writes "No file chosen" beside its button. */
const showsNoFileChosen = (input: Locator) =>
  input.evaluate(
    (el: HTMLInputElement) =>
      el.files!.length === 0 && el.getBoundingClientRect().width > 1 && getComputedStyle(el).visibility !== 'hidden',
  );

async function screenshots(page: Page, selector: string, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const field = page.locator(selector);
      await field.scrollIntoViewIfNeeded();
      await field.screenshot({ path: path.join(SHOTS, `${name}-${width}-${scheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('replacing the profile photo, with JavaScript', () => {
  it('uploads when chosen, shows it, and publishes the file and the new path in one commit, without typed sizes', async () => {
    const before = parse(remoteFile(editor.stack.remote, SITE)) as { photos: { profile: { src: string }; about: { src: string } } };
    const oldProfile = contentPathOf('content/', before.photos.profile.src);
    const page = await signedIn(true);
    await page.goto(`${editor.url}/admin/content/site.yml`);
    await waitForReady(page);
    const field = page.locator('[data-image-field="photos.profile"]');
    await expect
      .poll(() => field.locator('img[data-image-thumbnail]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    // The alt text is its own field, and a typed change to it goes with the upload.
    await page.locator('input[name="photos.profile.alt"]').fill('Jordan at a standing desk, smiling');
    await field
      .locator('input[type=file]')
      .setInputFiles({ name: 'My Portrait (final).JPG', mimeType: 'image/jpeg', buffer: await photo(1024, 768, '#0ea5e9') });
    await field.locator('[data-image-status="ok"]').waitFor({ timeout: 30_000 });
    // The field names the file just kept; the browser's own "No file chosen" is not on screen beside it.
    expect(await field.locator('[data-image-file]').innerText()).toContain('My Portrait (final).JPG');
    expect(await showsNoFileChosen(field.locator('input[type=file]'))).toBe(false);
    const src = await field.locator('input[type=hidden][name="photos.profile.src"]').inputValue();
    expect(src).toMatch(/^\.\/images\/my-portrait-final-[0-9a-f]{8}\.jpg$/);
    // The thumbnail shows the new file, as the server kept it.
    const thumbnail = field.locator('img[data-image-thumbnail]');
    await expect
      .poll(
        () =>
          thumbnail.evaluate(
            (img: HTMLImageElement) =>
              img.currentSrc.endsWith(
                `/content/images/${img.closest('[data-image-field]')!.querySelector<HTMLInputElement>('input[type=hidden]')!.value.slice('./images/'.length)}`,
              ) &&
              img.complete &&
              img.naturalWidth === 1024,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await screenshots(page, '[data-image-field="photos.profile"]', 'profile');
    const namedBefore = generatedImages((await text(`${editor.url}/`)).body);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const result = await waitForSaveResult(page);
    expect(result.status).toBe('published');
    const stored = `content/images/${src.slice('./images/'.length)}`;
    const changed = changedPaths(editor.stack.remote, result.commit!);
    expect(changed).toContain(SITE);
    expect(changed).toContain(stored);
    // The replaced photo goes in the same commit when it lived beside the content and nothing else names it.
    const oldStays =
      !oldProfile.startsWith('content/') ||
      before.photos.about.src === before.photos.profile.src ||
      grepRemote(oldProfile.slice(oldProfile.lastIndexOf('/') + 1)).length > 0;
    expect(changed.includes(oldProfile)).toBe(!oldStays);

    // Once it is live, the old photo's files answer 404 (the deploy still holds them, no page names them) and the new one's 200.
    let namedAfter = new Set<string>();
    await within(
      60_000,
      async () => {
        namedAfter = generatedImages((await text(`${editor.url}/`)).body);
        return [...namedAfter].some((url) => !namedBefore.has(url));
      },
      'the home page names the new photo',
    );
    const retired = [...namedBefore].filter((url) => !namedAfter.has(url));
    expect(retired.length).toBeGreaterThanOrEqual(1);
    for (const url of retired) {
      expect(existsSync(path.resolve(`public${url}`)), `${url} is still in public/`).toBe(true);
      const answer = await bytes(`${editor.url}${url}`);
      expect(answer.status, url).toBe(404);
      expect(answer.headers.get('cache-control'), url).toBe('public, max-age=60');
    }
    for (const url of [...namedAfter].filter((named) => !namedBefore.has(named))) {
      const answer = await bytes(`${editor.url}${url}`);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('cache-control'), url).toMatch(/immutable/);
    }

    const after = parse(remoteFile(editor.stack.remote, SITE)) as { photos: { profile: Record<string, unknown> } };
    expect(after.photos.profile).toEqual({ src, alt: 'Jordan at a standing desk, smiling' });
    // The committed file: the upload's pixels, without its camera or position.
    const committed = execFileSync('git', ['--git-dir', editor.stack.remote.bareDir, 'show', `main:${stored}`]);
    const meta = await sharp(committed).metadata();
    expect({ width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ width: 1024, height: 768, exif: undefined });
    await buildOnClone(editor.stack.remote);
  }, 180_000);
});

describe('replacing a card image, without JavaScript', () => {
  it('the Upload button keeps the file with the draft, and Publish commits it with the frontmatter path', async () => {
    const beforeText = remoteFile(editor.stack.remote, CARD_DOC);
    const oldCard = contentPathOf(
      'content/case-studies/',
      group(/^image: (.+)$/m.exec(beforeText), 'an image in the front matter').replace(/^"|"$/g, ''),
    );
    const page = await signedIn(false);
    await page.goto(`${editor.url}/admin/content/case-studies/blocks-demo.mdx`);
    const field = page.locator('[data-image-field="image"]');
    await field.locator('input[type=file]').waitFor();
    // Typed text survives the upload's round trip.
    await page.locator('[data-editor-form] input[name="alt"]').fill('A ferry ticket on a phone screen');
    await field
      .locator('input[type=file]')
      .setInputFiles({ name: 'Ferry card.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 1000, '#f97316') });
    await field.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/image-saved=image/);
    expect(await page.locator('[data-editor-form] input[name="alt"]').inputValue()).toBe('A ferry ticket on a phone screen');
    const src = await page.locator('[data-image-field="image"] input[type=hidden][name="image"]').inputValue();
    expect(src).toMatch(/^\.\/blocks-demo\/ferry-card-[0-9a-f]{8}\.jpg$/);
    const thumbnail = await page.locator('[data-image-field="image"] img[data-image-thumbnail]').getAttribute('src');
    expect(thumbnail).toBe(`/admin/content/api/media/content/case-studies/${src.slice(2)}`);
    await screenshots(page, '[data-image-field="image"]', 'card');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const result = await waitForSaveResult(page);
    expect(result.status).toBe('published');
    const stored = `content/case-studies/${src.slice(2)}`;
    const changed = changedPaths(editor.stack.remote, result.commit!);
    expect(changed).toContain(CARD_DOC);
    expect(changed).toContain(stored);
    const stays = !oldCard.startsWith('content/') || grepRemote(oldCard.slice(oldCard.lastIndexOf('/') + 1)).length > 0;
    expect(changed.includes(oldCard)).toBe(!stays);
    const text = remoteFile(editor.stack.remote, CARD_DOC);
    expect(text).toContain(`image: ${src}\n`);
    expect(text).not.toMatch(/^(imageWidth|imageHeight|width|height):/m);
    await buildOnClone(editor.stack.remote);
  }, 180_000);

  it('a file that is not an image is refused with a sentence, and what was typed stays', async () => {
    const page = await signedIn(false);
    await page.goto(`${editor.url}/admin/content/case-studies/blocks-demo.mdx`);
    await page.locator('input[name="role"]').fill('Lead Service Designer');
    const field = page.locator('[data-image-field="image"]');
    await field
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are notes, not pixels') });
    const answer = page.waitForResponse((response) => response.url().endsWith('/admin/content/api/field-image'));
    await field.getByRole('button', { name: 'Upload' }).click();
    expect((await answer).status()).toBe(303);
    await field.locator('[role=alert]').waitFor();
    expect(await field.locator('[role=alert]').innerText()).toMatch(/not a JPEG, PNG, WebP, AVIF, GIF or SVG image/);
    expect(await page.locator('input[name="role"]').inputValue()).toBe('Lead Service Designer');
  }, 120_000);
});
