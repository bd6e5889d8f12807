// @module-tag slow
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTACT_MOVES_NOTE } from '~/content/home-sections';
import { VALID } from '../helpers/data/contact-cases';
import { remoteFile } from '../helpers/start/git-remote';
import { waitForReady } from '../helpers/site/e2e';
import { liveWithin, publishAndWait, text } from '../helpers/site/live-site';
import { useWordsDesignerEditor } from '../helpers/suite/editor-suite';
import { waitFor } from '../helpers/wait';

/**
 * The home page in her order, as a designer arranges it on the Look page, in
 * Chromium against the built server publishing to a real git remote (a
 * fixture designer's content): she moves her case studies above her about
 * section and hides her figures, sees it in the preview, publishes, and the
 * live home page and its menus follow; she hides the contact section, is
 * told where the form goes, publishes, and the form is at /contact, where the
 * menu's Contact button points and from where a message still reaches her
 * outbox. The panel works without JavaScript too, and axe finds nothing on
 * the Look page or /contact at a phone's and a desktop's width.
 */

const outbox = mkdtempSync(path.join(tmpdir(), 'home-order-outbox-'));
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

const editor = useWordsDesignerEditor('home order password', {
  env: { CONTACT_OUTBOX_DIR: outbox, SMTP_URL: '' },
  screenshots: 'HOME_ORDER_SCREENSHOTS',
});

async function openLookPage(options: Parameters<typeof editor.signedIn>[0] = {}): Promise<Page> {
  const page = await editor.signedIn(options);
  await page.goto(`${editor.url}/admin/look`);
  if (options.javaScriptEnabled !== false) await waitForReady(page);
  return page;
}

const rows = (page: Page) =>
  page
    .locator('[data-home-row]')
    .evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('data-home-row')}:${node.getAttribute('data-shown')}`));

/** Presses one of a row's buttons and waits for the panel to say it was done. */
async function press(page: Page, name: string, said: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await waitFor(async () => (await page.locator('[data-home-status]').innerText()).includes(said), {
    timeoutMs: 30_000,
    what: `the panel saying ${said}`,
  });
}

/** The home page's frame in the preview, once it draws the sections the page gives it. */
async function homeFrame(page: Page, wanted: RegExp): Promise<Frame> {
  return waitFor(
    async () => {
      try {
        const element = page.locator('[data-preview-frame="home-desktop"] iframe').first();
        const src = await element.getAttribute('src', { timeout: 1_000 });
        if (!src || !wanted.test(src)) return false;
        await element.scrollIntoViewIfNeeded({ timeout: 1_000 });
        const frame = await (await element.elementHandle({ timeout: 1_000 }))?.contentFrame();
        return frame && wanted.test(frame.url()) && (await frame.locator('main').count()) > 0 ? frame : false;
      } catch {
        return false;
      }
    },
    { timeoutMs: 30_000, intervalMs: 200, what: `the home page's preview at ${wanted}` },
  );
}

/** The ids of the home page's sections, in the order the HTML has them. */
const sectionIds = (html: string) => [...html.matchAll(/<section[^>]*\bid="([\w-]+)"/g)].map((match) => match[1]);

/** The header's items: label → address. */
async function menuOf(page: Page, nav: 'Main' | 'Mobile'): Promise<string[]> {
  // The phone menu's links are in the page at any width, hidden from a desktop's: read from the HTML.
  return page
    .locator(`nav[aria-label="${nav}"] a`)
    .evaluateAll((links) => links.map((link) => `${link.textContent?.trim()} ${link.getAttribute('href')}`));
}

