import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintsOf } from '~/editing/setup/sample-leftovers.server';
import { readContentSnapshot } from '../../scripts/content-snapshot';
import { stopAll } from '../helpers/start/browser';
import { everythingOwn } from '../helpers/site/make-it-yours';
import { CONTENT_DIR } from '../helpers/data/content';
import { publishAndWait } from '../helpers/site/live-site';
import { commitOnRemote } from '../helpers/start/git-remote';
import { startOwnerStack, type OwnerStack } from '../helpers/suite/owner-stack';
import { waitFor } from '../helpers/wait';
import { WORDS_DESIGNER } from '../helpers/data/words-designer';
import { useWordsDesignerEditor } from '../helpers/suite/editor-suite';

/**
 * The first-run guide on /admin and /admin/setup, in Chromium, against the
 * built server publishing to a real git remote. A fixture designer
 * (test/fixtures/words/designer) plays the sample, as in the "Make it yours"
 * tests: the remote holds her content and the server compares with her
 * fingerprints (SAMPLE_FINGERPRINTS_FILE), so nothing here depends on content/.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'setup guide password';

/** A bound, not a pace: a sign-in, a publish and the guide's reads of the remote take over a minute on a busy 2-core machine. */
const BOUND = 180_000;

const editor = useWordsDesignerEditor(PASSWORD, {
  // The optional steps open: no mail account, no address of the site's own.
  env: { SMTP_URL: '', SITE_URL: '', URL: '' },
  // Screenshots for review, when asked for: SETUP_GUIDE_SCREENSHOTS=<dir>.
  screenshots: 'SETUP_GUIDE_SCREENSHOTS',
});
const { chromium, signedIn, screenshot } = editor;

type Done = Record<string, string | null>;
// After a client-side navigation the URL changes before the new route has
// rendered, so the list is read once its rows are on the page.
async function stepsOf(page: Page): Promise<Done> {
  const rows = page.locator('[data-setup-step]');
  await rows.first().waitFor();
  return rows.evaluateAll((all) =>
    Object.fromEntries(all.map((row) => [row.getAttribute('data-setup-step'), row.getAttribute('data-done')])),
  );
}

// In the guide's order: publishing first.
const AT_FIRST: Done = {
  publishing: 'true',
  'name-and-email': 'false',
  photo: 'false',
  resume: 'false',
  'first-case-study': 'false',
  look: 'false',
  mail: 'false',
  domain: 'false',
};

/** Loads `url` again (bounded) until its steps read `expected`: a publish reaches the branch the guide reads within moments, not at once. */
async function untilSteps(page: Page, url: string, expected: Done) {
  let seen: Done = {};
  await waitFor(
    async () => {
      await page.goto(url);
      seen = await stepsOf(page);
      return JSON.stringify(seen) === JSON.stringify(expected);
    },
    { timeoutMs: 60_000, intervalMs: 1_000, what: () => `the steps ${JSON.stringify(expected)}, seen ${JSON.stringify(seen)}` },
  );
}

