// @module-tag slow
import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOK, type Look } from '~/look/look';
import { lookCss } from '~/look/look-css';
import { derivePalette } from '~/look/palette';
import { remoteFile } from '../helpers/start/git-remote';
import { liveWithin, publishAndWait, text } from '../helpers/site/live-site';
import { waitForReady } from '../helpers/site/e2e';
import { startEditorStack } from '../helpers/suite/editor-stack';
import { useEditorSuite } from '../helpers/suite/editor-suite';
import { waitFor } from '../helpers/wait';

/**
 * The Look page (/admin/look) as a designer uses it, in Chromium against the
 * built server publishing to a real git remote (the content under test, with
 * the fixture case studies): she picks a teal accent, round corners and
 * always dark, sees her own pages in it before she publishes, publishes, and
 * visitors get it within the bound of any publish. A pure yellow is shown
 * adjusted with both swatches; a bad hex is refused in her words with her
 * choices kept; without JavaScript the form previews and publishes as it
 * posts; and axe finds nothing on the page at a phone's and a desktop's width.
 */

const editor = useEditorSuite(() => startEditorStack({ password: 'look page password', fixtures: true }), {
  screenshots: 'LOOK_PAGE_SCREENSHOTS',
});

const TEAL: Look = { ...DEFAULT_LOOK, accent: '#0d9488', shape: 'round', scheme: 'dark' };

async function openLookPage(options: Parameters<typeof editor.signedIn>[0] = {}): Promise<Page> {
  const page = await editor.signedIn(options);
  await page.goto(`${editor.url}/admin/look`);
  if (options.javaScriptEnabled !== false) await waitForReady(page);
  return page;
}

