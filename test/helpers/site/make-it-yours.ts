import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { parseDocument } from 'yaml';
import { contentFilesOf, ROOT, SAMPLE_SITE_DIR } from '../data/content';
import { waitForReady } from './e2e';
import { startEditorStackOn, type EditorStack } from '../suite/editor-stack';
import { waitForSaveResult } from './live-site';
import type { GitRemote, SeedFiles } from '../start/git-remote';
import { at, group } from '../must';
import { waitFor } from '../wait';

/**
 * The designer who makes the sample hers in the make-it-yours test: her
 * images (made here with sharp, each a colour of its own, so a sharing card
 * or a page can be shown to carry hers) and the editor steps she repeats.
 */

export type Upload = { name: string; mimeType: string; buffer: Buffer };
export type Rgb = [number, number, number];

/** A flat colour with a darker band across the top: the middle of the picture, where a crop keeps it, is the colour. */
async function picture(
  name: string,
  width: number,
  height: number,
  colour: Rgb,
  format: 'png' | 'jpeg',
): Promise<Upload & { width: number; height: number; colour: Rgb }> {
  const [r, g, b] = colour;
  const band = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(height / 8)}"><rect width="100%" height="100%" fill="rgb(${r >> 1},${g >> 1},${b >> 1})"/></svg>`,
  );
  const image = sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).composite([{ input: band, top: 0, left: 0 }]);
  const buffer = await (format === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
  return { name, mimeType: `image/${format}`, buffer, width, height, colour };
}

export async function designerImages() {
  const [portrait, about, card, storyOne, storyTwo] = await Promise.all([
    picture('jordan-portrait.png', 600, 750, [214, 72, 15], 'png'),
    picture('jordan at her desk.jpg', 800, 1000, [25, 113, 194], 'jpeg'),
    picture('night-bus-card.png', 1600, 1000, [47, 158, 68], 'png'),
    picture('stop-survey.png', 1600, 1000, [174, 62, 201], 'png'),
    picture('route-map-sketch.jpg', 1200, 900, [240, 140, 0], 'jpeg'),
  ]);
  return { portrait, about, card, storyOne, storyTwo };
}

/** The colour at a point of a PNG (a sharing card's illustration panel). */
export async function colourAt(png: Buffer, left: number, top: number): Promise<Rgb> {
  const pixel = await sharp(png).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return [at(pixel, 0, 'a red value'), at(pixel, 1, 'a green value'), at(pixel, 2, 'a blue value')];
}

export const near = (a: Rgb, b: Rgb, tolerance = 24) => a.every((value, i) => Math.abs(value - at(b, i, 'a colour channel')) <= tolerance);

/** Fills a field of the edit form by its path name. */
export async function fill(page: Page, name: string, value: string) {
  const control = page.locator(`[data-editor-form] [name="${name}"]`);
  await control.fill(value);
}

/** Fills fields of the edit form, by path name, in the order given. */
export async function fillFields(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await fill(page, name, value);
}

/** Clicks a list's button (add, remove, up, down: they post the form, the draft kept) and waits until `changed` holds. */
export async function listButton(page: Page, intent: string, changed: () => Promise<boolean>) {
  await page.locator(`button[name="intent"][value="${intent}"]`).click();
  await waitFor(async () => (await changed().catch(() => false)) || undefined, { timeoutMs: 30_000, what: `the list after ${intent}` });
  await page.waitForLoadState('load');
}

/** Publishes the open form and returns the save result; it must be "published". */
export async function publish(page: Page): Promise<string> {
  // Whatever an upload or the autosave still has in flight lands first.
  const autosave = page.locator('[data-autosave-state]');
  if (await autosave.count()) await page.locator('[data-autosave-state="idle"]').waitFor({ state: 'attached', timeout: 30_000 });
  expect(await page.locator('[data-save-result]').count(), 'a save result from before is still on the page').toBe(0);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const result = await waitForSaveResult(page);
  expect(result.status, await page.locator('[data-save-result]').innerText()).toBe('published');
  return result.commit!;
}

/**
 * Picks a file in an image field (data-image-field) of the hydrated form and
 * waits until the upload has pointed the field at it (its hidden path input
 * changes); a refusal fails at once with its words.
 */
export async function uploadToField(page: Page, field: string, file: Upload) {
  const container = page.locator(`[data-image-field="${field}"]`);
  await container.waitFor();
  const path = container.locator('input[type="hidden"]').first();
  const before = await path.inputValue();
  await container.locator('input[type="file"]').setInputFiles(file);
  await waitFor(
    async () => {
      const alert = container.locator('[role="alert"]');
      if (await alert.count()) throw new Error(`${field}: the upload of ${file.name} was refused: ${await alert.innerText()}`);
      const now = await path.inputValue();
      return now && now !== before ? now : undefined;
    },
    { timeoutMs: 60_000, what: `the ${field} field to point at ${file.name}` },
  );
}