describe('First-run guide', () => {
  it(
    'after sign-in, the overview shows the checklist, each step ticked by what is true',
    async () => {
      const page = await signedIn({ at: '/admin' });
      expect(new URL(page.url()).pathname).toBe('/admin');
      const guide = page.locator('[data-setup-guide]');
      await guide.getByRole('heading', { name: 'Make this site yours' }).waitFor();
      expect(await stepsOf(page)).toEqual(AT_FIRST);
      // The progress counts the required steps, and a screen reader hears it.
      expect(await page.locator('[data-setup-progress]').innerText()).toBe('1 of 5 done');
      const bar = page.getByRole('progressbar', { name: /Make this site yours.*1 of 5 done/ });
      expect(await bar.getAttribute('value')).toBe('1');
      expect(await bar.getAttribute('max')).toBe('5');
      // Optional steps say so; each open step links to where it is done.
      expect(await page.locator('[data-setup-step="mail"]').innerText()).toMatch(/Optional/);
      expect(await page.locator('[data-setup-step="photo"]').innerText()).not.toMatch(/Optional/);
      expect(await page.locator('[data-setup-step="photo"]').getByRole('link', { name: 'Add your photo' }).getAttribute('href')).toBe(
        '/admin/content/site.yml#image-field-photos-profile',
      );
      expect(await page.locator('[data-setup-guide-link]').count()).toBe(0);
      // The designer's words: none of the developer's on the overview.
      expect(await guide.innerText()).not.toMatch(/\b(SMTP|env|git|repository|commit|branch)\b/i);
    },
    BOUND,
  );

  it(
    'without JavaScript: the same checklist, and its links lead to the editor',
    async () => {
      const page = await signedIn({ javaScriptEnabled: false, at: '/admin' });
      expect(await stepsOf(page)).toEqual(AT_FIRST);
      await page.locator('[data-setup-step="name-and-email"]').getByRole('link', { name: 'Change your name and e-mail' }).click();
      await page.waitForURL(`${editor.url}/admin/content/site.yml#field-name`);
      await page.locator('#field-name').waitFor();
      await page.goto(`${editor.url}/admin/setup`);
      expect(await stepsOf(page)).toEqual(AT_FIRST);
      await page.locator('[data-setup-step="domain"]').getByRole('link', { name: 'How to use your own domain' }).click();
      await page.waitForURL(`${editor.url}/admin/settings/domain`);
      expect(await page.locator('[data-domain-steps]').innerText()).toMatch(/Domain management → Add a domain/);
    },
    BOUND,
  );

  it(
    'a new name and e-mail, published in the editor, ticks that step on the next load',
    async () => {
      const page = await signedIn({ at: '/admin' });
      await page.locator('[data-setup-step="name-and-email"] a').click();
      await page.waitForURL(/site\.yml#field-name$/);
      await page.locator('#field-name').fill('Dana Own');
      await page.locator('#field-email').fill('dana@studio.example.net');
      // A publish pushes, compiles and renders before it answers: its own bound, not the click's 30 s.
      expect((await publishAndWait(page)).status).toBe('published');

      await untilSteps(page, `${editor.url}/admin`, { ...AT_FIRST, 'name-and-email': 'true' });
      expect(await page.locator('[data-setup-progress]').innerText()).toBe('2 of 5 done');
      // The rest of the sample's words are still the "Make it yours" list's, which the guide includes.
      await page.getByRole('link', { name: 'Setup guide' }).click();
      await page.waitForURL(`${editor.url}/admin/setup`);
      await page.locator('[data-make-it-yours]').waitFor();
      expect(await page.locator('[data-sample-item="site.name"]').count()).toBe(0);
      expect(await page.locator('[data-sample-item="site.photos.profile"]').count()).toBe(1);
    },
    BOUND,
  );

  it(
    'looks right at 375, 768 and 1280 px, light and dark: nothing wider than the screen',
    async () => {
      for (const width of [375, 768, 1280]) {
        for (const dark of [false, true]) {
          const page = await signedIn({ width, dark });
          for (const [name, url] of [
            ['overview', '/admin'],
            ['setup', '/admin/setup'],
          ] as const) {
            await page.goto(`${editor.url}${url}`);
            await page.locator('[data-setup-guide]').waitFor();
            expect(await page.evaluate(() => document.documentElement.scrollWidth), `${url} at ${width}`).toBeLessThanOrEqual(width);
            await screenshot(page, `${name}-${width}-${dark ? 'dark' : 'light'}`);
          }
        }
      }
    },
    4 * BOUND,
  );

  it(
    'once every required step is true, the overview keeps only a small “Setup guide” link; the guide still lists every step',
    async () => {
      const { files, deleted } = everythingOwn(WORDS_DESIGNER);
      commitOnRemote(editor.stack.remote, files, 'Everything mine', deleted);
      const page = await signedIn();
      await waitFor(
        async () => {
          await page.goto(`${editor.url}/admin`);
          return (await page.locator('[data-setup-guide-link]').count()) === 1;
        },
        { timeoutMs: 60_000, intervalMs: 1_000, what: 'the overview’s “Setup guide” link' },
      );
      expect(await page.locator('[data-setup-step]').count()).toBe(0);
      expect(await page.locator('[data-setup-guide]').count()).toBe(0);
      expect(await page.locator('[data-setup-guide-link]').innerText()).toBe('Setup guide');
      await screenshot(page, 'overview-done-1280-light');

      await page.locator('[data-setup-guide-link]').click();
      await page.waitForURL(`${editor.url}/admin/setup`);
      expect(await stepsOf(page)).toEqual({
        'name-and-email': 'true',
        photo: 'true',
        resume: 'true',
        'first-case-study': 'true',
        publishing: 'true',
        look: 'false',
        mail: 'false',
        domain: 'false',
      });
      expect(await page.locator('[data-setup-progress]').innerText()).toBe('5 of 5 done');
      await page.locator('[data-make-it-yours-done]').waitFor();
      await screenshot(page, 'setup-done-1280-light');
    },
    BOUND,
  );
});

/**
 * Before publishing is connected (a first deploy: only the owner's password
 * set), the guide cannot read the published files: it reads the content the
 * site serves, the fixture site (the content under test and the fixture case
 * studies), compared with the content under test's own fingerprints.
 */
describe('First-run guide before publishing is connected', () => {
  let served: OwnerStack;
  let servedScratch: string;

  beforeAll(async () => {
    servedScratch = mkdtempSync(path.join(tmpdir(), 'setup-guide-served-'));
    const root = path.join(servedScratch, 'site');
    mkdirSync(root);
    symlinkSync(CONTENT_DIR, path.join(root, 'content'));
    symlinkSync(path.join(ROOT, 'public'), path.join(root, 'public'));
    const printsFile = path.join(servedScratch, 'fingerprints.json');
    writeFileSync(printsFile, JSON.stringify(fingerprintsOf(await readContentSnapshot(root))));
    // A token without a repository: publishing is off, whatever this checkout is.
    served = await startOwnerStack(PASSWORD, {
      SAMPLE_FINGERPRINTS_FILE: printsFile,
      CONTENT_GIT_TOKEN: 'not-connected',
      SMTP_URL: '',
      SITE_URL: '',
      URL: '',
    });
  }, 120_000);

  afterAll(() => stopAll(served, servedScratch));

  it(
    'shows the checklist from the served content, without JavaScript too',
    async () => {
      const page = await chromium.openPage({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
      await page.goto(`${served.server.url}/admin/sign-in`);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${served.server.url}/admin`);
      // The fixture case studies (every story block, a private one) are not the sample's: the first case study is there.
      // The private one brings the password's step, done: the stack's settings set the password.
      expect(await stepsOf(page)).toEqual({
        'name-and-email': 'false',
        photo: 'false',
        resume: 'false',
        'first-case-study': 'true',
        'private-password': 'true',
        publishing: 'false',
        look: 'false',
        mail: 'false',
        domain: 'false',
      });
      expect(await page.locator('[data-setup-progress]').innerText()).toBe('2 of 6 done');
      expect(
        await page.locator('[data-setup-step="publishing"]').getByRole('link', { name: 'Connect publishing' }).getAttribute('href'),
      ).toBe('/admin/publishing');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'overview-unconnected-375-light');
    },
    BOUND,
  );
});
