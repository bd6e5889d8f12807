import { rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';

/**
 * Chromium's own report that it skipped a cross-document view transition (the
 * page it led to was hidden or replaced before it could draw): the new page
 * simply shows without the cross-fade. No code of the site's holds that
 * transition, so nothing of ours can fail there.
 */
const SKIPPED_TRANSITION = /^(InvalidStateError: )?Transition was aborted because of invalid state/;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A desktop Chrome's user agent: headless Chromium's own says HeadlessChrome, which isbot (and so the insights) treats as a bot. */
export const DESKTOP_CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Debian's Chromium (.ci/run installs it): never a browser a test tool downloads. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Where the run's one Chromium listens (test/setup/chromium.ts), for the test workers, which inherit the environment. */
export const SHARED_CHROMIUM_ENV = 'PORTFOLIO_TEST_CHROMIUM';

/**
 * A browser: in a test run, a connection to the run's one Chromium (its
 * close() only disconnects); elsewhere (the benchmarks, the screenshots), a
 * Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export type TrackedPage = {
  page: Page;
  /** Every console message, in order. */
  messages: ConsoleMessage[];
  /** console.error messages and uncaught page errors. */
  errors: () => string[];
  close: () => Promise<void>;
};

/**
 * A page in a fresh context that records console output and page errors, so
 * tests can assert there were none.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const messages: ConsoleMessage[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message) => messages.push(message));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return {
    page,
    messages,
    errors: () =>
      [...messages.filter((m) => m.type() === 'error').map((m) => m.text()), ...pageErrors].filter(
        (text) => !SKIPPED_TRANSITION.test(text),
      ),
    close: () => context.close(),
  };
}

/**
 * Something a test file started, to end in its afterAll: a database cluster
 * (destroy: stopped and removed), a server or stack (stop), a browser or git
 * remote (close), a pool (end), or a scratch folder's path (removed).
 */
export type Started =
  | { destroy(): Promise<unknown> }
  | { stop(): Promise<unknown> }
  | { close(): Promise<unknown> }
  | { end(): Promise<unknown> }
  | string
  | undefined;

/**
 * A browser test file's afterAll: its pages first, then what it started, one
 * after the other in the order given (a pool before its database, a server
 * before its remote). What beforeAll never got to start is undefined and skipped.
 */
export async function closeAll(pages: TrackedPage[], ...started: Started[]): Promise<void> {
  for (const page of pages) await page.close();
  for (const thing of started) {
    if (thing === undefined) continue;
    if (typeof thing === 'string') rmSync(thing, { recursive: true, force: true });
    else if ('destroy' in thing) await thing.destroy();
    else if ('stop' in thing) await thing.stop();
    else if ('close' in thing) await thing.close();
    else await thing.end();
  }
}

/** An afterAll for what a file started, when its pages are closed elsewhere (useBrowser): see closeAll. */
export function stopAll(...started: Started[]): Promise<void> {
  return closeAll([], ...started);
}

/** A full-page screenshot for a person to review, written only when the variable `envVar` names a folder. */
export async function reviewScreenshot(page: Page, envVar: string, name: string): Promise<void> {
  const dir = process.env[envVar];
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
