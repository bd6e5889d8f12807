import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { changedPaths } from '../helpers/start/git-remote';
import { liveWithin, publishAndWait, text } from '../helpers/site/live-site';
import { useEditor } from '../helpers/suite/editor-suite';
import { waitFor } from '../helpers/wait';

/**
 * A page of her own made in the browser only, without JavaScript (every step
 * a plain form post): New page refuses a name the site uses with a free one
 * offered, then makes Writing from its title; she gives it its place in the
 * menu, an image (uploaded without JavaScript) and three entries, publishes, and it is live at /writing, second in
 * the menu and in the sitemap, without a deploy. Moved to a new address, the
 * old one answers 301 to it. Deleted from the list, both addresses are the
 * site's 404; Restore brings it back. The git remote is real;
 * the built server publishes live as on Netlify (the live store's folder).
 */

const editor = useEditor({ password: 'pages editor test password' });

/** A small PNG, as a photo she picks would be (the bytes decide what it is, not the name). */
const coverPng = () =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

const status = async (path: string) => (await fetch(`${editor.url}${path}`, { redirect: 'manual' })).status;

async function menuOf(page: Page, path: string): Promise<string[]> {
  await page.goto(`${editor.url}${path}`);
  return (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).map((label) => label.trim());
}

describe('a page of her own, from /admin/content', () => {
  it('is refused under a name the site uses, made from a title, published live in the menu and the sitemap, deleted to a 404 and restored', async () => {
    const page = await editor.signedIn({ javaScriptEnabled: false });
    // Review screenshots of her pages' teasers and Change address, when asked for.
    const shots = process.env.PAGES_SCREENSHOTS;
    await page.goto(`${editor.url}/admin/content`);
    const title = page.getByLabel(/Its title, such as About/);

    await title.fill('Resume');
    await page.getByRole('button', { name: 'Create page' }).click();
    // The form post answers with the list again (without JavaScript, a whole page): its refusal under the box.
    const refusal = page.locator('#new-page-error');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.innerText()).toBe('“resume” is a page the site already has. Try “resume-notes”.');
    expect(await title.inputValue()).toBe('Resume');

    await title.fill('Writing');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/admin\/content\/pages\/writing\.mdx\?created=1/);
    // An image, uploaded without JavaScript: stored beside the page, with the line to paste where it goes.
    await page.locator('#upload-file').setInputFiles({ name: 'Essay cover.png', mimeType: 'image/png', buffer: await coverPng() });
    await page.locator('#upload-alt').fill('A stack of printed essays on a desk');
    await page.locator('#images').getByRole('button', { name: 'Upload' }).click();
    const line = await page.locator('[data-uploaded-markdown]').innerText({ timeout: 30_000 });
    expect(line).toMatch(/^!\[A stack of printed essays on a desk\]\(\.\/writing\/essay-cover-[0-9a-f]{8}\.png\)$/);
    await page.locator('input[name="menu"]').fill('2');
    await page.locator('textarea[name="description"]').fill('Essays and notes on design systems and research.');
    await page
      .locator('textarea[name="body"]')
      .fill(
        `${line}\n\n## Entries\n\n**Designing for trust in fintech.** Why a calm screen sells more.\n\n**What a design system owes its readers.** Documentation as a product.\n\n**Research on a budget.** Five interviews, one afternoon.\n\n<Callout>\n  New essays every month.\n</Callout>\n`,
      );
    // Preview: the unpublished page in a new tab, drawn by the page's own view, its image from the owner's media route.
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Preview' }).click()]);
    await preview.waitForLoadState('load');
    expect(await preview.locator('main h1').innerText()).toBe('Writing');
    expect(await preview.locator('[data-preview-bar]').innerText()).toMatch(/^Preview/);
    expect(await preview.locator('main').innerText()).toContain('Research on a budget.');
    const previewImage = await preview.locator('main img').first().getAttribute('src');
    expect(new URL(previewImage!, editor.url).pathname).toMatch(/^\/admin\/content\/api\/media\/content\/pages\/writing\/essay-cover-/);
    expect((await preview.request.get(new URL(previewImage!, editor.url).href)).status()).toBe(200);
    await preview.close();
    expect(await status('/writing')).toBe(404);

    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    const image = `content/pages/writing/${/essay-cover-[0-9a-f]{8}\.png/.exec(line)![0]}`;
    expect(changedPaths(editor.stack.remote, published.commit!).sort()).toEqual(['content/pages/writing.mdx', image]);
    await liveWithin(published, async () => (await status('/writing')) === 200, 'the new page');
    const { body: html } = await text(`${editor.url}/writing`);
    const src = /<img[^>]*alt="A stack of printed essays on a desk"[^>]*>/.exec(html)?.[0].match(/src="([^"]+)"/)?.[1];
    expect(src, 'the page shows her image').toBeTruthy();
    expect(await status(src!)).toBe(200);
    for (const entry of [
      'Designing for trust in fintech.',
      'What a design system owes its readers.',
      'Research on a budget.',
      'New essays every month.',
    ])
      expect(html).toContain(entry);
    expect(await menuOf(page, '/')).toEqual(['Home', 'Writing', 'Case Studies', 'Resume', 'Contact']);
    expect((await text(`${editor.url}/sitemap.xml`)).body).toMatch(/<loc>[^<]*\/writing<\/loc>/);

    // Her pages' teasers shown on the home page (the Look page's panel, a plain post), published: a link to the page.
    await page.goto(`${editor.url}/admin/look`);
    await page.getByRole('button', { name: 'Show Your pages (a teaser of each)', exact: true }).click();
    await page.locator('[data-home-status]', { hasText: 'shown on your home page' }).waitFor();
    const shown = await publishAndWait(page);
    expect(shown.status, shown.message).toBe('published');
    const teasers = async () =>
      [...(await text(`${editor.url}/`)).body.matchAll(/<li data-page-teaser[^>]*>[\s\S]*?href="([^"]+)"/g)].map((m) => m[1]);
    await liveWithin(shown, async () => (await teasers()).join() === '/writing', 'the home page’s teaser of Writing');
    // The teasers at a phone's and a desktop's width, light and dark: axe finds nothing in them.
    for (const [width, colorScheme] of [
      [375, 'light'],
      [1280, 'light'],
      [375, 'dark'],
      [1280, 'dark'],
    ] as const) {
      const visitor = await editor.chromium.openPage({ viewport: { width, height: 800 }, colorScheme });
      await visitor.goto(`${editor.url}/#pages`);
      const found = await new AxeBuilder({ page: visitor }).include('#pages').analyze();
      expect(found.violations.map((violation) => `${violation.id} at ${width} px, ${colorScheme}`)).toEqual([]);
      if (shots) await visitor.locator('#pages').screenshot({ path: `${shots}/teasers-${width}-${colorScheme}.png` });
      await visitor.close();
    }

    // A new address: the page and its image move there, and the old address answers 301 to it.
    await page.goto(`${editor.url}/admin/content`);
    const address = page.locator('[data-change-address="pages/writing.mdx"]');
    await address.locator('summary').click();
    if (shots) await page.locator('section[aria-labelledby="own-pages-title"]').screenshot({ path: `${shots}/change-address.png` });
    await address.getByLabel('New address for Writing').fill('Essays');
    await address.getByRole('button', { name: 'Move page' }).click();
    await page.waitForURL(/moved=essays/);
    expect(await page.locator('[data-page-moved]').innerText()).toBe(
      'Moved to /essays, with its images. Its old address takes visitors there.',
    );
    await waitFor(async () => (await status('/essays')) === 200, { what: 'the page at its new address' });
    const old = await fetch(`${editor.url}/writing`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get('location')!, editor.url).pathname).toBe('/essays');
    const moved = /<img[^>]*alt="A stack of printed essays on a desk"[^>]*>/
      .exec((await text(`${editor.url}/essays`)).body)?.[0]
      .match(/src="([^"]+)"/)?.[1];
    expect(moved && (await status(moved))).toBe(200);
    await waitFor(async () => (await teasers()).join() === '/essays', { what: 'the home page’s teaser following the page' });

    await page.goto(`${editor.url}/admin/content`);
    await page.getByRole('button', { name: 'Delete Writing' }).click();
    await page.getByRole('button', { name: 'Delete page' }).click();
    await page.waitForURL(/deleted=1/);
    await waitFor(async () => (await status('/essays')) === 404, { what: 'the deleted page answers 404' });
    expect(await status('/writing')).toBe(404);
    expect(await menuOf(page, '/')).toEqual(['Home', 'Case Studies', 'Resume', 'Contact']);

    await page.goto(`${editor.url}/admin/content`);
    await page.getByRole('button', { name: 'Restore Writing' }).click();
    await page.waitForURL(/restored=1/);
    await waitFor(async () => (await status('/essays')) === 200, { what: 'the restored page is live again' });
  }, 240_000); // Three publishes, each made live (compiled, its cards drawn): minutes on a busy machine.
});
