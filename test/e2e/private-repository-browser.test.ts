import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { waitForReady } from '../helpers/site/e2e';
import { PRIVATE_SLUG } from '../helpers/data/private';
import { publishAndWait } from '../helpers/site/live-site';
import { remoteFile, remoteHead, startGitRemote, TEST_TOKEN } from '../helpers/start/git-remote';
import { startGithubApi, type GithubApi } from '../helpers/stand-ins/github-api';
import { committedSiteFiles, withRemote } from '../helpers/suite/editor-stack';
import { useEditorSuite } from '../helpers/suite/editor-suite';
import { startOwnerStack } from '../helpers/suite/owner-stack';

/**
 * Private work and the repository it is kept in, in Chromium, against the
 * built server as on Netlify (NETLIFY=true: publishing connected from
 * /admin/publishing), a real git remote at an owner/name address that counts
 * as GitHub's (GITHUB_SERVER_URL), and the stand-in for GitHub's API
 * (GITHUB_API_URL: GitHub cannot be reached from here), which says the
 * repository is public until a test makes it private. Connecting asks
 * GitHub and says so; the overview warns with the steps; a publish of the
 * private case study is refused in plain words with her text kept; once the
 * repository is private, the same publish goes through. The tests run in order.
 */

vi.setConfig({ testTimeout: 240_000 });

const REPOSITORY = 'dana/portfolio';
const FILE = `case-studies/${PRIVATE_SLUG}.mdx`;
const SENTENCE = 'Marigold reconciliations now settle before the morning call.';

let github: GithubApi;
const editor = useEditorSuite(async () => {
  github = await startGithubApi({ repositories: { [REPOSITORY]: { visibility: 'public' } } });
  const remote = await startGitRemote({ files: committedSiteFiles({ fixtures: true }), repositoryPath: `${REPOSITORY}.git` });
  const password = 'private repository test password';
  const owner = await startOwnerStack(password, {
    NETLIFY: 'true',
    CONTENT_GIT_AUTHOR: 'Dana Designer <dana@example.com>',
    GITHUB_SERVER_URL: new URL(remote.url).origin,
    GITHUB_API_URL: github.url,
  });
  const stack = withRemote(owner, remote, password);
  return {
    ...stack,
    async stop() {
      await stack.stop();
      await github.close();
    },
  };
});

async function overviewNote(page: Page) {
  await page.goto(`${editor.url}/admin`);
  await page.locator('h1', { hasText: 'Overview' }).waitFor();
  return page.locator('[data-repository-visibility]');
}

describe('private work in a repository GitHub says is public', () => {
  it('connecting asks GitHub with her token, and the answer says the repository is public', async () => {
    const page = await editor.signedIn({ at: '/admin/publishing' });
    await waitForReady(page);
    const form = page.locator('form[data-git-connect]');
    await form.locator('input[name="repository"]').fill(editor.stack.remote.url);
    await form.locator('input[name="token"]').fill(TEST_TOKEN);
    await form.getByRole('button', { name: /^Check and/ }).click();
    const status = page.locator('[data-git-status="connected"]');
    await status.waitFor({ timeout: 30_000 });
    expect(await status.innerText()).toContain('GitHub says the repository is public');
    expect(github.calls).toContainEqual({ method: 'GET', path: `/repos/${REPOSITORY}`, authorization: `Bearer ${TEST_TOKEN}` });
    await page.goto(`${editor.url}/admin/publishing`);
    expect(await page.locator('[data-repository-visibility]').getAttribute('data-repository-visibility')).toBe('public');
  });

  it('the overview says so, with the steps to make it private on GitHub', async () => {
    const page = await editor.signedIn({ javaScriptEnabled: false });
    const note = await overviewNote(page);
    expect(await note.getAttribute('data-repository-visibility')).toBe('public');
    const words = await note.innerText();
    expect(words).toContain('Your private case studies can be read on GitHub');
    expect(words).toContain(REPOSITORY);
    for (const step of ['Settings', 'Danger Zone', 'Change visibility', 'Make private']) expect(words).toContain(step);
    expect(await note.getByRole('link', { name: 'Open its settings on GitHub' }).getAttribute('href')).toBe(
      `${new URL(editor.stack.remote.url).origin}/${REPOSITORY}/settings`,
    );
  });

  it('a publish of the private case study is refused in plain words; her text is kept, the repository unchanged', async () => {
    const head = remoteHead(editor.stack.remote);
    const page = await editor.signedIn({ javaScriptEnabled: false, at: `/admin/content/${FILE}` });
    const body = page.locator('textarea[data-body-source]');
    await body.fill(`${(await body.inputValue()).trimEnd()}\n\n${SENTENCE}\n`);
    const refused = await publishAndWait(page);
    expect(refused.status).toBe('failed');
    expect(await page.locator('[data-save-result]').getAttribute('data-exposed')).toBe('');
    expect(refused.message).toContain('can be read by anyone');
    expect(refused.message).toContain('Settings → General → Danger Zone → Change visibility → Make private');
    expect(refused.message).not.toMatch(/\b(409|HTTP|API|git|commit|push)\b/);
    expect(await body.inputValue()).toContain(SENTENCE);
    expect(remoteHead(editor.stack.remote)).toBe(head);
    // Opened again, the draft is still there.
    await page.goto(`${editor.url}/admin/content/${FILE}`);
    expect(await page.locator('textarea[data-body-source]').inputValue()).toContain(SENTENCE);
  });

  it('once GitHub says it is private, the warning goes and the same publish goes through', async () => {
    github.repositories.set(REPOSITORY, { visibility: 'private' });
    const page = await editor.signedIn({ javaScriptEnabled: false });
    expect(await (await overviewNote(page)).count()).toBe(0);
    const head = remoteHead(editor.stack.remote);
    await page.goto(`${editor.url}/admin/content/${FILE}`);
    expect(await page.locator('textarea[data-body-source]').inputValue()).toContain(SENTENCE);
    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    expect(remoteHead(editor.stack.remote)).not.toBe(head);
    expect(remoteFile(editor.stack.remote, `content/${FILE}`)).toContain(SENTENCE);
  });
});
