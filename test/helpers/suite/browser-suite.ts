import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { closeAll, launchBrowser, openPage, type TrackedPage } from '../start/browser';

/** A flow the owner or a visitor goes through both ways, as every form must work: for describe.each / it.each, `%s` the way. */
export const WITHOUT_AND_WITH_JAVASCRIPT = [
  ['without JavaScript', false],
  ['with JavaScript', true],
] as const;

/** A browser test file's Chromium and every page its tests opened (see useBrowser). */
export type BrowserSuite = {
  /** The browser itself, for what `open` does not cover (launched before the file's tests). */
  readonly browser: Browser;
  /** Every page opened since the start or the last closePages(), oldest first. */
  readonly opened: readonly TrackedPage[];
  /** A page in a fresh context: the file's defaults, then the test's own options over them. */
  open(options?: BrowserContextOptions): Promise<TrackedPage>;
  /** Shorthand for `(await open(options)).page`. */
  openPage(options?: BrowserContextOptions): Promise<Page>;
  /** The console errors and uncaught page errors of those pages, but those `allowed` matches (answers a test means to cause). */
  errors(allowed?: RegExp): string[];
  /** Closes every page opened so far (a file that gives each test a clean slate calls it in afterEach). */
  closePages(): Promise<void>;
};

/** How a file uses its pages: each test's closed after it (and, with failOnConsoleErrors, none may have logged an error). */
export type PageOptions = { pagePerTest?: boolean; failOnConsoleErrors?: boolean };

/**
 * For a browser test file: its browser (launchBrowser: in a test run, the
 * run's one Chromium) before its tests and, after them, every page they
 * opened closed and the browser let go. `defaults` are the file's own
 * context options (a viewport, a user agent…), under the 1280×800 of
 * openPage. With `pagePerTest`, each test's pages are closed after it, and
 * with `failOnConsoleErrors` a console error or uncaught page error on one
 * of them fails the test. What the file starts besides (a server, a
 * database) it stops in its own afterAll.
 */
export function useBrowser(
  defaults: BrowserContextOptions = {},
  { pagePerTest = false, failOnConsoleErrors = false }: PageOptions = {},
): BrowserSuite {
  let browser: Browser | undefined;
  const opened: TrackedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => closeAll(opened.splice(0), browser));
  if (pagePerTest || failOnConsoleErrors) {
    afterEach(async () => {
      const closing = opened.splice(0);
      const errors = closing.flatMap((page) => page.errors());
      await closeAll(closing);
      if (failOnConsoleErrors) expect(errors, 'console errors').toEqual([]);
    });
  }
  const suite: BrowserSuite = {
    get browser() {
      if (!browser) throw new Error('the browser is launched in beforeAll: use it in a hook or a test');
      return browser;
    },
    opened,
    async open(options = {}) {
      const tracked = await openPage(suite.browser, { ...defaults, ...options });
      opened.push(tracked);
      return tracked;
    },
    async openPage(options = {}) {
      return (await suite.open(options)).page;
    },
    errors(allowed) {
      return opened.flatMap((page) => page.errors()).filter((error) => !allowed?.test(error));
    },
    closePages() {
      return closeAll(opened.splice(0));
    },
  };
  return suite;
}
