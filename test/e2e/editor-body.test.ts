import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type TrackedPage } from '../helpers/browser';
import { bodyValue, changedLines, cspViolations, editableFiles, openEditor, recordCspViolations, selectWord, signIn } from '../helpers/body-editor';
import { startOwnerStack, type OwnerStack } from '../helpers/owner-stack';

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

let stack: OwnerStack;
let browser: Browser;
let url: string;
let tracked: TrackedPage[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startOwnerStack(ADMIN_PASSWORD), launchBrowser()]);
  url = stack.server.url;
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  const errors = tracked.flatMap((t) => t.errors());
  for (const t of tracked) await t.close();
  tracked = [];
  expect(errors, 'console errors').toEqual([]);
});

async function signedIn(options: BrowserContextOptions = {}): Promise<Page> {
  const t = await openPage(browser, options);
  tracked.push(t);
  await recordCspViolations(t.page);
  await signIn(t.page, url, ADMIN_PASSWORD);
  return t.page;
}

const original = (path: string) => editableFiles().find((f) => f.url === path)!.body;

describe('round trip', () => {
  it.each(editableFiles().map((f) => [f.file, f] as const))('%s opens and exports byte for byte', async (_file, { url: path, body }) => {
    const page = await signedIn();
    await openEditor(page, url + path);
    expect(await bodyValue(page)).toBe(body);
    expect(await cspViolations(page)).toEqual([]);
  });
});

describe('editing', () => {
  it('one word typed in a paragraph and one Figure caption changed through its card change exactly those lines', async () => {
    const page = await signedIn();
    await openEditor(page, url + OFFICE_DEPOT);
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
    expect(after.split('\n')[lines[0] - 1]).toBe('  caption="Affinity map of the coded reviews, by theme."');
    expect(after.split('\n')[lines[1] - 1]).toBe('These three insights guided everything that followed.');
  });

  it('a Video keeps `autoplay` (a prop its card shows as a checkbox) when its caption is edited', async () => {
    const page = await signedIn();
    await openEditor(page, url + OFFICE_DEPOT);
    const video = page.locator('[data-block="Video"]');
    expect(await video.locator('[name="autoplay"]').isChecked()).toBe(true);
    await video.locator('[name="caption"]').fill('The scan flow, in one tap.');
    await expect.poll(() => bodyValue(page)).toContain('caption="The scan flow, in one tap."');
    const after = await bodyValue(page);
    expect(changedLines(original(OFFICE_DEPOT), after)).toHaveLength(1);
    expect(after).toContain('  caption="The scan flow, in one tap."\n  autoplay\n/>');
  });

  it('block inputs are not fields of the page form (they would post as frontmatter)', async () => {
    const page = await signedIn();
    await openEditor(page, url + OFFICE_DEPOT);
    const posted = await page.locator('form[data-editor-form]').evaluate((form) => [...new FormData(form as HTMLFormElement).keys()]);
    expect(posted).toEqual(['body']);
  });

  it('the source view shows the raw MDX; what is typed there comes back into the visual editor', async () => {
    const page = await signedIn();
    await openEditor(page, url + OFFICE_DEPOT);
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
