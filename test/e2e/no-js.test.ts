import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtContent, CASE_STUDY_SECTIONS, NAV, site } from '../helpers/site/e2e';
import { must } from '../helpers/must';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/** Polls get 5 s: the machine may be busy (two cores, several browsers). */
const POLL = { timeout: 5000 };

const url = publicSite();

const pages = useBrowser({}, { pagePerTest: true });
const open = (width = 1280): Promise<Page> => pages.openPage({ javaScriptEnabled: false, viewport: { width, height: 800 } });

const content = builtContent();
const resume = content.resume;

const PAGES: { path: string; status: number; texts: string[] }[] = [
  {
    path: '/',
    status: 200,
    texts: [
      site.hero.badge,
      site.hero.title,
      'View my work',
      'Get in touch',
      site.about.title,
      ...site.about.interests,
      'Case Studies',
      ...content.cards.map((c) => c.title),
      'Coming Soon',
      site.email,
      'First name',
      'Last name',
      'Email',
      'Message',
      'Back to top',
      `© ${new Date().getFullYear()}`,
    ],
  },
  {
    path: '/resume',
    status: 200,
    texts: [
      site.name,
      site.email,
      'Download Resume',
      'Summary',
      'Professional Experience',
      ...resume.experience.map((r) => r.title),
      'Education',
      'Skills',
      'Design Tools',
      'Research & Testing',
      'Technical',
      'Certifications',
      'Languages',
      'English',
      'Spanish',
    ],
  },
  {
    path: '/case-study/office-depot',
    status: 200,
    texts: [
      must(content.caseStudies['office-depot'], 'the case study office-depot in the built content').title,
      ...CASE_STUDY_SECTIONS,
      'Back to Case Studies',
      'Get in Touch',
      '3 months',
      '+35%',
    ],
  },
  { path: '/some/missing', status: 404, texts: ['Oops! Page not found', 'Return to Home'] },
];

describe.each(PAGES)('$path without JavaScript', ({ path, status, texts }) => {
  it('renders completely', async () => {
    const page = await open();
    const response = await page.goto(`${url}${path}`);
    expect(response!.status()).toBe(status);
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    // innerText follows CSS text-transform (uppercase labels), so compare without case.
    const text = (await page.locator('body').innerText()).toLowerCase();
    for (const expected of texts) expect(text, expected).toContain(expected.toLowerCase());
    // The header and footer are there on every page.
    expect(await page.getByRole('banner').getByRole('link', { name: site.name }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
  });

  it('every internal link works', async () => {
    const page = await open();
    await page.goto(`${url}${path}`);
    const hrefs = await page.locator('a[href]').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    const ids = await page.locator('[id]').evaluateAll((els) => els.map((el) => el.id));
    const checked: string[] = [];
    for (const href of hrefs) {
      if (/^(mailto:|https?:)/.test(href)) continue; // external
      if (href.startsWith('#')) {
        // An in-page anchor: "#" is the top of the page; anything else must exist.
        if (href !== '#') expect(ids, `${href} on ${path}`).toContain(href.slice(1));
        continue;
      }
      const target = new URL(href, `${url}${path}`);
      expect(target.origin, href).toBe(new URL(url).origin);
      const response = await fetch(target, { redirect: 'manual' });
      expect(response.status, `${href} on ${path}`).toBe(200);
      if (target.hash) {
        const html = await response.text();
        expect(html, `${href}: the anchor exists`).toContain(`id="${target.hash.slice(1)}"`);
      }
      checked.push(href);
    }
    expect(checked.length).toBeGreaterThan(0);
  });
});

describe('without JavaScript', () => {
  it('the home page lists every nav item as a plain link in the header', async () => {
    const page = await open();
    await page.goto(url);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const item of NAV) expect(await nav.getByRole('link', { name: item.label }).getAttribute('href')).toBe(item.href);
  });

  it('the Download Resume link answers with a PDF', async () => {
    const page = await open();
    await page.goto(`${url}/resume`);
    const href = await page.getByRole('link', { name: 'Download Resume' }).getAttribute('href');
    const response = await fetch(new URL(href!, url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/pdf/);
  });

  it('/#contact opens at the contact section', async () => {
    const page = await open();
    await page.goto(`${url}/#contact`);
    await expect
      .poll(() => page.locator('#contact').evaluate((el) => Math.round(el.getBoundingClientRect().top)), POLL)
      .toBe(Math.round(await page.locator('#contact').evaluate((el) => parseFloat(getComputedStyle(el).scrollMarginTop))));
  });

  it('the mobile menu opens through its fallback link (:target) with the four items, and closes', async () => {
    const page = await open(375);
    await page.goto(url);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    const panel = page.locator('#mobile-menu');
    expect(await panel.isVisible()).toBe(false);
    const opener = page.locator('a[href="#mobile-menu"]');
    expect(await opener.isVisible()).toBe(true);
    expect(await opener.innerText()).toBe('Open menu');
    await opener.click();
    // The test hears of the fragment change as an event of its own, after the click.
    await page.waitForURL(`${url}/#mobile-menu`);
    await expect.poll(() => panel.evaluate((el) => Math.round(el.getBoundingClientRect().right - window.innerWidth)), POLL).toBe(0);
    expect(await panel.isVisible()).toBe(true);
    const links = panel.getByRole('navigation').getByRole('link');
    expect(await links.count()).toBe(4);
    for (const [i, item] of NAV.entries()) {
      expect((await links.nth(i).innerText()).trim()).toBe(item.label);
      expect(await links.nth(i).getAttribute('href')).toBe(item.href);
      expect(await links.nth(i).isVisible()).toBe(true);
    }
    expect((await panel.boundingBox())!.width).toBeCloseTo(280, 0);
    // Its close link goes back to a plain URL, which hides it again.
    await panel.getByRole('link', { name: 'Close menu' }).click();
    await expect.poll(() => panel.isVisible(), POLL).toBe(false);
    // An item navigates and leaves the menu closed.
    await opener.click();
    await expect.poll(() => panel.isVisible(), POLL).toBe(true);
    await links.nth(2).click();
    await page.waitForURL(`${url}/resume`);
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
  });
});
