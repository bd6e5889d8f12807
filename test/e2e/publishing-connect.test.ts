import AxeBuilder from '@axe-core/playwright';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForReady } from '../helpers/site/e2e';
import { committedSiteFiles, withRemote, type SignedInOptions } from '../helpers/suite/editor-stack';
import { remoteFile, remoteHead } from '../helpers/start/git-remote';
import { waitForSaveResult } from '../helpers/site/live-site';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { at } from '../helpers/must';
import { READ_ONLY_TEST_TOKEN, startGitRemote, TEST_TOKEN } from '../helpers/start/git-remote';
import { startOwnerStack } from '../helpers/suite/owner-stack';
import { useEditorSuite } from '../helpers/suite/editor-suite';

/**
 * The editor's git connection made from /admin/publishing, in Chromium,
 * against the built server as on Netlify with nothing about git in its
 * settings (NETLIFY=true: no checkout to commit to) and a real git remote
 * (git http-backend, Basic auth, a second token that may only read). The
 * build's record names the repository (as Netlify's REPOSITORY_URL would),
 * so the form starts filled in. A wrong token, a read-only one and a wrong
 * repository each get their own reason; a good one connects and a publish
 * lands in the repository. The token never comes back in a page or a log.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const WRONG_TOKEN = 'ghp_wrongTOKEN0123456789abcdefWRONG';
const TOKENS = [TEST_TOKEN, READ_ONLY_TEST_TOKEN, WRONG_TOKEN];

const built = mkdtempSync(path.join(os.tmpdir(), 'publishing-build-'));
afterAll(() => rmSync(built, { recursive: true, force: true }));
const editor = useEditorSuite(async () => {
  const remote = await startGitRemote({ files: committedSiteFiles(), readOnlyToken: READ_ONLY_TEST_TOKEN });
  // The fixture build, with the repository and branch recorded as a Netlify build records them.
  cpSync(path.join(ROOT, path.dirname(FIXTURE_CONTENT_JSON)), built, { recursive: true });
  const stamp = JSON.parse(readFileSync(path.join(built, 'build-version.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(built, 'build-version.json'), JSON.stringify({ ...stamp, repository: remote.url, branch: 'main' }));
  const password = 'publishing connect test password';
  const owner = await startOwnerStack(password, {
    NETLIFY: 'true',
    CONTENT_JSON_PATH: path.join(built, 'content.json'),
    CONTENT_GIT_AUTHOR: 'Dana Designer <dana@example.com>',
  });
  return withRemote(owner, remote, password);
});

const signedIn = (javaScriptEnabled = true, options: SignedInOptions = {}): Promise<Page> =>
  editor.signedIn({ javaScriptEnabled, ...options });

function expectNoToken(text: string) {
  for (const token of TOKENS) expect(text).not.toContain(token);
}

/** Sends the form and waits (bounded) for its answer. */
async function connect(
  page: Page,
  { repository, token }: { repository?: string; token: string },
  javaScriptEnabled = true,
): Promise<{ state: string | null; text: string }> {
  await page.goto(`${editor.url}/admin/publishing`);
  if (javaScriptEnabled) await waitForReady(page);
  const form = page.locator('form[data-git-connect]');
  if (repository !== undefined) await form.locator('input[name="repository"]').fill(repository);
  await form.locator('input[name="token"]').fill(token);
  await form.getByRole('button', { name: /^Check and/ }).click();
  const status = page.locator('[data-git-status]');
  await status.waitFor({ timeout: 30_000 });
  return { state: await status.getAttribute('data-git-status'), text: await status.innerText() };
}