async function axeFinds(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('the home page in her order', () => {
  it('case studies above about, her figures hidden: previewed, published, live, the menu following; then contact to its own page', async () => {
    const page = await openLookPage({ width: 1280 });
    expect(await rows(page)).toEqual(['hero:true', 'about:true', 'highlights:true', 'case-studies:true', 'pages:false', 'contact:true']);
    // The hero has no buttons: it always shows, first.
    expect(await page.locator('[data-home-row="hero"] button').count()).toBe(0);
    expect(await page.locator('[data-home-row="hero"]').innerText()).toContain('Always first, always shown');

    await press(page, 'Move up Case studies', 'Case studies moved up: now third of 6.');
    await press(page, 'Move up Case studies', 'Case studies moved up: now second of 6.');
    // Second, under the hero: it can go no higher, so focus is on its Move down.
    await waitFor(async () => (await page.evaluate(() => document.activeElement?.textContent)) === 'Move down Case studies', {
      timeoutMs: 5_000,
      what: 'focus on Move down Case studies',
    });
    await press(page, 'Hide Highlights (your figures)', 'Highlights (your figures): hidden from your home page.');
    expect(await rows(page)).toEqual(['hero:true', 'case-studies:true', 'about:true', 'highlights:false', 'pages:false', 'contact:true']);

    const frame = await homeFrame(
      page,
      /homeOrder=hero%2Ccase-studies%2Cabout%2Chighlights%2Cpages%2Ccontact&homeHidden=highlights%2Cpages/,
    );
    expect(sectionIds(await frame.content())).toEqual(['work', 'about', 'contact']);
    expect(await frame.locator('dl').count()).toBe(0);
    await editor.screenshot(page, 'home-order-look-page-1280');

    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    expect(remoteFile(editor.stack.remote, 'content/site.yml')).toMatch(
      /\nhome:\n {2}order:\n {4}- hero\n {4}- case-studies\n {4}- about\n {4}- highlights\n {4}- pages\n {4}- contact\n {2}hidden:\n {4}- highlights\n {4}- pages\n/,
    );
    await liveWithin(
      published,
      async () => sectionIds((await text(`${editor.url}/`)).body).join() === 'work,about,contact',
      '/ has her case studies above her about section, her figures hidden',
    );
    const visitor = await editor.chromium.openPage({ viewport: { width: 1280, height: 800 } });
    await visitor.goto(`${editor.url}/`);
    expect(await visitor.locator('main dl').count()).toBe(0);
    expect(await menuOf(visitor, 'Main')).toEqual(['Home /', 'Case Studies /#work', 'Resume /resume', 'Contact /#contact']);
    await editor.screenshot(visitor, 'home-order-home-1280');
    const phone = await editor.chromium.openPage({ viewport: { width: 375, height: 740 } });
    await phone.goto(`${editor.url}/`);
    await editor.screenshot(phone, 'home-order-home-375');

    // Contact off the home page: she is told where the form goes, before she publishes.
    await press(page, 'Hide Contact', 'Contact: hidden from your home page.');
    expect(await page.locator('[data-contact-moves]').innerText()).toBe(CONTACT_MOVES_NOTE);
    const again = await publishAndWait(page);
    expect(again.status, again.message).toBe('published');
    await liveWithin(again, async () => !(await text(`${editor.url}/`)).body.includes('id="contact"'), '/ without its contact section');

    await visitor.goto(`${editor.url}/`);
    expect(await menuOf(visitor, 'Main')).toEqual(['Home /', 'Case Studies /#work', 'Resume /resume', 'Contact /contact']);
    expect(await menuOf(visitor, 'Mobile')).toEqual(['Home /', 'Case Studies /#work', 'Resume /resume', 'Contact /contact']);
    await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await visitor.waitForURL(`${editor.url}/contact`);
    await waitForReady(visitor);
    expect(await visitor.locator('h1').innerText()).not.toBe('');
    expect(await visitor.locator('form#contact-form').getAttribute('action')).toBe('/contact');
    expect((await text(`${editor.url}/sitemap.xml`)).body).toContain('/contact</loc>');

    // The form still sends, from its own page.
    const before = (await readdir(outbox)).length;
    for (const [field, value] of Object.entries(VALID)) await visitor.fill(`#contact-${field}`, value);
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await waitFor(async () => (await readdir(outbox)).filter((name) => name.endsWith('.eml')).length > before, {
      timeoutMs: 30_000,
      what: 'the message in the outbox',
    });
    const names = (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
    expect(await readFile(path.join(outbox, names.at(-1)!), 'utf8')).toContain(VALID.email);
  }, 600_000);

  it('without JavaScript: each button is a plain post that keeps her order, and the frames follow', async () => {
    // Whatever the order published before: About moves one place down, the case studies hide.
    const page = await openLookPage({ javaScriptEnabled: false, width: 375 });
    const about = (await rows(page)).indexOf('about:true');
    expect(about).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Move down About you', exact: true }).click();
    await page.locator('[data-home-status]', { hasText: 'About you moved down' }).waitFor();
    await page.getByRole('button', { name: 'Hide Case studies', exact: true }).click();
    await page.locator('[data-home-status]', { hasText: 'Case studies: hidden' }).waitFor();
    const order = await rows(page);
    expect(order.indexOf('about:true')).toBe(about + 1);
    expect(order).toContain('case-studies:false');
    // Back from the post, focus is where she was: on the button that now says Show.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Show Case studies');
    expect(await page.locator('[data-preview-frame="home-phone"] iframe').first().getAttribute('src')).toMatch(
      /homeHidden=[^&]*case-studies/,
    );
    await editor.screenshot(page, 'home-order-look-page-375-no-js');
  }, 300_000);

  it.each([375, 1280])(
    'at %i px axe finds nothing on the Look page with the panel, nor on /contact',
    async (width) => {
      const page = await openLookPage({ width });
      await page.locator('[data-home-sections]').scrollIntoViewIfNeeded();
      expect(await axeFinds(page)).toEqual([]);
      await editor.screenshot(page, `home-order-look-page-${width}`);
      // The panel on its own, as she sees it (a full page is shrunk past reading at a phone's width).
      const shots = process.env.HOME_ORDER_SCREENSHOTS;
      if (shots) await page.locator('[data-home-sections]').screenshot({ path: `${shots}/home-order-panel-${width}.png` });
      const visitor = await editor.chromium.openPage({ viewport: { width, height: 740 } });
      await visitor.goto(`${editor.url}/contact`);
      await waitForReady(visitor);
      expect(await axeFinds(visitor)).toEqual([]);
    },
    120_000,
  );
});
