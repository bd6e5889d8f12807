import type { Page } from 'playwright-core';
import { asIfPrerendered, showPrerendered } from '../helpers/site/prerender';
import { describe, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA } from '../helpers/start/browser';
import { waitForReady } from '../helpers/site/e2e';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/**
 * Speculation rules (app/islands/speculation-rules.ts) in Chromium, which
 * acts on them: home → case study → resume by their links, the rules
 * allowed by the CSP (no violation, no console error); no link to the
 * owner's area, a share link, the API, a PDF or private media is ever
 * matched by a rule; and a case study the browser prerenders counts its
 * view only once it is shown.
 */

const url = publicSite();
// A desktop Chrome: the beacon counts no bot, and the prerendered page is a visit like any other.
const chromium = useBrowser(
  { userAgent: DESKTOP_CHROME_UA, viewport: { width: 1280, height: 800 } },
  { pagePerTest: true, failOnConsoleErrors: true },
);
const STUDY = '/case-study/office-depot';

/** Records CSP violations from the first script on. */
const RECORD = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline'));
  });
`;

type Rule = { where: Condition; eagerness?: string };
type Condition = { and?: Condition[]; not?: Condition; href_matches?: string; selector_matches?: string };

async function open(): Promise<Page> {
  const page = await chromium.openPage();
  await page.addInitScript(RECORD);
  return page;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/** Which of `hrefs` each kind of rule on the page matches, evaluated as the browser does (URLPattern against the document's URL, selectors on a link). */
function matchedBy(page: Page, hrefs: string[]) {
  return page.evaluate((hrefs) => {
    const rules = JSON.parse(document.querySelector('script[type="speculationrules"]')!.textContent!) as Record<string, Rule[]>;
    // Chromium's own (not yet in TypeScript's DOM types).
    const Pattern = (window as unknown as { URLPattern: new (pattern: string, base: string) => { test: (url: string) => boolean } })
      .URLPattern;
    const test = (condition: Condition, link: HTMLAnchorElement): boolean => {
      if (condition.and) return condition.and.every((c) => test(c, link));
      if (condition.not) return !test(condition.not, link);
      if (condition.href_matches) return new Pattern(condition.href_matches, document.baseURI).test(link.href);
      if (condition.selector_matches) return link.matches(condition.selector_matches);
      throw new Error(`a condition this test does not know: ${JSON.stringify(condition)}`);
    };
    const result: Record<string, string[]> = {};
    for (const [action, list] of Object.entries(rules)) {
      result[action] = hrefs.filter((href) => {
        const link = Object.assign(document.createElement('a'), { href });
        return list.some((rule) => test(rule.where, link));
      });
    }
    return result;
  }, hrefs);
}

describe('speculation rules', () => {
  it('home → case study → resume: the rules are on each page, allowed by the CSP, with no console error', async () => {
    const page = await open();
    const response = await page.goto(url + '/');
    await waitForReady(page);
    const csp = response!.headers()['content-security-policy']!;
    const rules = await page.locator('script[type="speculationrules"]').textContent();
    expect(rules).toBeTruthy();
    // Allowed by its hash, as every inline script.
    const hash = await page.evaluate(async (text) => {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
      return btoa(String.fromCharCode(...new Uint8Array(digest)));
    }, rules!);
    expect(csp).toContain(`'sha256-${hash}'`);

    await page.locator(`#work a[href="${STUDY}"]`).first().click();
    await page.waitForURL(url + STUDY);
    await waitForReady(page);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resume' }).click();
    await page.waitForURL(url + '/resume');
    await waitForReady(page);
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
  });

  it('match the public pages, and never the owner’s area, share links, the API, PDFs or private media', async () => {
    const page = await open();
    await page.goto(url + '/');
    const excluded = [
      '/admin',
      '/admin/links',
      '/admin/content/resume.mdx',
      '/s/abc123',
      '/shared',
      '/api/insights',
      '/api/contact',
      '/resume.pdf',
      '/files/portfolio.pdf',
      '/private-media/office-depot/cover.png',
      'https://elsewhere.example/',
    ];
    const pages = ['/', '/resume', '/privacy', STUDY];
    const matched = await matchedBy(page, [...excluded, ...pages]);
    expect(matched.prefetch).toEqual(pages);
    expect(matched.prerender).toEqual([STUDY]);
    // And on the page itself: every link that leads to the owner's area or a PDF is left alone.
    const onPage = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href));
    const risky = onPage.filter((href) => /\/(admin|s|api|private-media)\b|\.pdf$/.test(new URL(href).pathname));
    const matchedOnPage = await matchedBy(page, risky);
    expect([...matchedOnPage.prefetch!, ...matchedOnPage.prerender!]).toEqual([]);
  });

  it('a case study the browser prerenders counts no view until it is shown, then counts it', async () => {
    // Chromium does not prerender under DevTools: the page gets a prerendered page's state (helpers/site/prerender.ts).
    const page = await open();
    await asIfPrerendered(page);
    const beacons: string[] = [];
    page.on(
      'request',
      (request) => new URL(request.url()).pathname === '/api/insights' && beacons.push(request.postData() ?? request.url()),
    );
    await page.goto(url + STUDY, { waitUntil: 'load' });
    // Long enough for a page that did not wait to have started its islands (3 s at most) and sent its view (idle, 3 s at most).
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await page.evaluate(() => document.documentElement.dataset.islands ?? null), 'no island started').toBeNull();
    expect(beacons, 'no view counted').toEqual([]);

    await showPrerendered(page);
    await waitForReady(page);
    await expect.poll(() => beacons.filter((body) => body.includes('"view"')).length, { timeout: 10_000 }).toBe(1);
    expect(await violations(page)).toEqual([]);
  });
});