/** The frame of one preview, once it has loaded the address the page gives it now. */
async function previewFrame(page: Page, name: string, wanted: RegExp): Promise<Frame> {
  // The frames are redrawn as her choices change: each try takes the one on the page now. Each draws her site on the server: slow beside a busy suite.
  let seen: string | null = null;
  return waitFor(
    async () => {
      try {
        const element = page.locator(`[data-preview-frame="${name}"] iframe`).first();
        const src = (seen = await element.getAttribute('src', { timeout: 1_000 }));
        if (!src || !wanted.test(src)) return false;
        await element.scrollIntoViewIfNeeded({ timeout: 1_000 });
        const frame = await (await element.elementHandle({ timeout: 1_000 }))?.contentFrame();
        return frame && wanted.test(frame.url()) && (await frame.locator('main').count()) > 0 ? frame : false;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60_000, intervalMs: 200, what: () => `the ${name} preview at ${wanted} (its frame's address: ${seen})` },
  );
}

const background = (frame: Frame) => frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

describe('the Look page', () => {
  it.each([
    [375, false],
    [375, true],
    [1280, false],
    [1280, true],
  ])(
    'at %i px (dark: %s) axe finds nothing on the page, the site still in its original look',
    async (width, dark) => {
      const page = await openLookPage({ width, dark });
      await page.getByLabel('Hex code').fill('#ffff00');
      await page.locator('[data-adjustment]').first().waitFor();
      const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
      expect(
        results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'horizontal overflow in px').toBe(0);
      await editor.screenshot(page, `look-page-${width}-${dark ? 'dark' : 'light'}`);
      // The first screen as she sees it (a full page is shrunk past reading at a phone's width).
      const shots = process.env.LOOK_PAGE_SCREENSHOTS;
      if (shots) await page.screenshot({ path: `${shots}/look-page-${width}-${dark ? 'dark' : 'light'}-first-screen.png` });
    },
    120_000,
  );

  it('teal, round and always dark: previewed on her own pages, then published and live on / within the bound', async () => {
    const page = await openLookPage();
    await expect(page.locator('form[data-site-look]').count()).resolves.toBe(1);
    await page.getByLabel('Hex code').fill('#0d9488');
    await page.getByRole('radio', { name: 'Round', exact: true }).check();
    await page.getByLabel('Always dark').check();

    // Live: the frames follow her choices without a submit, only the dark ones remain.
    const wanted = /accent=%230d9488.*shape=round.*scheme=dark.*shown=dark/;
    const home = await previewFrame(page, 'home-desktop', wanted);
    expect(await home.locator('html').getAttribute('data-scheme')).toBe('dark');
    expect(await background(home)).toBe(rgb(derivePalette(TEAL).dark.bg));
    expect(await home.locator('style[data-look]').textContent()).toContain(lookCss(TEAL));
    const caseStudy = await previewFrame(page, 'case-study-phone', wanted);
    expect(await caseStudy.locator('h1').count()).toBe(1);
    await expect(
      page.locator('[data-preview-scheme]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-preview-scheme'))),
    ).resolves.toEqual(['dark']);

    // Preview as a submit keeps her choices and shows the same frames.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await previewFrame(page, 'home-phone', wanted);
    expect(await page.getByLabel('Hex code').inputValue()).toBe('#0d9488');

    const before = remoteFile(editor.stack.remote, 'content/site.yml');
    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    const after = remoteFile(editor.stack.remote, 'content/site.yml');
    expect(after).toMatch(/look:\n {2}accent: ['"]?#0d9488['"]?\n {2}shape: round\n {2}scheme: dark\n/);
    // Only the look's lines changed: the rest of the file, comments included, is as it was.
    expect(after.replace(/\nlook:\n(?: {2}.*\n)*/, '\n')).toBe(before.replace(/\nlook:\n(?: {2}.*\n)*/, '\n'));

    const css = lookCss(TEAL);
    await liveWithin(
      published,
      async () => {
        const { body } = await text(`${editor.url}/`);
        return body.includes(`<style data-look="">${css}</style>`) && body.includes('data-scheme="dark"');
      },
      '/ wears the look published from the Look page',
    );
    // The page now starts from the published look, and the guide's step is ticked.
    await page.goto(`${editor.url}/admin/look`);
    expect(await page.getByLabel('Hex code').inputValue()).toBe('#0d9488');
    await page.goto(`${editor.url}/admin/setup`);
    expect(await page.locator('[data-setup-step="look"]').getAttribute('data-done')).toBe('true');
    await page.goto(`${editor.url}/admin`);
    expect(await page.locator('[data-look-summary]').innerText()).toContain('#0d9488');
  }, 300_000);

  it('pure yellow: the page says it is too light for text on white, with her colour and the shade used', async () => {
    const page = await openLookPage();
    await page.getByLabel('Follow the visitor’s device').check();
    await page.getByLabel('Hex code').fill('#ffff00');
    const note = page.locator('[data-adjustment="light"]');
    // The published look may have a note of its own (a light teal): the page's follows her typing after its pause.
    await expect
      .poll(
        () =>
          note
            .locator('p')
            .first()
            .innerText({ timeout: 1_000 })
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('Your yellow is too light for text on white, so links and buttons use a deeper shade of it.');
    const used = derivePalette({ accent: '#ffff00', neutral: 'cool' }).light.accent;
    expect(await note.locator('[data-swatch="chosen"] rect').getAttribute('fill')).toBe('#ffff00');
    expect(await note.locator('[data-swatch="used"] rect').getAttribute('fill')).toBe(used);
    expect(await note.innerText()).toContain(used);
  }, 120_000);

  it('a hex that is no colour: refused in her words, her choices kept, 4xx', async () => {
    const page = await openLookPage({ javaScriptEnabled: false });
    await page.getByLabel('Hex code').fill('teal-ish');
    await page.getByRole('radio', { name: 'Square', exact: true }).check();
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/admin/look'));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await answer).status()).toBe(422);
    await page.locator('[data-problem="accent"]').waitFor();
    expect(await page.locator('[data-problem="accent"]').innerText()).toMatch(
      /^“teal-ish” isn’t a colour the site can read\. Type it as a # followed by six digits or letters a–f, such as #0d9488/,
    );
    expect(await page.getByLabel('Hex code').inputValue()).toBe('teal-ish');
    expect(await page.getByRole('radio', { name: 'Square', exact: true }).isChecked()).toBe(true);
    expect(await page.locator('[data-save-result]').getAttribute('data-save-result')).toBe('invalid');
  }, 120_000);

  it('without JavaScript: Preview shows the frames in her look, and Publish publishes it', async () => {
    const page = await openLookPage({ javaScriptEnabled: false });
    await page.getByLabel('Hex code').fill('#7c3aed');
    await page.getByLabel('Always light').check();
    await page.getByRole('radio', { name: 'Sand', exact: true }).check();
    await page.getByRole('radio', { name: 'Round', exact: true }).check();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page
      .locator('[data-preview-frame="home-desktop"] iframe[src*="accent=%237c3aed"][src*="neutral=sand"][src*="shown=light"]')
      .waitFor();
    expect(await page.locator('[data-preview-scheme]').count()).toBe(1);
    expect(await page.getByLabel('Hex code').inputValue()).toBe('#7c3aed');

    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    expect(remoteFile(editor.stack.remote, 'content/site.yml')).toMatch(/accent: ['"]?#7c3aed['"]?\n {2}neutral: sand\n/);
    const css = lookCss({ ...DEFAULT_LOOK, accent: '#7c3aed', neutral: 'sand', shape: 'round', scheme: 'light' });
    await liveWithin(
      published,
      async () => (await text(`${editor.url}/`)).body.includes(css),
      '/ wears the look published without JavaScript',
    );
  }, 300_000);

  it('changed elsewhere since she opened the page: she is told what the site has now, her choices are kept, and a second publish uses hers', async () => {
    const page = await openLookPage({ javaScriptEnabled: false });
    const accent = await page.getByLabel('Hex code').inputValue();
    // Meanwhile, in Site details (another tab), the accent is changed and published.
    const details = await editor.signedIn({ javaScriptEnabled: false });
    await details.goto(`${editor.url}/admin/content/site.yml`);
    await details.locator('input[name="look.accent"]').fill('#dc2626');
    const elsewhere = await publishAndWait(details);
    expect(elsewhere.status, elsewhere.message).toBe('published');

    await page.getByRole('radio', { name: 'Square', exact: true }).check();
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/admin/look'));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await answer).status()).toBe(409);
    const banner = page.locator('[data-save-result="conflict"]');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/changed somewhere else[\s\S]*accent #dc2626/);
    expect(await page.getByRole('radio', { name: 'Square', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Hex code').inputValue()).toBe(accent);

    const again = await publishAndWait(page);
    expect(again.status, again.message).toBe('published');
    const yaml = remoteFile(editor.stack.remote, 'content/site.yml');
    expect(yaml).toContain(accent);
    expect(yaml).toMatch(/shape: square\n/);
  }, 300_000);

  it('her work featured and her portrait on phones: seen in the preview, then published and live on / within the bound', async () => {
    const page = await openLookPage({ width: 1280 });
    await page.getByRole('radio', { name: /^One featured/ }).check();
    await page.getByRole('radio', { name: /^Show it on phones too/ }).check();

    // Live in the preview, before she publishes: her work with one featured, her portrait on the phone's home page.
    const wanted = /workLayout=featured&portraitOnPhones=true/;
    const work = await previewFrame(page, 'work-desktop', wanted);
    expect(await work.locator('[data-work-layout="featured"] .case-study-featured').count()).toBe(1);
    const phone = await previewFrame(page, 'home-phone', wanted);
    expect(await phone.locator('[data-phone-portrait] img').count()).toBe(1);

    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    const yaml = remoteFile(editor.stack.remote, 'content/site.yml');
    expect(yaml).toMatch(/\n {2}workLayout: featured\n/);
    expect(yaml).toMatch(/\n {2}portraitOnPhones: true\n/);
    await liveWithin(
      published,
      async () => {
        const { body } = await text(`${editor.url}/`);
        return body.includes('data-work-layout="featured"') && body.includes('data-phone-portrait');
      },
      '/ shows her work with one featured and her portrait on phones',
    );
    // The page starts from what she published.
    await page.goto(`${editor.url}/admin/look`);
    expect(await page.getByRole('radio', { name: /^One featured/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Show it on phones too/ }).isChecked()).toBe(true);
  }, 300_000);
});
