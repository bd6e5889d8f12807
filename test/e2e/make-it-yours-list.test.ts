import type { Page } from 'playwright-core';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONTACT_WORDS, WORK_WORDS } from '~/content/site-words';
import { everythingOwn } from '../helpers/site/make-it-yours';
import { EVERY_SAMPLE_ENTRY } from '../helpers/data/sample-entries';
import { remoteFile } from '../helpers/start/git-remote';
import { waitForSaveResult } from '../helpers/site/live-site';
import { commitOnRemote } from '../helpers/start/git-remote';
import { DEFAULT_WORD_GROUPS, WORDS_DESIGNER } from '../helpers/data/words-designer';
import { useWordsDesignerEditor } from '../helpers/suite/editor-suite';

/**
 * "Make it yours" on /admin/content, in Chromium, against the built server in
 * remote mode and a real git remote. A fixture designer
 * (test/fixtures/words/designer) plays the sample: the remote holds her
 * content and the server compares with her fingerprints
 * (SAMPLE_FINGERPRINTS_FILE), so nothing here depends on content/.
 */
const editor = useWordsDesignerEditor('make it yours password', {
  // Screenshots for review, when asked for: MAKE_IT_YOURS_SCREENSHOTS=<dir>.
  screenshots: 'MAKE_IT_YOURS_SCREENSHOTS',
});
const { signedIn, screenshot } = editor;

/** A bound, not a pace: a sign-in, a publish and the list's reads of the remote take over a minute on a busy 2-core machine. */
const BOUND = 180_000;

const sampleItems = (page: Page) =>
  page.locator('[data-sample-item]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-sample-item')));

describe('Make it yours', () => {
  it(
    'lists each thing still from the sample, with JavaScript',
    async () => {
      const page = await signedIn();
      await page.goto(`${editor.url}/admin/content`);
      await page.getByRole('heading', { name: 'Make it yours' }).waitFor();
      expect(await sampleItems(page)).toEqual(EVERY_SAMPLE_ENTRY);
    },
    BOUND,
  );

  it(
    'without JavaScript: the same list, each entry linking to the field that changes it',
    async () => {
      const page = await signedIn({ javaScriptEnabled: false });
      await page.goto(`${editor.url}/admin/content`);
      expect(await sampleItems(page)).toEqual(EVERY_SAMPLE_ENTRY);
      await page.locator('[data-sample-item="site.email"]').getByRole('link', { name: 'Your e-mail address' }).click();
      await page.waitForURL(`${editor.url}/admin/content/site.yml#field-email`);
      expect(await page.locator('#field-email').inputValue()).toMatch(/@/);
      await page.goBack();
      await page.locator('[data-sample-item="resume.experience.1"] a').first().click();
      await page.waitForURL(`${editor.url}/admin/content/resume.mdx#field-experience-1-title`);
      await page.locator('#field-experience-1-title').waitFor();
    },
    BOUND,
  );

  it(
    'an entry leaves the list once its change is published; a sample case study can be deleted from it',
    async () => {
      const page = await signedIn();
      await page.goto(`${editor.url}/admin/content`);
      await page.locator('[data-sample-item="site.email"] a').first().click();
      await page.waitForURL(/site\.yml#field-email$/);
      await page.locator('#field-email').fill('dana@studio.example.net');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      expect((await waitForSaveResult(page)).status).toBe('published');

      await page.goto(`${editor.url}/admin/content`);
      expect(await sampleItems(page)).toEqual(EVERY_SAMPLE_ENTRY.filter((id) => id !== 'site.email'));

      await page.locator('[data-sample-item="case-study.pilot-night-mode"]').getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name: 'Delete case study' }).click();
      await page.waitForURL(/deleted/);
      // Once in a CI run the list right after the delete still named it, and the next load did not: the list is
      // read again (bounded) until it agrees. Seen once, not reproduced here (the closing note of the publish work names it).
      const expected = EVERY_SAMPLE_ENTRY.filter((id) => id !== 'site.email' && id !== 'case-study.pilot-night-mode');
      await expect
        .poll(
          async () => {
            const now = await sampleItems(page);
            if (JSON.stringify(now) !== JSON.stringify(expected)) await page.goto(`${editor.url}/admin/content`);
            return now;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toEqual(expected);
    },
    BOUND,
  );

  it(
    'the site’s words in the form: empty fields showing today’s words; one typed is published alone',
    async () => {
      // A site.yml written before the words were fields (the fixture designer's own words taken out).
      const site = parseDocument(remoteFile(editor.stack.remote, 'content/site.yml'));
      for (const group of Object.keys(DEFAULT_WORD_GROUPS)) site.delete(group);
      for (const [group, key] of [
        ['hero', 'workButton'],
        ['hero', 'contactButton'],
        ['about', 'eyebrow'],
        ['about', 'interestsTitle'],
      ])
        site.deleteIn([group, key]);
      commitOnRemote(editor.stack.remote, { 'content/site.yml': site.toString() }, 'Site details without the words');
      const page = await signedIn();
      await page.goto(`${editor.url}/admin/content/site.yml`);
      const workTitle = page.locator('#field-work-title');
      expect(await workTitle.inputValue()).toBe('');
      expect(await workTitle.getAttribute('placeholder')).toBe(WORK_WORDS.title);
      expect(await page.locator('#field-contact-subtitle').getAttribute('placeholder')).toBe(CONTACT_WORDS.subtitle);
      await page.locator('#field-contact-title').fill('Hail me');
      await screenshot(page, 'site-words-form-1280-light');
      const before = remoteFile(editor.stack.remote, 'content/site.yml');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      expect((await waitForSaveResult(page)).status).toBe('published');
      const after = remoteFile(editor.stack.remote, 'content/site.yml');
      // The file gains the one field typed; no default left empty is written.
      expect(after.startsWith(before.trimEnd())).toBe(true);
      expect(
        after
          .slice(before.trimEnd().length)
          .trim()
          .split('\n')
          .filter((line) => line.trim() && !line.startsWith('#')),
      ).toEqual(['contact:', '  title: Hail me']);
    },
    BOUND,
  );

  it(
    'looks right at 375 and 1280 px, light and dark',
    async () => {
      for (const width of [375, 1280]) {
        for (const dark of [false, true]) {
          const page = await signedIn({ width, dark });
          await page.goto(`${editor.url}/admin/content`);
          const section = page.locator('[data-make-it-yours]');
          await section.waitFor();
          // Nothing wider than the screen: a phone never scrolls sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await screenshot(page, `make-it-yours-${width}-${dark ? 'dark' : 'light'}`);
        }
      }
    },
    4 * BOUND,
  );

  it(
    'is empty, and says so, once everything is the designer’s own',
    async () => {
      const { files } = everythingOwn(WORDS_DESIGNER);
      // The other sample case study went in an earlier test; the last one leaves now, rewritten as the designer's own.
      commitOnRemote(editor.stack.remote, files, 'Everything mine', ['content/case-studies/ferry-console.mdx']);
      const page = await signedIn();
      await page.goto(`${editor.url}/admin/content`);
      await page.locator('[data-make-it-yours-done]').waitFor();
      expect(await sampleItems(page)).toEqual([]);
      expect(await page.locator('[data-make-it-yours]').innerText()).toMatch(/All yours/);
      await screenshot(page, 'make-it-yours-empty-1280-light');
    },
    BOUND,
  );
});
