import { describe, expect, it } from 'vitest';
import { publishAndWait } from '../helpers/site/live-site';
import { remoteHead } from '../helpers/start/git-remote';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * A new case study from the list, in Chromium, against the built server in
 * remote mode: a title another case study already has is refused with a
 * sentence, and the title typed stays in its box; nothing is made. Once
 * published, the note that it is a new draft goes.
 */

const editor = useEditor({ password: 'new case study test password', fixtures: true });
const TAKEN = 'Treasury Ledger for a Private Bank';

describe('a new case study', () => {
  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ] as const)('with a title that is taken, %s: refused with a sentence, the title typed kept', async (_name, javaScriptEnabled) => {
    const page = await editor.signedIn({ javaScriptEnabled, at: '/admin/content' });
    const head = remoteHead(editor.stack.remote);
    const rows = await page.locator('[data-content-item]').count();
    const typed = TAKEN.toLowerCase();
    await page.locator('#new-case-study-title').fill(typed);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'already have a case study' });
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      `You already have a case study called “${TAKEN}”. Give the new one another title, or open that one from the list.`,
    );
    expect(await page.locator('#new-case-study-title').inputValue()).toBe(typed);
    expect(await page.locator('[data-content-item]').count()).toBe(rows);
    expect(remoteHead(editor.stack.remote)).toBe(head);
  });

  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ] as const)(
    'with a title over 120 characters, %s: nothing is cut unseen; it comes back cut on a word, with a note',
    async (_name, javaScriptEnabled) => {
      const page = await editor.signedIn({ javaScriptEnabled, at: '/admin/content' });
      const head = remoteHead(editor.stack.remote);
      const rows = await page.locator('[data-content-item]').count();
      const long =
        'How a regional bank moved forty thousand small businesses to a new lending flow, and why the old one can take its fair share of the blame';
      const box = page.locator('#new-case-study-title');
      await box.focus();
      // As a paste: a maxlength would cut it here, mid-word and without a word.
      await page.keyboard.insertText(long);
      expect(await box.inputValue()).toBe(long);
      if (javaScriptEnabled)
        expect(await page.locator('#new-case-study-count').innerText()).toBe(
          `${long.length} of 120 characters: ${long.length - 120} too many`,
        );
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'A title holds 120 characters' });
      await alert.waitFor();
      expect(await alert.innerText()).toContain(`yours has ${long.length}. Cut on a word, it now ends “…can take its fair”`);
      await expect.poll(() => box.inputValue()).toBe(long.slice(0, long.indexOf(' share')));
      expect(await page.locator('[data-content-item]').count()).toBe(rows);
      expect(remoteHead(editor.stack.remote)).toBe(head);
    },
  );

  it('once published, the page no longer says it is a new draft', async () => {
    const page = await editor.signedIn({ at: '/admin/content' });
    await page.locator('#new-case-study-title').fill('Onboarding for a Savings App');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const created = page.getByRole('status').filter({ hasText: 'New case study, kept as a draft' });
    await created.waitFor();
    await page.locator('[data-mdx-body][data-body-editor="ready"] [contenteditable="true"]').first().waitFor();
    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    expect(await created.count()).toBe(0);
    expect(await page.locator('[data-draft]').count()).toBe(0);
    // Coming soon, it has no page of its own: she is told where it shows, and the link goes there.
    expect(published.message).toMatch(
      /^Published\.\s*Its card is on your home page now, as coming soon\. Its own page opens once you set Status to Published\./,
    );
    const link = page.locator('[data-save-result] a', { hasText: 'Open the home page' });
    expect(await link.getAttribute('href')).toBe('/');
  }, 180_000);
});
