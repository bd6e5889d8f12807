// @module-tag slow
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { resumeFrontmatterSchema } from '~/content/schema';
import { readDocument } from '~/editing/documents/frontmatter.server';
import { waitForReady } from '../helpers/site/e2e';
import { committedSiteFiles, startEditorStackOn } from '../helpers/suite/editor-stack';
import { changedLines } from '../helpers/data/content-files';
import { remoteFile, remoteHead } from '../helpers/start/git-remote';
import { waitForSaveResult } from '../helpers/site/live-site';
import { commitOnRemote } from '../helpers/start/git-remote';
import { useEditorSuite } from '../helpers/suite/editor-suite';

/**
 * The resume published through its form, in Chromium, against the built
 * server in remote mode and a real git remote that holds a fixture
 * designer's resume (test/fixtures/forms/resume.mdx): unchanged is no
 * commit, one headline is one line, a bullet added and one removed (with
 * and without JavaScript) are those lines only. Also: signing in returns to
 * the page asked for, and a refused publish keeps the message typed for it.
 */

const RESUME = 'content/resume.mdx';
const FIXTURE = readFileSync(path.resolve(import.meta.dirname, '../fixtures/forms/resume.mdx'), 'utf8');
const PASSWORD = 'resume form test password';
const SHOTS = path.join(os.tmpdir(), 'editor-forms-screenshots');

// Each test signs in, publishes over git and waits for Chromium: a busy machine's bound, not a pace.
vi.setConfig({ testTimeout: 240_000 });

const editor = useEditorSuite(() =>
  startEditorStackOn(
    { ...committedSiteFiles({ fixtures: true }), [RESUME]: FIXTURE },
    { password: PASSWORD, author: 'Riley Fixture <riley@example.com>' },
  ),
);
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const signedIn = (javaScriptEnabled = true): Promise<Page> => editor.signedIn({ javaScriptEnabled });

const resumeIsValid = (text: string) => resumeFrontmatterSchema.safeParse(parseYaml(readDocument(text, 'mdx').yaml)).success;

async function openResume(page: Page, javaScriptEnabled: boolean) {
  await page.goto(`${editor.url}/admin/content/resume.mdx`);
  if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.classList.contains('js'));
}

async function publish(page: Page, message?: string) {
  if (message !== undefined) await page.locator('#commit-message').fill(message);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  return waitForSaveResult(page);
}

