// @module-tag slow
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bodyValue, caretAfter, openEditor } from '../helpers/site/body-editor';
import { publishAndWait } from '../helpers/site/live-site';
import { commitOnRemote, remoteFile, remoteHead } from '../helpers/start/git-remote';
import { useEditor } from '../helpers/suite/editor-suite';
import { waitFor } from '../helpers/wait';

/**
 * What a publish leaves behind in the editor, in Chromium against the built
 * server and a real git remote (the fixture case study, never the sample's
 * content): no draft made of the editor's own blank lines, no raw MDX shown
 * while the visual editor comes back, and a "What changed" note that
 * survives a conflict and its merge.
 */

const BLOCKS_DEMO = 'content/case-studies/blocks-demo.mdx';
const BLOCKS_DEMO_URL = '/admin/content/case-studies/blocks-demo.mdx';

const editor = useEditor({ password: 'owner password for what a publish leaves', fixtures: true });

/** Records, from the start of every document, whether the story's source textarea was ever drawn, and every autosave sent. */
async function watchTheStory(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { __sourceShown: boolean };
    seen.__sourceShown = false;
    const look = () => {
      const source = document.querySelector('textarea[data-body-source]');
      if (source?.checkVisibility()) seen.__sourceShown = true;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

const sourceWasShown = (page: Page) => page.evaluate(() => (window as unknown as { __sourceShown: boolean }).__sourceShown);

describe('after a publish with JavaScript', () => {
  it('leaves no draft, even after empty paragraphs, and never shows the story as raw MDX', async () => {
    const page = await editor.signedIn();
    await watchTheStory(page);
    const drafts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/admin/content/api/draft')) drafts.push(request.url());
    });
    // A file with runs of blank lines (written elsewhere, or published before): opened, it is no edit of hers.
    const untidy = remoteFile(editor.stack.remote, BLOCKS_DEMO).replace('## Side by side\n', '\n\n\n## Side by side\n\n\n');
    commitOnRemote(editor.stack.remote, { [BLOCKS_DEMO]: untidy });
    await openEditor(page, `${editor.url}${BLOCKS_DEMO_URL}`);
    await page.waitForTimeout(3_000);
    expect(drafts, 'opening the page sent an autosave').toEqual([]);

    // Empty paragraphs pressed in, as she did between blocks, and one word of hers.
    await caretAfter(page, 'A Markdown image alone in its paragraph', 'caption.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Added after a pause.');
    await waitFor(async () => (await bodyValue(page)).includes('Added after a pause.'), { what: 'the typed words in the field' });

    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    const file = remoteFile(editor.stack.remote, BLOCKS_DEMO);
    expect(file).toContain('Added after a pause.');
    // The file is as tidy as the editor reads it back: no run of blank lines.
    expect(file).not.toMatch(/\n\n\n/);

    // The visual editor is back on the answer's page, and the source was never drawn on the way.
    await page.locator('[data-mdx-body][data-body-editor="ready"] [contenteditable="true"]').first().waitFor();
    expect(await sourceWasShown(page), 'the raw MDX textarea was drawn after the publish').toBe(false);
    // An autosave would start 1.2 s after a change: well past that, none was sent.
    drafts.length = 0;
    await page.waitForTimeout(3_000);
    expect(drafts).toEqual([]);
    await page.reload();
    await openEditor(page, page.url());
    expect(await page.locator('[data-draft]').count()).toBe(0);
    await page.goto(`${editor.url}/admin/content`);
    expect(await page.locator('[data-content-item="case-studies/blocks-demo.mdx"]').innerText()).not.toMatch(/\bdraft\b/);

    // Published again untouched: nothing to commit.
    const head = remoteHead(editor.stack.remote);
    await openEditor(page, `${editor.url}${BLOCKS_DEMO_URL}`);
    expect((await publishAndWait(page)).status).toBe('unchanged');
    expect(remoteHead(editor.stack.remote)).toBe(head);
  }, 180_000);
});

describe('two tabs', () => {
  it('the note typed for a publish refused as a conflict is kept through the merge and becomes the commit message', async () => {
    const first = await editor.signedIn();
    const second = await editor.signedIn();
    await openEditor(first, `${editor.url}${BLOCKS_DEMO_URL}`);
    await openEditor(second, `${editor.url}${BLOCKS_DEMO_URL}`);

    await first.locator('#field-role').fill('Lead Product Designer');
    expect((await publishAndWait(first)).status).toBe('published');

    const note = 'Longer timeline after the second round of research';
    await second.locator('#field-timeline').fill('3 weeks');
    await second.locator('#commit-message').fill(note);
    expect((await publishAndWait(second)).status).toBe('conflict');
    await second.getByRole('button', { name: 'Keep the published version and re-apply my changes' }).click();
    await second.waitForURL(/reapplied=1/);
    expect(await second.locator('#commit-message').inputValue()).toBe(note);

    const merged = await publishAndWait(second);
    expect(merged.status, merged.message).toBe('published');
    expect(editor.stack.remote.git('log', '-1', '--format=%s', merged.commit!).trim()).toBe(note);
    const file = remoteFile(editor.stack.remote, BLOCKS_DEMO);
    expect(file).toMatch(/^role: Lead Product Designer$/m);
    expect(file).toMatch(/^timeline: 3 weeks$/m);
  }, 180_000);
});

describe('when the page’s script never starts', () => {
  it('the story’s text area shows after 12 s, and the “Opening” note goes', async () => {
    const page = await editor.signedIn();
    // Every script of the page refused, as a blocked or failed download would leave it.
    await page.route(
      (url) => url.pathname.startsWith('/build/') && url.pathname.endsWith('.js'),
      (route) => route.abort(),
    );
    await page.goto(`${editor.url}${BLOCKS_DEMO_URL}`);
    const source = page.locator('textarea[data-body-source]');
    const note = page.locator('[data-body-opening]');
    expect(await source.isVisible()).toBe(false);
    expect(await note.isVisible()).toBe(true);
    await source.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await note.isVisible()).toBe(false);
    expect(await source.inputValue()).toContain('## Side by side');
  });
});
