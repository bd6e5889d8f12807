import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/suite/browser-suite';
import { site, waitForReady } from '../helpers/site/e2e';
import { startServer } from '../helpers/start/server';
import { useStarted } from '../helpers/suite/use-started';

/** Polls get 5 s: the machine may be busy (two cores, several browsers). */
const POLL = { timeout: 5000 };

// A server of its own: the tests read what it logs.
const server = useStarted(startServer, (server) => server.stop());
const { open } = useBrowser({}, { pagePerTest: true });

/** The one console error Chromium itself logs for a document answered with `status`. */
const failedToLoad = (status: number) => new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);

describe.each(['/some/missing', '/case-study/unknown', '/case-study/mobile-banking'])('%s', (path) => {
  it('answers 404 with the not-found page', async () => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('Oops! Page not found');
    expect(html).toContain('Return to Home');
  });

  it('shows “Oops! Page not found” and Return to Home in the browser, and logs the path to the console and the server', async () => {
    const { page, messages, errors } = await open();
    const response = await page.goto(`${server.url}${path}`);
    expect(response!.status()).toBe(404);
    await waitForReady(page);
    expect(await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).isVisible()).toBe(true);
    const home = page.getByRole('link', { name: 'Return to Home' });
    expect(await home.getAttribute('href')).toBe('/');

    await expect
      .poll(() => messages.filter((m) => m.type() === 'warning' && m.text().includes(path)).length, POLL)
      .toBeGreaterThanOrEqual(1);
    await expect.poll(() => server.output(), POLL).toContain(`404 Not Found: ${path}`);
    // Only Chromium's own note about the 404 document; nothing from the app.
    const appErrors = errors().filter((e) => !failedToLoad(404).test(e));
    expect(appErrors).toEqual([]);
    expect(errors().length).toBeLessThanOrEqual(1);

    await home.click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: site.hero.title }).waitFor();
  });
});

describe('root ErrorBoundary', () => {
  // No route throws by design. A request the app cannot handle still reaches the
  // root boundary: a POST to a page without an action is a 405 from the router.
  it('a POST to a page without an action answers 405 with “Unexpected Application Error!” and the status', async () => {
    const response = await fetch(`${server.url}/resume`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Unexpected Application Error!<\/h1>/);
    expect(html).toContain('405 Method Not Allowed');
  });

  // The root loader has not run for it, so the page does not know the islands' URL: it is the
  // no-JavaScript page (the :target menu, plain links), with no script of any kind.
  it('renders in the browser with no script and no errors, and links home', async () => {
    const { page, errors } = await open();
    await page.goto(`${server.url}/resume`);
    await waitForReady(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/resume'),
      page.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/resume';
        document.body.append(form);
        HTMLFormElement.prototype.submit.call(form); // a native submission, past the router
      }),
    ]);
    expect(response.status()).toBe(405);
    await page.waitForLoadState('load');
    expect(await page.locator('script[src], link[rel="modulepreload"]').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }).isVisible()).toBe(true);
    expect(await page.getByText('405 Method Not Allowed').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(errors().filter((e) => !failedToLoad(405).test(e))).toEqual([]);
  });
});