describe('the resume’s form', () => {
  it('names every bullet and skill by its path, with the fixture’s words', async () => {
    const page = await signedIn();
    await openResume(page, true);
    expect(await page.locator('[name="experience.0.bullets.2"]').inputValue()).toBe(
      'Led a design system shared by three squads: one library, "Skerry", for web and app.',
    );
    expect(await page.locator('[name="experience.1.bullets.1"]').inputValue()).toBe('Ran monthly usability sessions with field engineers.');
    expect(await page.locator('[name="skills.1.items.0"]').inputValue()).toBe('Field studies');
    expect(await page.locator('[name="experience.0.bullets"], [name="skills.1.items"]').count()).toBe(0);
    expect(await page.locator('[data-list="experience.1.bullets"] [data-list-item]').count()).toBe(2);
    for (const [width, scheme] of [
      [1280, 'light'],
      [375, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.locator('[data-list="experience.0.bullets"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `resume-form-${width}-${scheme}.png`) });
    }
  });

  it('published unchanged: no commit, "unchanged"', async () => {
    const page = await signedIn();
    const head = remoteHead(editor.stack.remote);
    await openResume(page, true);
    expect((await publish(page)).status).toBe('unchanged');
    expect(remoteHead(editor.stack.remote)).toBe(head);
    expect(remoteFile(editor.stack.remote, RESUME)).toBe(FIXTURE);
  });

  it('one headline changed: one commit that changes that line only, its quoting kept', async () => {
    const page = await signedIn();
    const before = remoteFile(editor.stack.remote, RESUME);
    await openResume(page, true);
    await page.locator('[name="headline"]').fill('Design lead, maps and mobility');
    const result = await publish(page, 'A shorter headline');
    expect(result.status).toBe('published');
    expect(editor.stack.remote.git('log', '-1', '--format=%s', result.commit!)).toBe('A shorter headline');
    expect(changedLines(before, remoteFile(editor.stack.remote, RESUME))).toEqual([
      '-headline: "Principal Product Designer, maps and mobility"',
      '+headline: "Design lead, maps and mobility"',
    ]);
  });

  it.each([
    [
      'without JavaScript',
      false,
      'experience.1.bullets',
      'Mapped 30 substations with the field teams.',
      'experience.0.bullets.1',
      '      - Set up a research panel of 140 commuters along the western coast.',
    ],
    ['with JavaScript', true, 'skills.0.items', 'Service blueprints', 'skills.1.items.1', '      - Diary studies'],
  ] as const)(
    'a text added to one list and another removed, %s: those lines only',
    async (_name, javaScriptEnabled, list, typed, removed, removedLine) => {
      const page = await signedIn(javaScriptEnabled);
      const before = remoteFile(editor.stack.remote, RESUME);
      await openResume(page, javaScriptEnabled);
      const items = page.locator(`[data-list="${list}"] > ol > [data-list-item]`);
      const count = await items.count();
      await page.locator(`button[value="list:add:${list}"]`).click();
      const added = page.locator(`[name="${list}.${count}"]`);
      await added.waitFor({ timeout: 30_000 });
      expect(await items.count()).toBe(count + 1);
      await added.fill(typed);
      // Removing posts the form too: the text just typed is kept, and the items after the removed one take its place.
      const removedList = removed.replace(/\.\d+$/, '');
      const left = page.locator(`[data-list="${removedList}"] > ol > [data-list-item]`);
      const [leftBefore, removedText] = [await left.count(), await page.locator(`[name="${removed}"]`).inputValue()];
      expect(`      - ${removedText}`).toBe(removedLine);
      await page.locator(`button[value="list:remove:${removed}"]`).click();
      await expect.poll(() => left.count(), { timeout: 30_000 }).toBe(leftBefore - 1);
      expect(
        await page
          .locator(`[data-list="${removedList}"] textarea`)
          .evaluateAll((all) => all.map((field) => (field as HTMLTextAreaElement).value)),
      ).not.toContain(removedText);
      expect(await page.locator(`[name="${list}.${count}"]`).inputValue()).toBe(typed);
      const result = await publish(page);
      expect(result.status).toBe('published');
      const after = remoteFile(editor.stack.remote, RESUME);
      expect(changedLines(before, after).filter((line) => line.startsWith('-'))).toEqual([`-${removedLine}`]);
      expect(changedLines(before, after).filter((line) => line.startsWith('+'))).toEqual([`+      - ${typed}`]);
      expect(resumeIsValid(after)).toBe(true);
    },
  );
});

describe('a refused publish keeps the message typed for it', () => {
  it('invalid (a required field emptied), with JavaScript', async () => {
    const page = await signedIn();
    const head = remoteHead(editor.stack.remote);
    await openResume(page, true);
    await page.locator('[name="location"]').fill('');
    const result = await publish(page, 'Moved to the coast');
    expect(result.status).toBe('invalid');
    expect(await page.locator('#commit-message').inputValue()).toBe('Moved to the coast');
    expect(remoteHead(editor.stack.remote)).toBe(head);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.waitForURL(/discarded=1/);
  });

  it('a conflict (changed elsewhere meanwhile), without JavaScript; then published with it', async () => {
    const page = await signedIn(false);
    await openResume(page, false);
    await page.locator('[name="location"]').fill('Bodø, Norway');
    const elsewhere = remoteFile(editor.stack.remote, RESUME).replace(/^location: .*$/m, 'location: Narvik, Norway');
    commitOnRemote(editor.stack.remote, { [RESUME]: elsewhere });
    const result = await publish(page, 'Moved north');
    expect(result.status).toBe('conflict');
    expect(await page.locator('#commit-message').inputValue()).toBe('Moved north');
    // Keeping hers says that it replaces the other change.
    expect(await page.locator('[data-save-result] [data-conflict-field="Location"] [data-published]').innerText()).toMatch(
      /Narvik, Norway$/,
    );
    expect(await page.locator('[data-save-result] [data-replaces]').innerText()).toMatch(
      /replaces the published version: the changes made there are undone/,
    );
    await page.getByRole('button', { name: 'Keep my version instead' }).click();
    await page.waitForURL(/kept-mine=1/);
    const published = await publish(page, 'Moved north');
    expect(published.status).toBe('published');
    expect(editor.stack.remote.git('log', '-1', '--format=%s', published.commit!)).toBe('Moved north');
    expect(remoteFile(editor.stack.remote, RESUME)).toMatch(/^location: Bodø, Norway$/m);
    // Published: the box starts empty for the next change.
    expect(await page.locator('#commit-message').inputValue()).toBe('');
  });
});

describe('signing in returns to the page asked for', () => {
  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ] as const)('from /admin/content/resume.mdx, %s', async (_name, javaScriptEnabled) => {
    const page = await editor.chromium.openPage({ javaScriptEnabled });
    await page.goto(`${editor.url}/admin/content/resume.mdx`);
    await page.waitForURL(/\/admin\/sign-in\?next=%2Fadmin%2Fcontent%2Fresume\.mdx$/);
    if (javaScriptEnabled) await waitForReady(page);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${editor.url}/admin/content/resume.mdx`);
    await page.locator('[name="experience.0.bullets.0"]').waitFor({ timeout: 60_000 });
  });

  it.each(['//evil.example/admin', '/\\evil.example', 'https://evil.example/admin', '/%2F%2Fevil.example', '/resume'])(
    'never elsewhere: next=%s goes to /admin',
    async (next) => {
      const response = await fetch(`${editor.url}/admin/sign-in?next=${encodeURIComponent(next)}`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ password: PASSWORD }),
        headers: { origin: editor.url, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/admin');
    },
  );
});
