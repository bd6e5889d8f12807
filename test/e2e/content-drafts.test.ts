import { describe, expect, it } from 'vitest';
import { waitForReady } from '../helpers/site/e2e';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * Drafts as the designer meets them, in Chromium, against the built server
 * in remote mode: a file opened and left as it was keeps no draft.
 */

const FILE = 'case-studies/office-depot.mdx';

const editor = useEditor({ password: 'drafts test password' });

describe('drafts', () => {
  it('a file opened, typed into and typed back, then left: no draft', async () => {
    const page = await editor.signedIn({ at: `/admin/content/${FILE}` });
    // Typed before the page's script runs, a change would reach no autosave.
    await waitForReady(page);
    const role = page.locator('#field-role');
    const original = await role.inputValue();
    await role.fill(`${original} and more`);
    await page.getByText(/Draft saved/).waitFor();
    await role.fill(original);
    await page.getByText('No changes, so no draft is kept.').waitFor();

    await page.goto(`${editor.url}/admin/content`);
    expect(await page.locator(`[data-content-item="${FILE}"]`).innerText()).not.toMatch(/draft/);
    await page.goto(`${editor.url}/admin/content/${FILE}`);
    await role.waitFor();
    expect(await page.locator('[data-draft]').count()).toBe(0);
  });
});
