import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SHARED_CHROMIUM_ENV } from '../helpers/start/browser';

/**
 * One Chromium for the whole run, instead of one a file: a browser server
 * that every browser test file connects to (launchBrowser() in
 * test/helpers/start/browser.ts reads its address from the environment the
 * workers inherit). Each test still gets pages in contexts of its own, which
 * share no cookies, storage or cache. A file's `browser.close()` only
 * disconnects it.
 */
export default async function setup() {
  if (process.env[SHARED_CHROMIUM_ENV]) return;
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  process.env[SHARED_CHROMIUM_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_CHROMIUM_ENV];
    await server.close();
  };
}
