import { describe, expect, it } from 'vitest';
import type { TrackedPage } from '../helpers/start/browser';
import { useBrowser } from '../helpers/suite/browser-suite';
import { waitForFrames, waitForReady } from '../helpers/site/e2e';
import { publicSite } from '../helpers/suite/public-site';

/**
 * The Content-Security-Policy must not get in the way of anything the site
 * does with JavaScript on: every violation is recorded from the first script.
 */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline') + ' ' + (event.sample || ''));
  });
`;

const server = { url: publicSite() };
const chromium = useBrowser({}, { pagePerTest: true });

async function open(width: number): Promise<TrackedPage> {
  const tracked = await chromium.open({ viewport: { width, height: 800 } });
  await tracked.page.addInitScript(RECORD_VIOLATIONS);
  return tracked;
}

async function violations(tracked: TrackedPage): Promise<string[]> {
  const recorded = await tracked.page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  const logged = tracked.messages.filter((message) => /Content Security Policy/i.test(message.text())).map((message) => message.text());
  return [...recorded, ...logged];
}

describe('no CSP violation with JavaScript on', () => {
  it.each(['/', '/resume', '/case-study/office-depot', '/no/such/page'])('%s starts its islands and runs without one', async (path) => {
    const tracked = await open(1280);
    const response = await tracked.page.goto(server.url + path);
    expect(response?.headers()['content-security-policy']).toBeTruthy();
    await waitForReady(tracked.page);
    // The spotlight and smooth scrolling run script-driven style changes.
    await tracked.page.mouse.move(400, 300);
    await tracked.page.mouse.move(600, 350);
    await tracked.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // The moves are handled, and any violation reported, on the frames that follow.
    await waitForFrames(tracked.page);
    expect(await violations(tracked)).toEqual([]);
    await tracked.close();
  });

  it('through the mobile menu, the contact form, a link and Back', async () => {
    const tracked = await open(375);
    const { page } = tracked;
    await page.goto(`${server.url}/#contact`);
    await waitForReady(page);
    // A submit with empty fields shows the field errors without leaving the page.
    await page.locator('#contact-form').evaluate((form: HTMLFormElement) => form.setAttribute('novalidate', ''));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter your first name.').first().waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Resume' }).click();
    await page.waitForURL(/\/resume$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/(#contact)?$/);
    await waitForReady(page);
    await waitForFrames(page);
    expect(await violations(tracked)).toEqual([]);
    await tracked.close();
  });
});
