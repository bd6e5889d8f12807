import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
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
