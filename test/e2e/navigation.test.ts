import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtContent, CASE_STUDY_SECTIONS, gotoReady, NAV, site, waitForFrames } from '../helpers/site/e2e';
import {
  expectSectionAtTop,
  expectSmoothScroll,
  logScrolls,
  logScrollsFromDocumentStart,
  scrollLog,
  waitForScrollEnd,
  waitForScrollToSettle,
  waitForSectionAtTop,
} from '../helpers/site/scroll';
import { at, must } from '../helpers/must';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/** Polls get 5 s: the machine may be busy (two cores, several browsers). */
const POLL = { timeout: 5000 };

const url = publicSite();

// Every test opens its own context; none of them may log a console error.
const { openPage: open } = useBrowser({}, { pagePerTest: true, failOnConsoleErrors: true });

const MOBILE = { viewport: { width: 375, height: 740 } };
// Looked up when a test needs it, so that a missing case study fails only the tests that use it.
const studyTitle = () => must(builtContent().caseStudies['office-depot'], 'the case study office-depot in the built content').title;

/** The hero section, found by its heading. */
const heroOf = (page: Page) => page.getByRole('region', { name: site.hero.title });

/** Jumps to y (or as far as the page goes) and returns where it ended. */
async function scrollInstantly(page: Page, y: number): Promise<number> {
  const target = await page.evaluate((y) => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: y, behavior: 'instant' });
    return Math.min(y, max);
  }, y);
  await page.waitForFunction((target) => Math.abs(window.scrollY - target) < 2, target);
  return target;
}

/**
 * Counts, in the page, clicks and the navigations they start (the Navigation
 * API's navigate event, fired as a link's click is handled). A public page
 * runs no router: every navigation is a document's.
 */
const watchNavigations = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __clicks: number; __navigations: number; navigation: EventTarget };
    w.__clicks = w.__navigations = 0;
    window.addEventListener('click', () => w.__clicks++);
    w.navigation.addEventListener('navigate', () => w.__navigations++);
  });
const navigationsStarted = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __clicks: number; __navigations: number };
    return { clicks: w.__clicks, navigations: w.__navigations };
  });

