// @module-tag slow
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOK } from '~/look/look';
import { lookCss } from '~/look/look-css';
import { remoteFile } from '../helpers/start/git-remote';
import { liveWithin, publishAndWait, text } from '../helpers/site/live-site';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * A publish that changes her look is live without a build: the built server
 * against a real git remote, the designer setting an accent and a forced
 * dark scheme in Site details (without JavaScript, the form as it posts),
 * and a visitor's next request gets the new inline style and the dark page,
 * within the same bound as any published change (liveWithin).
 */

const editor = useEditor({ password: 'look publish password' });
const signedIn = (): Promise<Page> => editor.signedIn({ javaScriptEnabled: false });

describe('publishing a look', () => {
  it('an accent and a forced dark scheme reach the home page and the resume, with no build', async () => {
    const before = await text(`${editor.url}/`);
    expect(before.body).not.toContain('<style data-look');

    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content/site.yml`);
    await page.locator('input[name="look.accent"]').fill('#0d9488');
    await page.locator('select[name="look.scheme"]').selectOption('dark');
    const published = await publishAndWait(page);
    expect(published.status, published.message).toBe('published');
    const yaml = remoteFile(editor.stack.remote, 'content/site.yml');
    expect(yaml).toMatch(/look:\n {2}accent: ['"]?#0d9488['"]?\n {2}scheme: dark\n/);

    const css = lookCss({ ...DEFAULT_LOOK, accent: '#0d9488', scheme: 'dark' });
    for (const at of ['/', '/resume']) {
      await liveWithin(
        published,
        async () => {
          const { body } = await text(`${editor.url}${at}`);
          return body.includes(`<style data-look="">${css}</style>`) && body.includes('data-scheme="dark"');
        },
        `${at} wears the published look`,
      );
    }
  }, 300_000);
});
