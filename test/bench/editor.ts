import path from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchBrowser } from '../helpers/start/browser';
import { signInPage } from '../helpers/site/owner-session';
import { startOwnerStack } from '../helpers/suite/owner-stack';
import { firstLoadBytes, type Transfer } from './first-load-bytes';
import { median } from './stats';

/**
 * The editor page's figures (docs/decisions/editor-budgets.md): the JavaScript it loads,
 * gzipped, with the lazily loaded editor chunk, at most 450 KB; and the time
 * from navigation to an editor that can be typed in (median of several cold
 * loads), at most 2 s. Plus the public pages' JavaScript, file by file, to
 * show it is the same before and after the editor.
 */

export const EDITOR_LIMITS = { jsGzipKB: 450, readyMs: 2000 };
export const PUBLIC_PAGES = ['/', '/resume', '/case-study/office-depot'];

export type EditorFigures = {
  path: string;
  /** Every script the page loads by the time the editor is ready, gzipped, in KB. */
  jsGzipKB: number;
  /** Of which the editor's lazily loaded chunks (not in the page's first HTML). */
  lazyGzipKB: number;
  scripts: { url: string; kb: number }[];
  readyMs: number[];
  medianReadyMs: number;
};

/** A context with the owner's session (from `signedIn`), asking for gzip only as first-load-bytes.ts does. */
const coldContext = (browser: Browser, storageState: BrowserContextOptions['storageState']) =>
  browser.newContext({ storageState, viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

// Recorded in the page from its very start: when a ready editor's contenteditable is in the document.
// A string, not a function: tsx would wrap the inner functions in a `__name` helper the page does not have.
const WATCH_READY = `(() => {
  const check = () => {
    if (window.__editorReady === undefined && document.querySelector('[data-body-editor="ready"] [contenteditable="true"]')) window.__editorReady = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-body-editor', 'contenteditable'] });
})();`;

// The editor's bundle (scripts/editor-bundle.ts) is always lazy: its URL is in the page only as loader data.
const isLazy = (pathname: string, html: string) => pathname.startsWith('/build/editor/') || !html.includes(pathname);

export async function measureEditor(
  browser: Browser,
  origin: string,
  storageState: BrowserContextOptions['storageState'],
  editPath: string,
  runs = 7,
): Promise<EditorFigures> {
  const readyMs: number[] = [];
  let scripts: { url: string; kb: number; lazy: boolean }[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await coldContext(browser, storageState);
    const page = await context.newPage();
    await page.addInitScript(WATCH_READY);
    const sizes: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize })));
    });
    const response = await page.goto(origin + editPath);
    await page
      .waitForFunction(() => (window as unknown as { __editorReady?: number }).__editorReady !== undefined, undefined, { timeout: 30_000 })
      .catch(async (error) => {
        throw new Error(
          `the editor at ${page.url()} was not ready: ${await page
            .locator('[data-mdx-body]')
            .getAttribute('data-body-editor')
            .catch(() => 'no [data-mdx-body]')}`,
          { cause: error },
        );
      });
    readyMs.push(await page.evaluate(() => (window as unknown as { __editorReady: number }).__editorReady));
    if (run === 0) {
      // The scripts the server's HTML names (module preloads, the entry) load with the page; the rest came later, lazily.
      const html = (await response?.text()) ?? '';
      await page.waitForLoadState('networkidle');
      scripts = (await Promise.all(sizes)).map(({ url, bytes }) => ({
        url: new URL(url).pathname,
        kb: bytes / 1024,
        lazy: isLazy(new URL(url).pathname, html),
      }));
    }
    await context.close();
  }
  const total = (list: { kb: number }[]) => Math.round(list.reduce((sum, s) => sum + s.kb, 0) * 10) / 10;
  return {
    path: editPath,
    jsGzipKB: total(scripts),
    lazyGzipKB: total(scripts.filter((s) => s.lazy)),
    scripts: scripts.map(({ url, kb }) => ({ url, kb: Math.round(kb * 10) / 10 })).sort((a, b) => b.kb - a.kb),
    readyMs: readyMs.map(Math.round),
    medianReadyMs: Math.round(median(readyMs)),
  };
}

/** The public pages' scripts, by file name and gzipped size: compare two builds with it. */
export async function publicPagesJs(
  browser: Browser,
  origin: string,
  pages = PUBLIC_PAGES,
): Promise<Record<string, { url: string; bytes: number }[]>> {
  const result: Record<string, { url: string; bytes: number }[]> = {};
  for (const page of pages) {
    const { transfers } = await firstLoadBytes(browser, origin + page);
    result[page] = transfers
      .filter((t: Transfer) => t.kind === 'js')
      .map((t) => ({ url: new URL(t.url).pathname, bytes: t.bytes }))
      .sort((a, b) => a.url.localeCompare(b.url));
  }
  return result;
}

export const EDIT_PAGES = ['/admin/content/case-studies/office-depot.mdx', '/admin/content/resume.mdx'];

/**
 * The built server on a PostgreSQL of its own, the owner signed in once, and
 * `work` given the browser, the server's origin and the session.
 */
export async function withSignedInOwner<T>(
  work: (browser: Browser, origin: string, storageState: BrowserContextOptions['storageState']) => Promise<T>,
): Promise<T> {
  const password = 'bench editor password';
  const stack = await startOwnerStack(password);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInPage(page, stack.server.url, password);
    const storageState = await context.storageState();
    await context.close();
    return await work(browser, stack.server.url, storageState);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/** `npx tsx test/bench/editor.ts [origin of another build]`: the figures as JSON. */
async function main() {
  await withSignedInOwner(async (browser, origin, storageState) => {
    const editors = [];
    for (const editPath of EDIT_PAGES) editors.push(await measureEditor(browser, origin, storageState, editPath));
    const publicJs = await publicPagesJs(browser, origin);
    // Another build's server (say, main before the editor) to compare the public pages with.
    const baseline = process.argv[2] ? await publicPagesJs(browser, process.argv[2]) : undefined;
    const samePublicJs = baseline ? JSON.stringify(baseline) === JSON.stringify(publicJs) : undefined;
    console.log(JSON.stringify({ limits: EDITOR_LIMITS, editors, publicJs, baseline, samePublicJs }, null, 2));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
