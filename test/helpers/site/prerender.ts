import type { Page } from 'playwright-core';

/**
 * Chromium refuses to prerender a page while DevTools drives it, as
 * Playwright does (its status: PrerenderingDisabledByDevTools). So each
 * document of `page` gets the state a prerendered one has: document.prerendering
 * true until `showPrerendered(page)` fires prerenderingchange, as the browser
 * does when it shows the page.
 */
export async function asIfPrerendered(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(document, 'prerendering', { configurable: true, get: () => prerendering });
    (window as unknown as { __show: () => void }).__show = () => {
      prerendering = false;
      document.dispatchEvent(new Event('prerenderingchange'));
    };
  });
}

/** The browser shows the prerendered page. */
export const showPrerendered = (page: Page) => page.evaluate(() => (window as unknown as { __show: () => void }).__show());
