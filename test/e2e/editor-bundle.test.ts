import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/data/content';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * The body editor's code (MDXEditor, Lexical) is built apart from Remix's
 * build (scripts/editor-bundle.ts) and loaded only by the edit page, once it
 * has hydrated (docs/decisions/public-pages-untouched-by-the-owner.md). A
 * public page's scripts hold none of it; the edit page imports
 * /build/editor/…, the URL the build wrote for its loader. (That the public
 * pages' files are byte for byte those of before the editor is checked with
 * test/bench/first-load-bytes.ts on a build of each commit.)
 */

// Strings of Lexical and MDXEditor that survive minification (DOM attributes, class names, expando keys).
const EDITOR_MARKS = ['data-lexical-editor', '__lexicalKey', 'mdxeditor-root-contenteditable'];
const PUBLIC_PAGES = ['/', '/resume', '/case-study/office-depot', '/privacy'];
const BUILD = path.join(ROOT, 'public/build');

const marksIn = (source: string) => EDITOR_MARKS.filter((mark) => source.includes(mark));

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? jsFiles(full) : entry.name.endsWith('.js') ? [full] : [];
  });
}

const editorUrl = (): string => (JSON.parse(readFileSync(path.join(ROOT, '.generated/editor-bundle.json'), 'utf8')) as { url: string }).url;

describe('the build', () => {
  it('writes the editor under public/build/editor, with the marks this test looks for (or the checks below prove nothing)', () => {
    expect(editorUrl()).toMatch(/^\/build\/editor\/editor-[A-Z0-9]+\.js$/);
    const editor = jsFiles(path.join(BUILD, 'editor'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(marksIn(editor)).toEqual(EDITOR_MARKS);
  });

  it("puts none of the editor's code in Remix's build (every other script under public/build)", () => {
    const offenders = jsFiles(BUILD)
      .filter((file) => !file.startsWith(path.join(BUILD, 'editor') + path.sep))
      .filter((file) => marksIn(readFileSync(file, 'utf8')).length > 0);
    expect(offenders).toEqual([]);
  });
});

describe('in Chromium', () => {
  const editor = useEditor({ password: 'owner password for the editor bundle' });

  it.each(PUBLIC_PAGES)('%s loads no editor code', async (page) => {
    const context = await editor.chromium.browser.newContext();
    try {
      const tab = await context.newPage();
      const scripts: string[] = [];
      tab.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      await tab.goto(editor.url + page, { waitUntil: 'networkidle' });
      // Hydration starts once the page has loaded and painted (deferred-hydration.server.ts): on a page with
      // many images, after the network first went quiet. Wait for its modules, then for them all.
      await expect.poll(() => scripts.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await tab.waitForLoadState('networkidle');
      expect(scripts.filter((url) => new URL(url).pathname.startsWith('/build/editor/'))).toEqual([]);
      for (const url of scripts) {
        const source = await (await fetch(url)).text();
        expect(marksIn(source), url).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('the edit page imports /build/editor/… once it has hydrated, and the editor opens', async () => {
    const { page, close, errors } = await editor.signedInTracked();
    try {
      const editorScripts: string[] = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith('/build/editor/')) editorScripts.push(pathname);
      });
      await page.goto(`${editor.url}/admin/content/case-studies/office-depot.mdx`);
      await page.locator('[data-mdx-body][data-body-editor="ready"] [contenteditable="true"]').first().waitFor();
      expect(editorScripts).toContain(editorUrl());
      // No second React: the editor's hooks run on the page's (an invalid hook call would log an error).
      expect(errors()).toEqual([]);
    } finally {
      await close();
    }
  });
});