describe('/admin/publishing', () => {
  it('is reached from the owner’s navigation, explains the token, and starts with the repository the site was built from', async () => {
    const page = await signedIn(true, { at: '/admin' });
    await page.getByRole('navigation', { name: 'Owner’s area' }).getByRole('link', { name: 'Publishing' }).click();
    await page.waitForURL(`${editor.url}/admin/publishing`);
    expect(await page.locator('[data-publishing-state]').getAttribute('data-publishing-state')).toBe('not-connected');
    expect(await page.locator('a[href="https://github.com/settings/personal-access-tokens/new"]').count()).toBe(1);
    const text = await page.locator('main').innerText();
    for (const words of ['Only select repositories', 'Contents', 'Read and write', 'Expiration', '14 days']) expect(text).toContain(words);
    expect(await page.locator('form[data-git-connect] input[name="repository"]').inputValue()).toBe(editor.stack.remote.url);
    const token = page.locator('form[data-git-connect] input[name="token"]');
    expect(await token.getAttribute('type')).toBe('password');
    expect(await token.getAttribute('autocomplete')).toBe('off');
  });

  it('the editor, not yet connected, points to Publishing instead of Netlify’s settings', async () => {
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content`);
    const note = page.locator('[data-read-only]');
    await note.waitFor();
    expect(await note.innerText()).not.toMatch(/CONTENT_GIT|Netlify/);
    expect(await note.locator('a[data-fix-publishing]').getAttribute('href')).toBe('/admin/publishing');
  });

  it('a wrong token, a read-only token and a wrong repository each get their reason; the address survives, the token does not', async () => {
    const head = remoteHead(editor.stack.remote);
    const page = await signedIn();
    const wrong = await connect(page, { token: WRONG_TOKEN });
    expect(wrong).toEqual({ state: 'failed', text: expect.stringMatching(/refused the token: it is wrong, or it has expired/) });
    expect(await page.locator('input[name="token"]').inputValue()).toBe('');
    expect(await page.locator('input[name="repository"]').inputValue()).toBe(editor.stack.remote.url);
    expectNoToken(await page.content());

    const readOnly = await connect(page, { token: READ_ONLY_TEST_TOKEN });
    expect(readOnly).toEqual({
      state: 'failed',
      text: expect.stringMatching(/may read the repository but not make changes to it.*Contents: Read and write/s),
    });
    expect(await page.locator('input[name="token"]').inputValue()).toBe('');
    expectNoToken(await page.content());

    const elsewhere = editor.stack.remote.url.replace(/site\.git$/, 'no-such-site.git');
    const missing = await connect(page, { repository: elsewhere, token: TEST_TOKEN });
    expect(missing).toEqual({ state: 'failed', text: expect.stringMatching(/There is no repository at .*no-such-site\.git/) });
    expect(await page.locator('input[name="repository"]').inputValue()).toBe(elsewhere);
    expect(await page.locator('input[name="token"]').inputValue()).toBe('');
    expectNoToken(await page.content());

    const notHttps = await connect(page, { repository: 'http://github.com/you/portfolio', token: TEST_TOKEN });
    expect(notHttps).toEqual({ state: 'failed', text: expect.stringMatching(/must start with https:\/\//) });

    expect(remoteHead(editor.stack.remote)).toBe(head);
    await page.goto(`${editor.url}/admin/publishing`);
    expect(await page.locator('[data-publishing-state]').getAttribute('data-publishing-state')).toBe('not-connected');
  });

  it.each(['light', 'dark'] as const)(
    'with an answer shown, has no axe violations and nothing wider than a 375 px phone (%s)',
    async (colorScheme) => {
      const page = await signedIn(true, { dark: colorScheme === 'dark', width: 375 });
      expect((await connect(page, { token: WRONG_TOKEN })).state).toBe('failed');
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    },
  );

  it('without JavaScript, a good token connects, and the page never shows it again', async () => {
    const page = await signedIn(false);
    const result = await connect(page, { repository: editor.stack.remote.url, token: TEST_TOKEN }, false);
    expect(result).toEqual({ state: 'connected', text: expect.stringContaining(editor.stack.remote.url) });
    expect(await page.locator('input[name="token"]').inputValue()).toBe('');
    expectNoToken(await page.content());

    await page.goto(`${editor.url}/admin/publishing`);
    expect(await page.locator('[data-publishing-state]').getAttribute('data-publishing-state')).toBe('connected');
    const shown = await page.locator('[data-publishing-state]').innerText();
    expect(shown).toContain(editor.stack.remote.url);
    expect(shown).toContain('main');
    expect(shown).toMatch(/Disconnect/);
    // The page, its data as the browser fetches it on navigation, and the overview.
    for (const url of ['/admin/publishing', '/admin/publishing.data', '/admin', '/admin/content']) {
      const response = await page.request.get(`${editor.url}${url}`);
      expect(response.status()).toBe(200);
      expectNoToken(await response.text());
    }
    const row = await editor.stack.db.query<{ token_sealed: string }>('SELECT token_sealed FROM publishing_connection');
    expect(row).toHaveLength(1);
    expect(at(row, 0, 'the stored connection').token_sealed).not.toContain(TEST_TOKEN);
  });

  it('once connected, a publish lands in the repository', async () => {
    const page = await signedIn();
    const head = remoteHead(editor.stack.remote);
    await page.goto(`${editor.url}/admin/content/site.yml`);
    const name = page.locator('input[name="name"]');
    await name.waitFor();
    const renamed = `${await name.inputValue()} Studio`;
    await name.fill(renamed);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const result = await waitForSaveResult(page);
    expect(result.status).toBe('published');
    expect(remoteHead(editor.stack.remote)).not.toBe(head);
    expect(remoteHead(editor.stack.remote)).toBe(result.commit);
    expect(remoteFile(editor.stack.remote, 'content/site.yml')).toContain(renamed);
  });

  it('the overview warns from 14 days before the token expires, in stronger words once it has, and links to Publishing', async () => {
    const page = await signedIn();
    const warning = page.locator('[data-token-expiry]');
    await editor.stack.db.query(`UPDATE publishing_connection SET token_expires_at = now() + interval '20 days'`);
    await page.goto(`${editor.url}/admin`);
    await page.locator('h1', { hasText: 'Overview' }).waitFor();
    expect(await warning.count()).toBe(0);
    await editor.stack.db.query(`UPDATE publishing_connection SET token_expires_at = now() + interval '10 days'`);
    await page.goto(`${editor.url}/admin`);
    expect(await warning.getAttribute('data-token-expiry')).toBe('soon');
    expect(await warning.innerText()).toMatch(/expires in 10 days/);
    expect(await warning.locator('a').getAttribute('href')).toBe('/admin/publishing');
    await editor.stack.db.query(`UPDATE publishing_connection SET token_expires_at = now() - interval '1 day'`);
    await page.goto(`${editor.url}/admin`);
    expect(await warning.getAttribute('data-token-expiry')).toBe('expired');
    expect(await warning.innerText()).toMatch(/Publishing has stopped/);
    await editor.stack.db.query(`UPDATE publishing_connection SET token_expires_at = NULL`);
  });

  it('Disconnect forgets the token, and the editor is read-only again', async () => {
    const page = await signedIn(false);
    await page.goto(`${editor.url}/admin/publishing`);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.waitForURL(`${editor.url}/admin/publishing`);
    expect(await page.locator('[data-publishing-state]').getAttribute('data-publishing-state')).toBe('not-connected');
    expect(await editor.stack.db.query('SELECT 1 FROM publishing_connection')).toEqual([]);
    await page.goto(`${editor.url}/admin/content`);
    expect(await page.locator('[data-read-only] a[data-fix-publishing]').getAttribute('href')).toBe('/admin/publishing');
  });

  it('no token ever reached the server’s output', () => {
    expect(editor.stack.server.output().length).toBeGreaterThan(0);
    expectNoToken(editor.stack.server.output());
  });
});
