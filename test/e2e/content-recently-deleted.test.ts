import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changedPaths, remoteHead } from '../helpers/start/git-remote';
import { useEditor } from '../helpers/suite/editor-suite';
import { developerWords } from '../helpers/data/developer-words';
import { waitForReady } from '../helpers/site/e2e';

/**
 * Recently deleted, in Chromium, against the built server in remote mode and
 * a real git remote: a case study deleted from the list is listed with the
 * day it went, and one click on Restore brings back the same text and the
 * same images, one commit each way. And her words on every screen of
 * /admin: each is opened once and its rendered text read for a developer
 * word, the check test/unit/designer-words.test.ts applies to the source.
 */

const STUDY = 'content/case-studies/private-demo.mdx';
const FOLDER = 'content/case-studies/private-demo/';
const TITLE = 'Treasury Ledger for a Private Bank';

const editor = useEditor({ password: 'recently deleted test password', fixtures: true });

/** Path and blob id (git's id of the exact bytes) of the case study and every file of its folder, at `ref`. */
function filesAt(ref: string): string[] {
  return editor.stack.remote
    .git('ls-tree', '-r', ref, '--', STUDY, FOLDER)
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^\d+ blob /, ''));
}

describe('recently deleted', () => {
  it('a deleted case study is listed with its date and one Restore brings it back as it was, one commit each way', async () => {
    const page = await editor.signedIn({ at: '/admin/content' });
    const before = remoteHead(editor.stack.remote);
    const files = filesAt(before);
    // The study and its two images: the restore must bring back each byte of each.
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-recently-deleted]').count()).toBe(0);

    await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
    await page.getByRole('button', { name: 'Delete case study' }).click();
    await page.waitForURL(/deleted=1/);
    const deleteCommit = remoteHead(editor.stack.remote);
    expect(editor.stack.remote.git('rev-parse', `${deleteCommit}^`).trim()).toBe(before);
    expect(changedPaths(editor.stack.remote, deleteCommit)).toEqual(files.map((line) => line.split('\t')[1]).sort());
    expect(filesAt(deleteCommit)).toEqual([]);

    const row = page.locator('[data-deleted-item="case-studies/private-demo.mdx"]');
    await row.waitFor();
    expect(await row.innerText()).toMatch(new RegExp(`${TITLE}[\\s\\S]*Deleted (just now|\\d+ minutes? ago)`));
    expect(await row.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await page.locator('[data-content-item="case-studies/private-demo.mdx"]').count()).toBe(0);

    await row.getByRole('button', { name: `Restore ${TITLE}` }).click();
    await page.waitForURL(/restored=1/);
    const restoreCommit = remoteHead(editor.stack.remote);
    expect(editor.stack.remote.git('rev-parse', `${restoreCommit}^`).trim()).toBe(deleteCommit);
    expect(editor.stack.remote.git('log', '-1', '--format=%s', restoreCommit).trim()).toBe(`Restore ${TITLE}`);
    // Same paths, same blob ids: the same text and the same images, byte for byte.
    expect(filesAt(restoreCommit)).toEqual(files);
    expect(changedPaths(editor.stack.remote, restoreCommit)).toEqual(changedPaths(editor.stack.remote, deleteCommit));

    await page.locator('[data-content-item="case-studies/private-demo.mdx"]').waitFor();
    expect(await page.locator('[data-deleted-item]').count()).toBe(0);
    expect(await page.getByRole('status').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/Restored, with its images/)]),
    );
  });
});

const STORY_EDITOR = '/admin/content/case-studies/blocks-demo.mdx';

/** Every screen of /admin, and what shows it is drawn: the page's script has run, and the visual editor has opened the story's blocks. */
const SCREENS = [
  '/admin',
  '/admin/content',
  '/admin/content/site.yml',
  '/admin/content/resume.mdx',
  STORY_EDITOR,
  '/admin/content/history/case-studies/blocks-demo.mdx',
  '/admin/insights',
  '/admin/links',
  '/admin/messages',
  '/admin/settings/mail',
  '/admin/settings/domain',
  '/admin/settings/private',
  '/admin/setup',
  '/admin/publishing',
];
/** The screen that connects the site to GitHub names the token form's fields as GitHub does (test/helpers/data/developer-words.ts). */
const GITHUB_STEPS = new Set(['/admin/publishing', '/admin/settings/private']);

async function shownWords(page: Page, screen: string, javaScriptEnabled: boolean): Promise<string[]> {
  const response = await page.goto(`${editor.url}${screen}`);
  expect(response?.status(), screen).toBe(200);
  if (javaScriptEnabled) await waitForReady(page);
  if (javaScriptEnabled && screen === STORY_EDITOR) {
    await page.locator('[data-mdx-body][data-body-editor="ready"] [contenteditable="true"]').first().waitFor();
    await page.locator('[data-block]').first().waitFor();
  }
  // The note on the repository's visibility, wherever it shows, is one of those steps too.
  const notes = await page.locator('[data-repository-visibility]').allInnerTexts();
  const text = notes.reduce((rest, note) => rest.replace(note, ' '), await page.locator('body').innerText());
  return [
    ...developerWords(text, { githubSteps: GITHUB_STEPS.has(screen) }),
    ...notes.flatMap((note) => developerWords(note, { githubSteps: true })),
  ];
}

describe('her words on every screen of /admin', () => {
  it('no screen shows a file path, field name, block tag, commit id, format, status code, program leftover or git word', async () => {
    const page = await editor.signedIn({ at: '/admin' });
    const found: Record<string, string[]> = {};
    for (const screen of SCREENS) found[screen] = await shownWords(page, screen, true);
    // The editor without JavaScript draws its own fields and the story as text.
    const plain = await editor.signedIn({ javaScriptEnabled: false, at: '/admin' });
    found[`${STORY_EDITOR} without JavaScript`] = await shownWords(plain, STORY_EDITOR, false);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((screen) => [screen, []])));
  });
});
