import { describe, expect, it } from 'vitest';
import { remoteHead } from '../helpers/start/git-remote';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * A new case study from the list, in Chromium, against the built server in
 * remote mode: a title another case study already has is refused with a
 * sentence, and the title typed stays in its box; nothing is made.
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
});
