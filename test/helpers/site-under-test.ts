import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, openPage, type TrackedPage } from './browser';
import { startServer, type RunningServer } from './server';

export type SiteUnderTest = { server: RunningServer; browser: Browser; url: string };

/**
 * For a browser test file: starts the built production server and Chromium
 * before its tests (handing both to `receive`) and stops them after.
 */
export function useSiteAndBrowser(receive: (site: SiteUnderTest) => void, env: Record<string, string> = {}): void {
  let site: SiteUnderTest | undefined;
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
    site = { server, browser, url: server.url };
    receive(site);
  });
  afterAll(async () => {
    await site?.browser.close();
    await site?.server.stop();
  });
}

/**
 * For a browser test file: `open()` gives the test a page in a fresh context,
 * closed after the test. With `failOnConsoleErrors`, a console error or an
 * uncaught page error during the test fails it.
 */
export function usePagePerTest(browser: () => Browser, { failOnConsoleErrors = false } = {}) {
  let tracked: TrackedPage | undefined;
  afterEach(async () => {
    const errors = tracked?.errors() ?? [];
    await tracked?.close();
    tracked = undefined;
    if (failOnConsoleErrors) expect(errors, 'console errors').toEqual([]);
  });
  return async function open(options: BrowserContextOptions = {}): Promise<Page> {
    tracked = await openPage(browser(), options);
    return tracked.page;
  };
}