/** Marks the current document, so a test can tell a scroll within it from a new document. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 42);

describe('header', () => {
  it('is sticky: it stays at the top of the viewport after scrolling', async () => {
    const page = await open();
    await gotoReady(page, url);
    const header = page.getByRole('banner');
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await scrollInstantly(page, 1800);
    await expect.poll(() => header.boundingBox().then((b) => b?.y), POLL).toBe(0);
    expect(await header.isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: site.name }).isVisible()).toBe(true);
  });

  it.each([768, 1280])('shows the full name, not the initials, at %i px', async (width) => {
    const page = await open({ viewport: { width, height: 800 } });
    await gotoReady(page, url);
    const home = page.getByRole('banner').getByRole('link', { name: site.name, exact: true });
    const name = await home.getByText(site.name, { exact: true }).boundingBox();
    expect(name!.width).toBeGreaterThan(60);
    expect(name!.height).toBeGreaterThan(10);
    expect(await home.getByText(site.initials, { exact: true }).isVisible()).toBe(false);
    expect(await home.getAttribute('href')).toBe('/');
  });

  it.each([375, 767])('shows the initials, not the name, at %i px (the name stays the link’s accessible name)', async (width) => {
    const page = await open({ viewport: { width, height: 800 } });
    await gotoReady(page, url);
    const home = page.getByRole('banner').getByRole('link', { name: site.name, exact: true });
    const initials = home.getByText(site.initials, { exact: true });
    expect(await initials.isVisible()).toBe(true);
    expect((await initials.boundingBox())!.width).toBeGreaterThan(20);
    // Visually hidden: a 1 px clipped box.
    const name = await home.getByText(site.name, { exact: true }).boundingBox();
    expect(name === null || name.width <= 1).toBe(true);
  });

  it('has the desktop nav items Home, Case Studies, Resume and Contact with their hrefs', async () => {
    const page = await open();
    await gotoReady(page, url);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    expect(await links.count()).toBe(4);
    for (const [i, item] of NAV.entries()) {
      const link = links.nth(i);
      expect((await link.innerText()).trim()).toBe(item.label);
      expect(await link.getAttribute('href')).toBe(item.href);
      expect(await link.isVisible()).toBe(true);
    }
  });
});

describe('footer', () => {
  it('shows © and the current year, and Back to top links to #home and scrolls there', async () => {
    const page = await open();
    await gotoReady(page, url);
    const footer = page.getByRole('contentinfo');
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()}`);
    expect(await footer.innerText()).toContain(site.name);
    const back = footer.getByRole('link', { name: 'Back to top' });
    expect(await back.getAttribute('href')).toBe('#home');
    await scrollInstantly(page, 100_000);
    await back.click();
    await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 8000 });
    expect(new URL(page.url()).hash).toBe('#home');
  });
});

describe('Back to top on the other pages', () => {
  it.each(['/resume', '/case-study/office-depot'])('%s: Back to top returns to the top', async (path) => {
    const page = await open();
    await gotoReady(page, `${url}${path}`);
    expect(await scrollInstantly(page, 100_000)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Back to top' }).click();
    await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 8000 });
  });
});

describe('home page', () => {
  it('has the anchors #home, #work, #about and #contact', async () => {
    const page = await open();
    await gotoReady(page, url);
    for (const id of ['home', 'work', 'about', 'contact']) {
      expect(await page.locator(`#${id}`).count(), `#${id}`).toBe(1);
      expect(await page.locator(`#${id}`).isVisible()).toBe(true);
    }
  });

  it('the hero has its badge, title, View my work (#work) and Get in touch (#contact)', async () => {
    const page = await open();
    await gotoReady(page, url);
    const hero = heroOf(page);
    expect(await hero.count()).toBe(1);
    expect(await hero.getByText(site.hero.badge).isVisible()).toBe(true);
    expect(await hero.getByRole('heading', { level: 1 }).innerText()).toBe(site.hero.title);
    const work = hero.getByRole('link', { name: 'View my work' });
    const touch = hero.getByRole('link', { name: 'Get in touch' });
    expect(await work.getAttribute('href')).toBe('#work');
    expect(await touch.getAttribute('href')).toBe('#contact');
  });

  it.each([
    ['View my work', 'work'],
    ['Get in touch', 'contact'],
  ])('the hero button %s smooth-scrolls to #%s', async (label, id) => {
    const page = await open();
    await gotoReady(page, url);
    await expectSmoothScroll(async () => {
      await scrollInstantly(page, 0);
      await logScrolls(page);
      await heroOf(page).getByRole('link', { name: label }).click();
      await waitForSectionAtTop(page, id);
      await waitForScrollEnd(page);
      expect(await expectSectionAtTop(page, id)).toBeNull();
      await page.waitForURL(`${url}/#${id}`);
      return { log: await scrollLog(page), from: 0, to: await page.evaluate(() => window.scrollY) };
    });
  });

  it('Home in the header, on /, smooth-scrolls to the top without leaving the page', async () => {
    const page = await open();
    await gotoReady(page, url);
    await markDocument(page);
    await expectSmoothScroll(async () => {
      await scrollInstantly(page, 2500);
      await logScrolls(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
      await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 8000 });
      await waitForScrollEnd(page);
      return { log: await scrollLog(page), from: 2500, to: 0 };
    });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await documentMarked(page)).toBe(true);
  });

  it('loading /#contact ends with the contact section at the top of the viewport', async () => {
    const page = await open();
    await logScrollsFromDocumentStart(page);
    await gotoReady(page, `${url}/#contact`);
    await waitForSectionAtTop(page, 'contact');
    await waitForScrollEnd(page);
    expect(await expectSectionAtTop(page, 'contact')).toBeNull();
    await page.waitForURL(`${url}/#contact`);
  });

  // Spec: "If the URL has a hash, the page smooth-scrolls to that element after 100 ms."
  it('loading /#contact gets there by a smooth scroll that starts ≥100 ms after the page is parsed, not by a jump', async () => {
    const page = await open();
    await logScrollsFromDocumentStart(page);
    // Each try loads the page afresh.
    await expectSmoothScroll(async () => {
      await gotoReady(page, `${url}/#contact`);
      await waitForSectionAtTop(page, 'contact');
      await waitForScrollEnd(page);
      const log = await scrollLog(page);
      const parsedAt = await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
      );
      const finalY = at(log, -1, 'a scroll event').y;
      expect(finalY).toBeGreaterThan(500);
      // A scroll event is fired in the frame that shows the new position, so never before the movement.
      const firstMoved = log.find((e) => e.y > 5)!;
      const report = JSON.stringify(log.slice(0, 40).map((e) => [Math.round(e.t), Math.round(e.y)]));
      // The menu island's timer starts after the first paint, which is after parsing: nothing may move before +100 ms.
      expect(firstMoved.t, `first movement vs. parsed at ${Math.round(parsedAt)} ms: ${report}`).toBeGreaterThanOrEqual(parsedAt + 100);
      return { log, from: 0, to: finalY };
    });
  });

  describe('case study cards', () => {
    it('the card with a page is a link to it, and the whole card is clickable', async () => {
      const page = await open();
      await gotoReady(page, url);
      const work = page.locator('#work');
      const link = work.getByRole('link', { name: studyTitle() });
      expect(await link.getAttribute('href')).toBe('/case-study/office-depot');
      const card = work.getByRole('article').filter({ has: page.getByRole('link', { name: studyTitle() }) });
      expect(await card.getByText('View Case Study').isVisible()).toBe(true);
      expect(await card.getByText('Coming Soon').count()).toBe(0);
      // A click on the image, not on the title, still opens the page (the title's link covers the card).
      const image = card.getByRole('img');
      await image.scrollIntoViewIfNeeded();
      const box = (await image.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForURL(`${url}/case-study/office-depot`);
      await page.getByRole('heading', { level: 1, name: studyTitle() }).waitFor();
    });

    it.each(['Mobile Banking UX', 'Analytics Dashboard'])('“%s” shows Coming Soon and is not a link', async (title) => {
      const page = await open();
      await gotoReady(page, url);
      const card = page
        .locator('#work')
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: title }) });
      expect(await card.count()).toBe(1);
      expect(await card.getByText('Coming Soon', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByRole('link').count()).toBe(0);
      expect(await card.locator('a').count()).toBe(0);
      await watchNavigations(page);
      await card.getByRole('heading', { name: title }).click();
      // A click that navigates starts doing so while it is handled, so a frame later there is nothing left to wait for.
      await waitForFrames(page);
      expect(await navigationsStarted(page)).toEqual({ clicks: 1, navigations: 0 });
      expect(page.url()).toBe(`${url}/`);
    });

    it('shows all three cards with image, tags, title, description and Impact line', async () => {
      const page = await open();
      await gotoReady(page, url);
      const cards = page.locator('#work').getByRole('article');
      expect(await cards.count()).toBe(3);
      for (const [i, data] of builtContent().cards.entries()) {
        const card = cards.nth(i);
        expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe(data.title);
        expect(await card.getByRole('img', { name: data.alt }).count()).toBe(1);
        for (const tag of data.tags) expect(await card.getByText(tag, { exact: true }).isVisible()).toBe(true);
        expect(await card.getByText(data.description).isVisible()).toBe(true);
        expect(await card.locator('p', { hasText: /^Impact:/ }).innerText()).toContain(data.impact);
      }
    });
  });

  describe('contact section', () => {
    it('has the profile picture, the name, a mailto link and the LinkedIn link in a new tab', async () => {
      const page = await open();
      await gotoReady(page, url);
      const contact = page.locator('#contact');
      const photo = contact.getByRole('img', { name: site.photos.profile.alt });
      // The compiled address: the original as the build serves it, wherever it is stored.
      expect(await photo.getAttribute('src')).toBe(builtContent().site.photos.profile.src);
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL).toBe(true);
      expect(await contact.getByText(site.name, { exact: true }).isVisible()).toBe(true);
      const mail = contact.getByRole('link', { name: site.email });
      expect(await mail.getAttribute('href')).toBe(`mailto:${site.email}`);
      const linkedin = contact.getByRole('link', { name: /LinkedIn/ });
      expect(await linkedin.getAttribute('href')).toBe(site.linkedin);
      expect(await linkedin.getAttribute('target')).toBe('_blank');
      expect(await linkedin.getAttribute('rel')).toBe('noopener noreferrer');
    });

    it('has the form fields firstName, lastName, email (type email) and message (5 rows), all required and labelled', async () => {
      const page = await open();
      await gotoReady(page, url);
      const contact = page.locator('#contact');
      const fields = {
        firstName: contact.locator('input[name="firstName"]'),
        lastName: contact.locator('input[name="lastName"]'),
        email: contact.locator('input[name="email"]'),
        message: contact.locator('textarea[name="message"]'),
      };
      for (const [name, field] of Object.entries(fields)) {
        expect(await field.count(), name).toBe(1);
        expect(await field.evaluate((el: HTMLInputElement) => el.required), `${name} required`).toBe(true);
        expect(await field.evaluate((el: HTMLInputElement) => el.labels?.length ?? 0), `${name} label`).toBeGreaterThan(0);
        expect(await field.isVisible()).toBe(true);
      }
      expect(await fields.email.getAttribute('type')).toBe('email');
      expect(await fields.message.getAttribute('rows')).toBe('5');
      expect(await fields.firstName.evaluate((el: HTMLInputElement) => el.type)).toBe('text');
    });
  });
});

describe('case study page', () => {
  it('has the nine numbered sections of the spec, in order, with visible numbers 1–9', async () => {
    const page = await open();
    await gotoReady(page, `${url}/case-study/office-depot`);
    const headings = page.locator('article.story').getByRole('heading', { level: 2 });
    expect(await headings.count()).toBe(9);
    for (const [i, title] of CASE_STUDY_SECTIONS.entries()) {
      const heading = headings.nth(i);
      expect(await heading.getByText(title, { exact: true }).isVisible(), title).toBe(true);
      const number = heading.getByText(String(i + 1), { exact: true });
      expect(await number.isVisible(), `number ${i + 1}`).toBe(true);
      // The number comes before the title.
      const [n, t] = await Promise.all([number.boundingBox(), heading.getByText(title, { exact: true }).boundingBox()]);
      expect(n!.x).toBeLessThan(t!.x);
    }
  });

  it('shows the page metadata: 3 months, the team, 3.9 → 4.6 and +35%, and the VIP tier at $500', async () => {
    const page = await open();
    await gotoReady(page, `${url}/case-study/office-depot`);
    const main = page.getByRole('main');
    const text = await main.innerText();
    expect(text).toContain('3 months');
    expect(text).toMatch(/UX, Loyalty, IT, Development/);
    expect(text).toMatch(/3\.9 → 4\.6/);
    expect(text).toContain('+35%');
    expect(text).toMatch(/VIP/);
    expect(text).toMatch(/\$500/);
  });

  it('has Back to Case Studies (top and bottom) to /#work and Get in Touch to /#contact', async () => {
    const page = await open();
    await gotoReady(page, `${url}/case-study/office-depot`);
    const back = page.getByRole('link', { name: 'Back to Case Studies' });
    expect(await back.count()).toBe(2);
    for (const link of await back.all()) expect(await link.getAttribute('href')).toBe('/#work');
    const [top, bottom] = await Promise.all([back.first().boundingBox(), back.last().boundingBox()]);
    const articleBox = await page.locator('article.story').boundingBox();
    expect(top!.y).toBeLessThan(articleBox!.y);
    expect(bottom!.y).toBeGreaterThan(articleBox!.y + articleBox!.height);
    const touch = page.getByRole('link', { name: 'Get in Touch' });
    expect(await touch.getAttribute('href')).toBe('/#contact');
  });

  it('Back to Case Studies lands on the home page with the case studies at the top', async () => {
    const page = await open();
    // A document navigation: the home page takes the hash aside and scrolls there itself (root.tsx,
    // app/islands/home-scroll.ts), logged from its start.
    await logScrollsFromDocumentStart(page);
    await gotoReady(page, `${url}/case-study/office-depot`);
    await page.getByRole('link', { name: 'Back to Case Studies' }).last().click();
    await page.waitForURL(`${url}/#work`);
    await waitForSectionAtTop(page, 'work');
    await waitForScrollEnd(page);
    expect(await expectSectionAtTop(page, 'work')).toBeNull();
  });
});

describe('pages open at the top', () => {
  it.each(['/resume', '/case-study/office-depot'])('%s, loaded directly', async (path) => {
    const page = await open();
    await gotoReady(page, `${url}${path}`);
    await waitForScrollToSettle(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('/resume, after clicking Resume in the header from a scrolled home page', async () => {
    const page = await open();
    await gotoReady(page, url);
    await scrollInstantly(page, 2500);
    await markDocument(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resume' }).click();
    await page.waitForURL(`${url}/resume`);
    await page.getByRole('heading', { level: 1, name: site.name }).waitFor();
    await waitForScrollToSettle(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await documentMarked(page), 'a document of its own, the app does not render public pages').toBe(false);
  });

  it('the case study, after clicking its card from a scrolled home page', async () => {
    const page = await open();
    await gotoReady(page, url);
    const link = page.locator('#work').getByRole('link', { name: studyTitle() });
    await link.scrollIntoViewIfNeeded();
    await scrollInstantly(page, (await page.evaluate(() => window.scrollY)) + 200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await markDocument(page);
    await link.click();
    await page.waitForURL(`${url}/case-study/office-depot`);
    await page.getByRole('heading', { level: 1, name: studyTitle() }).waitFor();
    await waitForScrollToSettle(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await documentMarked(page), 'a document of its own, the app does not render public pages').toBe(false);
  });
});

describe('between pages', () => {
  /** Opens /resume from the header of /, and tells whether the browser revealed it with a view transition (the pagereveal event says). */
  async function revealedWithTransition(reducedMotion: 'reduce' | 'no-preference'): Promise<boolean> {
    const page = await open({ viewport: { width: 1280, height: 800 }, reducedMotion });
    await page.addInitScript(() =>
      addEventListener('pagereveal', (event) => {
        document.documentElement.dataset.revealed = (event as Event & { viewTransition?: unknown }).viewTransition ? 'transition' : 'plain';
      }),
    );
    await gotoReady(page, url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resume' }).click();
    await page.waitForURL(`${url}/resume`);
    await page.waitForFunction(() => document.documentElement.dataset.revealed, undefined, { timeout: 10_000 });
    return (await page.evaluate(() => document.documentElement.dataset.revealed)) === 'transition';
  }

  it('a page opens with a view transition (a cross-fade), and without one under reduced motion', async () => {
    expect(await revealedWithTransition('no-preference')).toBe(true);
    expect(await revealedWithTransition('reduce')).toBe(false);
  });
});

