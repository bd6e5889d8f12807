import { chromium, type Browser, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
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
    errors: () => [...messages.filter((m) => m.type() === 'error').map((m) => m.text()), ...pageErrors],
    close: () => context.close(),
  };
}
