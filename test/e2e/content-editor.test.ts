// @module-tag slow
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildOnClone } from '../helpers/start/built-clone';
import { changedLines } from '../helpers/data/content-files';
import { changedPaths, remoteFile, remoteHead } from '../helpers/start/git-remote';
import { waitForSaveResult } from '../helpers/site/live-site';
import { commitOnRemote } from '../helpers/start/git-remote';
import { useEditor } from '../helpers/suite/editor-suite';
import { dayOf } from '~/editing/git/read.server';

/**
 * The editor's frontmatter forms and publishing, in Chromium, against the
 * built server in remote mode and a real git remote: a field changed is one
 * commit that changes that line only; nothing changed is no commit; a page
 * changed elsewhere is a conflict shown field by field, resolved by re-applying
 * her changes on top; an edit the build
 * would refuse is named by its field and kept; a draft survives a reload and
 * a sign-out; a new case study goes from the list to the site.
 */

const OFFICE_DEPOT = 'content/case-studies/office-depot.mdx';

const editor = useEditor({ password: 'editor test password' });
const signedIn = (javaScriptEnabled = true): Promise<Page> => editor.signedIn({ javaScriptEnabled });

describe('the list', () => {
  it('shows the site details, the resume and every case study in order, each with its last change', async () => {
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content`);
    const items = await page.locator('[data-content-item]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-content-item')));
    expect(items).toEqual([
      'site.yml',
      'resume.mdx',
      'case-studies/office-depot.mdx',
      'case-studies/mobile-banking.mdx',
      'case-studies/analytics-dashboard.mdx',
    ]);
    const row = page.locator('[data-content-item="case-studies/office-depot.mdx"]');
    expect(await row.innerText()).toMatch(/Office Depot Rewards App Redesign[\s\S]*published[\s\S]*order 1[\s\S]*Changed [^\n]+/);
    expect(await row.innerText()).not.toMatch(/by Other Dev/);
  });
});

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
] as const)('publishing a field %s', (_name, javaScriptEnabled) => {
  it('one field changed is one commit that changes only its line; the same again is no commit', async () => {
    const page = await signedIn(javaScriptEnabled);
    const before = remoteFile(editor.stack.remote, OFFICE_DEPOT);
    const head = remoteHead(editor.stack.remote);
    await page.goto(`${editor.url}/admin/content/case-studies/office-depot.mdx`);
    const role = page.locator('input[name="role"]');
    const newRole = javaScriptEnabled ? 'Lead Product Designer' : 'Principal UX Designer';
    await role.fill(newRole);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const result = await waitForSaveResult(page);
    expect(result.status).toBe('published');
    expect(result.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(remoteHead(editor.stack.remote)).toBe(result.commit);
    expect(editor.stack.remote.git('rev-parse', `${result.commit}^`).trim()).toBe(head);
    expect(changedPaths(editor.stack.remote, result.commit!)).toEqual([OFFICE_DEPOT]);
    expect(changedLines(before, remoteFile(editor.stack.remote, OFFICE_DEPOT))).toEqual([
      expect.stringMatching(/^-role: /),
      `+role: ${newRole}`,
    ]);
    expect(editor.stack.remote.git('log', '-1', '--format=%an <%ae>|%s', result.commit!)).toBe(
      'Dana Designer <dana@example.com>|Edit Office Depot Rewards App Redesign',
    );

    // Opened again and published with nothing changed: no commit.
    await page.goto(`${editor.url}/admin/content/case-studies/office-depot.mdx`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await waitForSaveResult(page)).status, await page.locator('[data-save-result]').innerText()).toBe('unchanged');
    expect(remoteHead(editor.stack.remote)).toBe(result.commit);

    // Save draft with nothing changed: it says so, and keeps no draft.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/unchanged=1/);
    expect(await page.locator('[role="status"]').allInnerTexts()).toContain(
      'Nothing changed, so no draft is kept: this is the published version.',
    );
    expect(await page.locator('[data-draft]').count()).toBe(0);
    expect(await editor.stack.db.query('SELECT path FROM content_drafts WHERE path = $1', [OFFICE_DEPOT])).toEqual([]);
  });
});

describe('when publishing cannot go ahead', () => {
  it('a page changed elsewhere since it was opened: a conflict shown field by field; her changes re-applied on top, nothing of theirs undone', async () => {
    const page = await signedIn();
    const path = 'content/case-studies/mobile-banking.mdx';
    await page.goto(`${editor.url}/admin/content/case-studies/mobile-banking.mdx`);
    const theirs = remoteFile(editor.stack.remote, path).replace(/^timeline: .*$/m, 'timeline: 5 months');
    const elsewhere = commitOnRemote(editor.stack.remote, { [path]: theirs });
    await page.locator('input[name="role"]').fill('Senior Product Designer');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await waitForSaveResult(page)).status).toBe('conflict');
    expect(remoteHead(editor.stack.remote)).toBe(elsewhere);
    // Each field that differs, by its label, hers and the published side by side; no file's lines.
    const field = (label: string) => page.locator(`[data-save-result] [data-conflict-field="${label}"]`);
    expect(await field('Timeline').getAttribute('data-by')).toBe('elsewhere');
    expect(await field('Timeline').locator('[data-yours]').innerText()).toMatch(/3 months$/);
    expect(await field('Timeline').locator('[data-published]').innerText()).toMatch(/5 months$/);
    expect(await field('Role').getAttribute('data-by')).toBe('you');
    expect(await field('Role').locator('[data-yours]').innerText()).toMatch(/Senior Product Designer$/);
    expect(await page.locator('[data-save-result] [data-conflict-field]').count()).toBe(2);
    expect(await page.locator('[data-save-result]').innerText()).not.toMatch(/timeline:|role:|content\/|\.mdx/);
    const first = page.locator('[data-save-result] button').first();
    expect(await first.innerText()).toBe('Keep the published version and re-apply my changes');

    // The safe way: the published version with her change on top, shown for review before anything is published.
    await first.click();
    await page.waitForURL(/reapplied=1/);
    expect(remoteHead(editor.stack.remote)).toBe(elsewhere);
    expect(await page.locator('input[name="role"]').inputValue()).toBe('Senior Product Designer');
    expect(await page.locator('input[name="timeline"]').inputValue()).toBe('5 months');
    await page.locator('[data-draft]').waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const published = await waitForSaveResult(page);
    expect(published.status).toBe('published');
    expect(changedLines(theirs, remoteFile(editor.stack.remote, path))).toEqual([
      expect.stringMatching(/^-role: /),
      '+role: Senior Product Designer',
    ]);
  });

  it('an edit the build would refuse: not published, the problem by its field, the typed text kept', async () => {
    const page = await signedIn();
    const head = remoteHead(editor.stack.remote);
    await page.goto(`${editor.url}/admin/content/case-studies/analytics-dashboard.mdx`);
    await page.locator('input[name="order"]').fill('second');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await waitForSaveResult(page)).status).toBe('invalid');
    expect(remoteHead(editor.stack.remote)).toBe(head);
    const order = page.locator('input[name="order"]');
    expect(await order.inputValue()).toBe('second');
    expect(await order.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#field-order-error').innerText()).toMatch(/number/i);
  });
});

describe('preview', () => {
  it('opens the unsaved edit in a new tab, drawn by the site’s components, with every image from the owner’s media route', async () => {
    const page = await signedIn(false);
    await page.goto(`${editor.url}/admin/content/case-studies/office-depot.mdx`);
    await page.locator('input[name="title"]').fill('Rewards, Seen at Last');
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Preview' }).click()]);
    await preview.waitForLoadState('load');
    expect(await preview.locator('h1').innerText()).toBe('Rewards, Seen at Last');
    expect(await preview.locator('[data-preview-bar]').innerText()).toMatch(/Preview/);
    expect(await preview.locator('main h2').count()).toBeGreaterThan(3);
    const images = await preview
      .locator('main img')
      .evaluateAll((all) => all.map((img) => ({ src: (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src })));
    expect(images.length).toBeGreaterThan(5);
    for (const { src } of images) expect(new URL(src).pathname).toMatch(/^\/admin\/content\/api\/media\/(content|public)\//);
    // Each one answers, as the owner.
    for (const { src } of images.slice(0, 6)) expect((await preview.request.get(src)).status()).toBe(200);
    // The preview kept the edit as the draft, and published nothing.
    const kept = await editor.stack.db.query<{ text: string }>(
      "SELECT text FROM content_drafts WHERE path = 'content/case-studies/office-depot.mdx'",
    );
    expect(kept[0]?.text).toMatch(/^title: Rewards, Seen at Last$/m);
    await page.reload();
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.waitForURL(/discarded=1/);
    expect(await page.locator('input[name="title"]').inputValue()).not.toBe('Rewards, Seen at Last');
    // Without JavaScript too, Undo brings the discarded draft back.
    expect(await page.locator('[data-undo-discard]').innerText()).toMatch(/^Draft discarded\./);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForURL(/undone=1/);
    expect(await page.locator('input[name="title"]').inputValue()).toBe('Rewards, Seen at Last');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.waitForURL(/discarded=1/);
  });
});

describe('history', () => {
  it('lists the commits that changed the file with their diffs, and restores an old version as a new commit', async () => {
    const page = await signedIn(false);
    await page.goto(`${editor.url}/admin/content/history/case-studies/office-depot.mdx`);
    const entries = page.locator('[data-history-commit]');
    // The seed and the two publishes of the role above.
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(3);
    const newest = entries.first();
    expect(await newest.innerText()).toMatch(/Edit Office Depot Rewards App Redesign[\s\S]*Dana Designer/);
    expect(await newest.locator('[data-diff-line="added"]').allTextContents()).toEqual([
      expect.stringMatching(/role: Principal UX Designer/),
    ]);
    const seed = entries.last();
    const seedCommit = (await seed.getAttribute('data-history-commit'))!;
    await seed.getByRole('button', { name: 'Restore this version' }).click();
    await page.waitForURL(/restored=/);
    const head = remoteHead(editor.stack.remote);
    // Named by the version's day, as the history lists it; never by its id.
    const seedDay = dayOf(editor.stack.remote.git('log', '-1', '--format=%aI', seedCommit).trim());
    expect(editor.stack.remote.git('log', '-1', '--format=%s', head)).toBe(
      `Restore Office Depot Rewards App Redesign to its version of ${seedDay}`,
    );
    expect(remoteFile(editor.stack.remote, OFFICE_DEPOT)).toBe(remoteFile(editor.stack.remote, OFFICE_DEPOT, seedCommit));
    expect(changedPaths(editor.stack.remote, head)).toEqual([OFFICE_DEPOT]);
  });
});

describe('a draft', () => {
  it('survives a reload and a sign-out, shows on the list, and can be discarded, then brought back by Undo', async () => {
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content/resume.mdx`);
    await page.waitForFunction(() => document.documentElement.classList.contains('js'));
    const name = 'headline';
    const field = page.locator(`input[name="${name}"]`);
    await field.fill('Typed, then the tab closed');
    await expect.poll(() => page.locator('[data-autosave]').innerText(), { timeout: 15_000 }).toMatch(/Draft saved/);
    await page.reload();
    expect(await page.locator(`input[name="${name}"]`).inputValue()).toBe('Typed, then the tab closed');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/(admin\/sign-in)?$/);
    const again = await signedIn();
    await again.goto(`${editor.url}/admin/content`);
    expect(await again.locator('[data-content-item="resume.mdx"]').innerText()).toContain('draft');
    await again.goto(`${editor.url}/admin/content/resume.mdx`);
    expect(await again.locator(`input[name="${name}"]`).inputValue()).toBe('Typed, then the tab closed');
    await again.getByRole('button', { name: 'Discard draft' }).click();
    await again.waitForURL(/discarded=1/);
    expect(await again.locator(`input[name="${name}"]`).inputValue()).not.toBe('Typed, then the tab closed');
    // "Draft discarded. Undo": the draft comes back.
    await again.locator('[data-undo-discard]').getByRole('button', { name: 'Undo' }).click();
    await again.waitForURL(/undone=1/);
    expect(await again.locator(`input[name="${name}"]`).inputValue()).toBe('Typed, then the tab closed');
    await again.locator('[data-draft]').waitFor();
    await again.getByRole('button', { name: 'Discard draft' }).click();
    await again.waitForURL(/discarded=1/);
  });

  it('keeps what was typed up to the moment the tab closed', async () => {
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content/resume.mdx`);
    await page.waitForFunction(() => document.documentElement.classList.contains('js'));
    await page.locator('input[name="location"]').fill('Typed as the tab closed');
    // Closed at once, well before the autosave's pause after typing.
    await page.close({ runBeforeUnload: true });
    // The closing page's save outlives it: it lands within a bound (the server reads the file from the remote first).
    await expect
      .poll(
        async () =>
          (await editor.stack.db.query<{ text: string }>("SELECT text FROM content_drafts WHERE path = 'content/resume.mdx'"))[0]?.text ??
          '',
        {
          timeout: 30_000,
          interval: 250,
        },
      )
      .toMatch(/^location: Typed as the tab closed$/m);
    const again = await signedIn();
    await again.goto(`${editor.url}/admin/content/resume.mdx`);
    expect(await again.locator('input[name="location"]').inputValue()).toBe('Typed as the tab closed');
    await again.getByRole('button', { name: 'Discard draft' }).click();
    await again.waitForURL(/discarded=1/);
  });
});

describe('a new case study', () => {
  it('is made from the list as a coming-soon draft, published, then published as a page: the build passes each time', async () => {
    // Without JavaScript: every step is a plain form post (the list buttons too).
    const page = await signedIn(false);
    await page.goto(`${editor.url}/admin/content`);
    await page.locator('#new-case-study-title').fill('Ledger Onboarding Rethink');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/admin\/content\/case-studies\/ledger-onboarding-rethink\.mdx\?created=1/);
    expect(await page.locator('select[name="status"]').inputValue()).toBe('coming-soon');
    // Its only draft discarded by mistake: Undo brings it back, with its card image (published below).
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.waitForURL(/discarded=1/);
    await page.locator('[data-undo-discard]').getByRole('button', { name: 'Undo' }).click();
    await page.waitForURL(/undone=1/);
    expect(await page.locator('select[name="status"]').inputValue()).toBe('coming-soon');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const first = await waitForSaveResult(page);
    expect(first.status).toBe('published');
    // With its placeholder card image, a file of its own folder.
    expect(changedPaths(editor.stack.remote, first.commit!).sort()).toEqual([
      'content/case-studies/ledger-onboarding-rethink.mdx',
      'content/case-studies/ledger-onboarding-rethink/card.svg',
    ]);
    await buildOnClone(editor.stack.remote);

    // Published, with its page fields and a story.
    await page.goto(`${editor.url}/admin/content/case-studies/ledger-onboarding-rethink.mdx`);
    await page.locator('select[name="status"]').selectOption('published');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/saved=1/);
    await page.locator('textarea[name="page.summary"]').fill('A calmer first week for small-business owners opening a ledger account.');
    await page.locator('input[name="page.client"]').fill('Ledgerly');
    await page.locator('input[name="page.timeline"]').fill('4 months');
    // A list that needs one item starts with one row to fill, not an error to read.
    expect(await page.locator('[data-list="page.team"] [data-list-item]').count()).toBe(1);
    await page.locator('input[name="page.team.0"]').fill('Design');
    await page.locator('input[name="page.outcomes.0.label"]').fill('Activation');
    await page.locator('input[name="page.outcomes.0.value"]').fill('+18%');
    await page.locator('textarea[name="body"]').fill('\n## The problem\n\nNew owners stalled on day two.\n');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const second = await waitForSaveResult(page);
    expect(second.status, await page.locator('[data-save-result]').innerText()).toBe('published');
    expect(remoteFile(editor.stack.remote, 'content/case-studies/ledger-onboarding-rethink.mdx')).toMatch(
      /^status: published$[\s\S]*^page:$[\s\S]*## The problem/m,
    );
    await buildOnClone(editor.stack.remote);
  }, 180_000); // Three publishes, each made live (compiled, its PDF and cards drawn), and a build of a clone: minutes on a busy machine.
});

describe('when the remote is down', () => {
  it('a publish fails with a clear message and the draft is kept', async () => {
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content/case-studies/office-depot.mdx`);
    await page.locator('input[name="timeline"]').fill('7 months');
    await editor.stack.remote.close();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const result = await waitForSaveResult(page);
    expect(result.status).toBe('failed');
    expect(await page.locator('[data-save-result]').innerText()).toMatch(/could not|refused|reach|connect/i);
    const kept = await editor.stack.db.query<{ text: string }>(
      "SELECT text FROM content_drafts WHERE path = 'content/case-studies/office-depot.mdx'",
    );
    expect(kept[0]?.text).toMatch(/^timeline: 7 months$/m);
  });
});
