import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { readDocument } from '~/editing/documents/frontmatter.server';
import { CONTENT_DIR, ROOT } from '../data/content';

/**
 * The body editor in Chromium through the edit form's contract selectors only
 * (editor-plan.md), so the tests hold once the lead's real route replaces the
 * stand-in: `[data-mdx-body]`, `textarea[data-body-source]`, `[data-block]`,
 * the contenteditable.
 */

/**
 * Every MDX file the round trip opens: the content under test (the sample
 * fixture by default, test/helpers/data/content.ts), then the fixture case
 * studies, as `/admin/content/<path>` paths (where the editor stack seeds them).
 */
export function editableFiles(): { url: string; file: string; body: string }[] {
  const found: { url: string; file: string; body: string }[] = [];
  const walk = (dir: string, under: string, as: string) => {
    for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
      const rel = under ? `${under}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(dir, rel, as);
      else if (entry.name.endsWith('.mdx')) {
        const file = path.join(dir, rel);
        found.push({
          url: `/admin/content/${as}${rel}`,
          file: path.relative(ROOT, file),
          body: readDocument(readFileSync(file, 'utf8'), 'mdx').body,
        });
      }
    }
  };
  walk(CONTENT_DIR, '', '');
  walk(path.join(ROOT, 'test/fixtures/case-studies'), '', 'case-studies/');
  return found;
}

/** Collects CSP violations from the start of every document the page loads. */
export async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}

export const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

/** Opens a file in the editor and waits until the visual editor has loaded it (and written its export to the field). */
export async function openEditor(page: Page, url: string) {
  await page.goto(url);
  await page.locator('[data-mdx-body][data-body-editor="ready"] [contenteditable="true"]').first().waitFor();
}

export const bodyValue = (page: Page) => page.locator('textarea[data-body-source]').inputValue();

/** The numbers of the lines that differ, for two texts with the same number of lines. */
export function changedLines(before: string, after: string): number[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) throw new Error(`line count changed: ${a.length} → ${b.length}\n${after}`);
  return a.flatMap((line, i) => (line === b[i] ? [] : [i + 1]));
}

/** Selects `word` inside the editor's paragraph that reads `paragraph`, so typing replaces it. */
export const selectWord = (page: Page, paragraph: string, word: string) => selectInParagraph(page, paragraph, word, false);

/** Puts the caret right after `word` inside the editor's paragraph that reads `paragraph`. */
export const caretAfter = (page: Page, paragraph: string, word: string) => selectInParagraph(page, paragraph, word, true);

async function selectInParagraph(page: Page, paragraph: string, word: string, collapsed: boolean) {
  const target = page.locator('[data-mdx-body] [contenteditable="true"] p', { hasText: paragraph }).first();
  await target.click();
  await page.evaluate(
    ({ paragraph, word, collapsed }) => {
      const p = [...document.querySelectorAll('[data-mdx-body] [contenteditable="true"] p')].find((el) =>
        el.textContent?.includes(paragraph),
      )!;
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(word);
        if (at === -1) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        if (collapsed) range.collapse(false);
        // The editor takes the selection from the document's selectionchange event, a task later: a key
        // pressed before then acts where the click left the caret. So this waits for the event, and a frame.
        const taken = new Promise<void>((resolve) => {
          const done = () => requestAnimationFrame(() => resolve());
          document.addEventListener('selectionchange', done, { once: true });
          setTimeout(done, 2_000);
        });
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        return taken;
      }
      throw new Error(`"${word}" not in the paragraph`);
    },
    { paragraph, word, collapsed },
  );
}

/**
 * Answers the open image dialog: the file (a path on disk, or its bytes), its
 * alt text (and caption), then Upload and insert; waits until it has closed,
 * or opened afresh for the next image (an empty alt text).
 */
export async function uploadInImageDialog(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
  alt: string,
  { caption, timeoutMs = 30_000 }: { caption?: string; timeoutMs?: number } = {},
) {
  const dialog = page.locator('form[data-image-dialog]');
  await dialog.waitFor();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByLabel('Alt text').fill(alt);
  if (caption) await dialog.getByLabel('Caption (optional)').fill(caption);
  await dialog.getByRole('button', { name: 'Upload and insert' }).click();
  await page.waitForFunction(
    () => !document.querySelector<HTMLTextAreaElement>('form[data-image-dialog] textarea[name="alt"]')?.value,
    null,
    { timeout: timeoutMs },
  );
}