describe('images', () => {
  it.each(['/', '/resume', '/case-study/office-depot'])('every <img> on %s has width, height and alt, and loads', async (path) => {
    const page = await open();
    await gotoReady(page, `${url}${path}`);
    const images = await page.locator('img').evaluateAll((imgs: HTMLImageElement[]) =>
      imgs.map((img) => ({
        src: img.getAttribute('src'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        alt: img.getAttribute('alt'),
      })),
    );
    if (path !== '/resume') expect(images.length).toBeGreaterThan(0);
    for (const img of images) {
      expect(Number(img.width), `${img.src} width`).toBeGreaterThan(0);
      expect(Number(img.height), `${img.src} height`).toBeGreaterThan(0);
      expect(img.alt?.trim().length, `${img.src} alt`).toBeGreaterThan(0);
      const response = await fetch(new URL(img.src!, url));
      expect(response.status, img.src!).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\//);
    }
  });
});

describe('hero spotlight', () => {
  const spotlightState = (page: Page) =>
    page.getByTestId('spotlight').evaluate((el) => ({
      display: getComputedStyle(el).display,
      opacity: Number(getComputedStyle(el).opacity),
      active: (el as HTMLElement).dataset.active,
    }));

  async function moveOverHero(page: Page) {
    const box = (await heroOf(page).boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 5 });
  }

  it('follows the pointer at 1280 px', async () => {
    const page = await open();
    await gotoReady(page, url);
    expect(await spotlightState(page)).toMatchObject({ display: 'block', opacity: 0 });
    const box = (await heroOf(page).boundingBox())!;
    // Keep moving until a frame has run (a busy machine may take a while).
    await expect
      .poll(
        async () => {
          await moveOverHero(page);
          return (await spotlightState(page)).active;
        },
        { timeout: 5000 },
      )
      .toBe('true');
    await expect.poll(() => spotlightState(page).then((s) => s.opacity), { timeout: 5000 }).toBe(1);
    // Moves are handled on the next frame, a busy machine's frames come late: wait for it to catch up with the last one.
    const spotlightX = () =>
      page.getByTestId('spotlight').evaluate((el) => parseFloat((el as HTMLElement).style.getPropertyValue('--spotlight-x')));
    await expect.poll(spotlightX, POLL).toBeCloseTo(box.width * 0.6, -1);
  });

  /** Counts pointer events on the hero, to show the test's pointer did reach it. */
  const countHeroPointerEvents = (page: Page) =>
    heroOf(page).evaluate((hero) => {
      const w = window as unknown as { __heroPointer: number };
      w.__heroPointer = 0;
      for (const type of ['pointermove', 'pointerdown']) hero.addEventListener(type, () => w.__heroPointer++);
    });
  const heroPointerEvents = (page: Page) => page.evaluate(() => (window as unknown as { __heroPointer: number }).__heroPointer);

  async function expectOff(page: Page) {
    await gotoReady(page, url);
    await countHeroPointerEvents(page);
    await moveOverHero(page);
    await expect.poll(() => heroPointerEvents(page), POLL).toBeGreaterThan(0);
    // The spotlight's handler runs on the frame after a move: two frames later it would have.
    await waitForFrames(page);
    const state = await spotlightState(page);
    expect(state.display).toBe('none');
    expect(state.active).toBe('false');
  }

  it('is not displayed at 375 px', async () => {
    await expectOff(await open(MOBILE));
  });

  it('is not displayed under prefers-reduced-motion: reduce', async () => {
    await expectOff(await open({ reducedMotion: 'reduce' }));
  });

  it('is not displayed on a touch-only device (Chromium reports hover: none, pointer: coarse)', async () => {
    const page = await open({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true });
    await gotoReady(page, url);
    expect(
      await page.evaluate(() => [matchMedia('(hover: none)').matches, matchMedia('(pointer: coarse)').matches, window.innerWidth >= 768]),
    ).toEqual([true, true, true]);
    await countHeroPointerEvents(page);
    // Near its top left corner: in the viewport, and on no link or button.
    await heroOf(page).tap({ position: { x: 10, y: 10 } });
    await expect.poll(() => heroPointerEvents(page), POLL).toBeGreaterThan(0);
    await waitForFrames(page);
    const state = await spotlightState(page);
    expect(state.display).toBe('none');
    expect(state.active).toBe('false');
  });
});
