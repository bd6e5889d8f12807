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
 * For a browser test file: `open()` gives the test a page in a fresh context;
 * `openTracked()` gives the same with its console record, for tests that read
 * it. Opening again closes the test's previous page; the last one is closed
 * after the test. With `failOnConsoleErrors`, a console error or an uncaught
 * page error on any page the test opened fails it.
 */
export function usePagePerTest(browser: () => Browser, { failOnConsoleErrors = false } = {}) {
  let tracked: TrackedPage | undefined;
  let errorsOfClosedPages: string[] = [];
  async function closeCurrent() {
    errorsOfClosedPages.push(...(tracked?.errors() ?? []));
    await tracked?.close();
    tracked = undefined;
  }
  afterEach(async () => {
    await closeCurrent();
    const errors = errorsOfClosedPages;
    errorsOfClosedPages = [];
    if (failOnConsoleErrors) expect(errors, 'console errors').toEqual([]);
  });
  async function openTracked(options: BrowserContextOptions = {}): Promise<TrackedPage> {
    await closeCurrent();
    tracked = await openPage(browser(), options);
    return tracked;
  }
  async function open(options: BrowserContextOptions = {}): Promise<Page> {
    return (await openTracked(options)).page;
  }
  return { open, openTracked };
}