/** Opens an editor page and waits until its script runs (the image fields upload on their own then). */
export async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await waitForReady(page);
}

/**
 * The editor against a real git remote holding `files` (the sample), as
 * startEditorStack does for the content under test: the built server in
 * remote mode, the owner's area on a PostgreSQL of its own.
 */
export function startSampleEditorStack(password: string, files: SeedFiles): Promise<EditorStack> {
  return startEditorStackOn(files, { password, author: 'Jordan Rivera <hello@jordanrivera.example>' });
}

/**
 * The sample designer's site as the project ships it: her frozen copy
 * (test/fixtures/site, a verbatim copy of the shipped content/, never the
 * designer's own content/) as content/, and the committed files of public/.
 */
export function sampleSiteFiles(): SeedFiles {
  const files: SeedFiles = contentFilesOf(SAMPLE_SITE_DIR);
  for (const file of execFileSync('git', ['ls-files', '-z', 'public'], { cwd: ROOT }).toString().split('\0').filter(Boolean))
    files[file] = readFileSync(path.join(ROOT, file));
  return files;
}

/** Nothing on the page is wider than the screen. */
export async function expectNoSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Whether a path exists on the remote's main. */
export function onRemote(remote: GitRemote, file: string): boolean {
  try {
    execFileSync('git', ['--git-dir', remote.bareDir, 'cat-file', '-e', `main:${file}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function remoteBytes(remote: GitRemote, file: string): Buffer {
  return execFileSync('git', ['--git-dir', remote.bareDir, 'show', `main:${file}`], { maxBuffer: 64 * 1024 * 1024 });
}

/** The repository file an image field's `src` names: beside the document (./x), or a site path under public/ (or content/). */
export function imageFileOnRemote(remote: GitRemote, document: string, src: string): string {
  const candidates = src.startsWith('/')
    ? [`public${src}`, `content${src}`, path.posix.join(path.posix.dirname(document), src.slice(1))]
    : [path.posix.join(path.posix.dirname(document), src)];
  const found = candidates.find((file) => onRemote(remote, decodeURI(file)) || onRemote(remote, file));
  if (!found) throw new Error(`${document}: the image ${src} is not in the repository (looked for ${candidates.join(', ')})`);
  return onRemote(remote, found) ? found : decodeURI(found);
}

/** Width and height of image bytes, after orientation. */
export async function sizeOf(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.autoOrient?.width ?? meta.width!, height: meta.autoOrient?.height ?? meta.height! };
}

/** Every word, photo and project of the fixture designer in `fixture` made the designer's own: the files to commit, and the sample case studies to delete. */
export function everythingOwn(fixture: string): { files: SeedFiles; deleted: string[] } {
  const own = (value: unknown): unknown =>
    typeof value === 'string'
      ? /^https:\/\//.test(value)
        ? `${value}-own`
        : /@/.test(value)
          ? `own.${value}`
          : `${value} (own)`
      : Array.isArray(value)
        ? value.map(own)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, own(v)]))
          : value;
  const site = own(parseDocument(readFileSync(path.join(fixture, 'content/site.yml'), 'utf8')).toJS()) as Record<string, any>;
  site.initials = 'DD';
  site.photos.profile.src = '/images/own/me.svg';
  site.photos.about.src = '/images/own/desk.svg';
  const svg = (text: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><title>${text}</title><rect width="480" height="480"/></svg>\n`;
  const parts = /^---\n([^]*?)\n---\n([^]*)$/.exec(readFileSync(path.join(fixture, 'content/resume.mdx'), 'utf8'));
  const [frontmatter, body] = [group(parts, 'front matter in the fixture resume'), group(parts, 'a body in the fixture resume', 2)];
  const resume = own(parseDocument(frontmatter).toJS()) as Record<string, any>;
  for (const entry of [...resume.education, ...resume.certifications]) entry.year = '2020';
  const ferry = readFileSync(path.join(fixture, 'content/case-studies/ferry-console.mdx'), 'utf8');
  return {
    files: {
      'content/site.yml': JSON.stringify(site, null, 2),
      'content/resume.mdx': `---\n${JSON.stringify(resume, null, 2)}\n---\n${body.trim()} Mine now.\n`,
      'public/images/own/me.svg': svg('Me'),
      'public/images/own/desk.svg': svg('My desk'),
      'content/case-studies/harbour-signage.mdx': ferry
        .replace('title: Ferry Console Redesign', 'title: Harbour Signage')
        .replace('image: /images/fixture-words/ferry.svg', 'image: /images/own/me.svg'),
    },
    deleted: ['content/case-studies/ferry-console.mdx', 'content/case-studies/pilot-night-mode.mdx'],
  };
}
