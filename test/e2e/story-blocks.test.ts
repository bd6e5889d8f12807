import AxeBuilder from '@axe-core/playwright';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForFrames, waitForReady } from '../helpers/site/e2e';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/**
 * Every story block in a real Chromium against the built server, with and
 * without JavaScript, on the fixture case study that uses each once
 * (test/fixtures/case-studies/blocks-demo.mdx), and the real Office Depot story for
 * layout stability. Only the embed's host is stood in for, by a Playwright
 * route: nothing outside this machine can be reached.
 */

const url = publicSite('fixture');

const pages = useBrowser({}, { pagePerTest: true, failOnConsoleErrors: true });

const DEMO = '/case-study/blocks-demo';
const OFFICE_DEPOT = '/case-study/office-depot';
const BLOCKS = ['figure', 'gallery', 'before-after', 'callout', 'metrics', 'quote', 'video', 'embed'];
const FIGMA = 'https://www.figma.com';

/** Records CSP violations from the first script on. */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline'));
  });
`;

async function openWithJs(options: BrowserContextOptions = {}): Promise<Page> {
  const page = await pages.openPage({ viewport: { width: 1280, height: 800 }, ...options });
  await page.addInitScript(RECORD_VIOLATIONS);
  return page;
}

async function gotoReady(page: Page, path: string) {
  const response = await page.goto(url + path);
  expect(response?.status()).toBe(200);
  await waitForReady(page);
  return response!;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

describe('without JavaScript', () => {
  const open = (width = 1280) => pages.openPage({ javaScriptEnabled: false, viewport: { width, height: 800 } });

  it('every block is in the page, each with its data-block hook', async () => {
    const page = await open();
    await page.goto(url + DEMO);
    for (const block of BLOCKS) expect(await page.locator(`article [data-block="${block}"]`).count(), block).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Members think in dollars, not points.').isVisible()).toBe(true);
    expect(await page.locator('[data-block="quote"] blockquote').innerText()).toBe('I finally know what my points are worth.');
    expect(await page.locator('[data-block="quote"] figcaption').innerText()).toBe('Ada Lovelace, member since 2019');
    expect(await page.locator('[data-block="metrics"] dd').allInnerTexts()).toEqual(['+12%', '3×']);
  });

  it('figures: captions, credit, and each image links to its largest file, which loads', async () => {
    const page = await open();
    await page.goto(url + DEMO);
    const first = page.locator('[data-block="figure"]').first();
    expect(await first.locator('figcaption').innerText()).toBe('A caption from the Markdown title');
    expect(await page.getByText('Screenshot: Test Client').count()).toBe(1);
    const href = await first.locator('a[data-zoom]').getAttribute('href');
    expect(href).toMatch(/^\/generated\/images\/wide-1600\.[0-9a-f]{10}\.webp$/);
    await first.locator('a[data-zoom]').click();
    await page.waitForURL(`${url}${href}`);
    const { width } = await page.evaluate(() => ({ width: (document.querySelector('img') as HTMLImageElement).naturalWidth }));
    expect(width).toBe(1600);
  });

  it('a wide figure reaches past the text column, a full-bleed one spans the viewport; nothing overflows', async () => {
    const page = await open(1280);
    await page.goto(url + DEMO);
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const text = await box('[data-block="figure"][data-layout="text"]');
    const wide = await box('[data-block="figure"][data-layout="wide"]');
    const full = await box('[data-block="figure"][data-layout="full"]');
    expect(text.width).toBe(680);
    expect(wide.x).toBe(text.x);
    expect(wide.width).toBeGreaterThan(text.width + 100);
    // The main column's right edge: the container (1152 px, centred) less its 32 px padding.
    expect(wide.x + wide.width).toBeCloseTo((1280 - 1152) / 2 + 1152 - 32, 0);
    expect(full.x).toBe(0);
    expect(full.width).toBe(await page.evaluate(() => document.documentElement.clientWidth));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });

  it('before/after: both images shown and labelled, side by side; no slider', async () => {
    const page = await open();
    await page.goto(url + DEMO);
    const block = page.locator('[data-block="before-after"]');
    const [before, after] = [block.locator('[data-side="before"] img'), block.locator('[data-side="after"] img')];
    expect(await before.isVisible()).toBe(true);
    expect(await after.isVisible()).toBe(true);
    expect(await block.locator('.before-after-label').allInnerTexts()).toEqual(['Before', 'After']);
    const [b, a] = [(await before.boundingBox())!, (await after.boundingBox())!];
    expect(a.x).toBeGreaterThanOrEqual(b.x + b.width);
    expect(a.y).toBe(b.y);
    expect(await block.locator('input[type="range"]').isVisible()).toBe(false);
  });

  it('video: the player with controls and the poster, nothing fetched before play, no autoplay', async () => {
    const page = await open();
    const media: string[] = [];
    page.on('request', (request) => /\.(mp4|webm)$/.test(request.url()) && media.push(request.url()));
    await page.goto(url + DEMO);
    // The <noscript> player, with its poster from the start; the lazy-poster one is for when scripts run.
    expect(await page.locator('[data-block="video"] video[data-poster]').isVisible()).toBe(false);
    const video = page.locator('[data-block="video"] video:not([data-poster])');
    await video.scrollIntoViewIfNeeded();
    expect(await video.isVisible()).toBe(true);
    expect(
      await video.evaluate((v: HTMLVideoElement) => ({ controls: v.controls, preload: v.preload, autoplay: v.autoplay, paused: v.paused })),
    ).toEqual({
      controls: true,
      preload: 'none',
      autoplay: false,
      paused: true,
    });
    expect(await video.getAttribute('poster')).toMatch(/^\/generated\/images\/poster-800\./);
    // Whatever the player would fetch by itself has been asked for once the network has been idle for 500 ms.
    await page.waitForLoadState('networkidle');
    expect(media).toEqual([]);
  });

  it('embed: a poster card whose link opens the prototype in a new tab; no iframe, no request to the host', async () => {
    const page = await open();
    const foreign: string[] = [];
    page.on('request', (request) => !request.url().startsWith(url) && foreign.push(request.url()));
    await page.goto(url + DEMO);
    const link = page.locator('[data-block="embed"] a');
    expect(await link.getAttribute('href')).toBe('https://www.figma.com/proto/AbC123/Checkout-flow?node-id=1-2');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.innerText()).toContain('Open the prototype in Figma');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(foreign).toEqual([]);
  });

  it('prints with every image at the text width, both sides of the comparison, and no controls', async () => {
    const page = await open(1280);
    await page.goto(url + DEMO);
    await page.emulateMedia({ media: 'print' });
    const article = (await page.locator('article.story').boundingBox())!;
    for (const figure of await page.locator('article [data-block="figure"]').all()) {
      const box = (await figure.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(article.x - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(article.x + article.width + 1);
    }
    expect(await page.locator('.before-after-range').isVisible()).toBe(false);
    expect(await page.locator('[data-block="before-after"] img').evaluateAll((imgs) => imgs.map((img) => img.checkVisibility()))).toEqual([
      true,
      true,
    ]);
    expect(await page.locator('.embed-actions').isVisible()).toBe(false);
  });
});

describe('with JavaScript', () => {
  it('before/after is a comparison slider from the first paint: keyboard arrows move it and it says where it is', async () => {
    const page = await openWithJs();
    await gotoReady(page, DEMO);
    const block = page.locator('[data-block="before-after"]');
    await page.waitForFunction(() => document.querySelector('[data-block="before-after"]')?.hasAttribute('data-enhanced'));
    const slider = block.getByRole('slider');
    expect(await slider.getAttribute('aria-label')).toContain('“Before” or “After”');
    // The two images lie over each other.
    const [b, a] = [
      (await block.locator('[data-side="before"] img').boundingBox())!,
      (await block.locator('[data-side="after"] img').boundingBox())!,
    ];
    expect(a).toEqual(b);
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).toBe('55');
    expect(await slider.getAttribute('aria-valuetext')).toBe('Before 55%, After 45%');
    expect(await block.locator('[data-side="after"]').evaluate((el) => getComputedStyle(el).clipPath)).toBe('inset(0px 0px 0px 55%)');
    await page.keyboard.press('Home');
    expect(await slider.inputValue()).toBe('0');
    // Its images are not separate tab stops under the slider.
    expect(await block.locator('a[data-zoom]').evaluateAll((links) => links.map((link) => (link as HTMLElement).tabIndex))).toEqual([
      -1, -1,
    ]);
  });

  it('before/after follows a pointer drag and a touch', async () => {
    const page = await openWithJs({ hasTouch: true });
    await gotoReady(page, DEMO);
    await page.waitForFunction(() => document.querySelector('[data-block="before-after"]')?.hasAttribute('data-enhanced'));
    const stage = page.locator('.before-after-stage');
    await stage.scrollIntoViewIfNeeded();
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 4 });
    await page.mouse.up();
    const afterDrag = Number(await page.getByRole('slider').inputValue());
    expect(afterDrag).toBeGreaterThanOrEqual(17);
    expect(afterDrag).toBeLessThanOrEqual(23);
    await page.touchscreen.tap(box.x + box.width * 0.8, y);
    // A touch is acknowledged before the page handles it: wait for the slider to move.
    const sliderValue = async () => Number(await page.getByRole('slider').inputValue());
    await expect.poll(sliderValue).not.toBe(afterDrag);
    const afterTap = await sliderValue();
    expect(afterTap).toBeGreaterThanOrEqual(77);
    expect(afterTap).toBeLessThanOrEqual(83);
    expect(await stage.evaluate((el) => el.style.getPropertyValue('--split'))).toBe(`${afterTap}%`);
  });

  it('zoom: a story image opens in a modal dialog; focus moves in, arrows step, Escape closes and focus returns', async () => {
    const page = await openWithJs();
    await gotoReady(page, DEMO);
    const links = page.locator('article a[data-zoom]');
    await page.waitForFunction(() => document.querySelector('dialog.zoom-dialog'));
    const opener = links.first();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    const image = dialog.locator('img');
    expect(await image.getAttribute('src')).toBe(await opener.getAttribute('href'));
    expect(await image.getAttribute('alt')).toBe('A wide screenshot of a dashboard panel');
    await expect.poll(() => dialog.locator('figcaption').innerText()).toMatch(/^1 of \d+\. A caption from the Markdown title$/);
    await page.keyboard.press('ArrowRight');
    expect(await image.getAttribute('src')).toBe(await links.nth(1).getAttribute('href'));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    // Before the first comes the last (the before/after images are compared, not zoomed).
    const zoomable = await links.evaluateAll((all) =>
      all.filter((a) => !a.closest('[data-block="before-after"]')).map((a) => a.getAttribute('href')),
    );
    expect(await image.getAttribute('src')).toBe(zoomable.at(-1));
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Focus goes back from the dialog's close event, a task after it closed.
    await expect.poll(() => opener.evaluate((link) => link === document.activeElement)).toBe(true);
  });

  it('zoom: a modified click still opens the file itself (a new tab), not the dialog', async () => {
    const page = await openWithJs();
    await gotoReady(page, DEMO);
    await page.waitForFunction(() => document.querySelector('dialog.zoom-dialog'));
    const popup = page.context().waitForEvent('page');
    await page
      .locator('article a[data-zoom]')
      .first()
      .click({ modifiers: ['ControlOrMeta'] });
    expect((await popup).url()).toMatch(/\/generated\/images\/wide-1600\./);
    expect(await page.locator('dialog.zoom-dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
  });

  it('embed: nothing leaves the origin before the click; after it the player loads under the CSP with no violation', async () => {
    const page = await openWithJs();
    const foreign: Request[] = [];
    page.on('request', (request) => !request.url().startsWith(url) && foreign.push(request));
    await page
      .context()
      .route(`${FIGMA}/**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Figma</title><p>Prototype</p>' }),
      );
    const response = await gotoReady(page, DEMO);
    expect(response.headers()['content-security-policy']).toContain(`frame-src ${FIGMA};`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const load = page.getByRole('button', { name: 'Load it here (Checkout prototype (Figma))' });
    await load.waitFor();
    // Scrolled to it two frames ago: a player loaded on sight would have its iframe in the page by now.
    await waitForFrames(page);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(foreign.map((r) => r.url())).toEqual([]);
    await load.click();
    const frame = page.frameLocator('[data-block="embed"] iframe');
    await frame.getByText('Prototype').waitFor();
    expect(await page.locator('[data-block="embed"] iframe').getAttribute('src')).toBe(
      `${FIGMA}/embed?embed_host=share&url=${encodeURIComponent('https://www.figma.com/proto/AbC123/Checkout-flow?node-id=1-2')}`,
    );
    expect(foreign.map((r) => new URL(r.url()).origin)).toEqual([FIGMA]);
    expect(await violations(page)).toEqual([]);
  });

  it('embed: reached by a link from a page whose CSP allows no frame, the page comes with its own and the player loads with no violation', async () => {
    const page = await openWithJs();
    await page
      .context()
      .route(`${FIGMA}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><p>Prototype</p>' }));
    await gotoReady(page, '/');
    expect((await page.request.get(url + '/')).headers()['content-security-policy']).not.toContain('frame-src');
    await page.getByRole('link', { name: 'Story Blocks Demo' }).click();
    await page.waitForURL(url + DEMO);
    const load = page.getByRole('button', { name: 'Load it here (Checkout prototype (Figma))' });
    await load.click();
    await page.frameLocator('[data-block="embed"] iframe').getByText('Prototype').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('video: the poster is not fetched until the video nears the viewport', async () => {
    const page = await openWithJs();
    const posters: string[] = [];
    page.on('request', (request) => request.url().includes('/poster-') && posters.push(request.url()));
    await gotoReady(page, DEMO);
    const video = page.locator('[data-block="video"] video[data-poster]');
    await page.waitForFunction(() => document.querySelector('[data-enhanced]'));
    expect(await video.getAttribute('poster')).toBeNull();
    expect(posters.filter((p) => p.endsWith('.webp') && !p.includes('-avif'))).toEqual([]);
    await video.scrollIntoViewIfNeeded();
    await expect.poll(() => video.getAttribute('poster')).toMatch(/^\/generated\/images\/poster-800\./);
  });

  it('video: the autoplay clip plays muted and looping once on screen', async () => {
    const page = await openWithJs();
    await gotoReady(page, DEMO);
    const video = page.locator('[data-block="video"] video[data-poster]');
    await video.scrollIntoViewIfNeeded();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.loop), { timeout: 10_000 }).toBe(true);
  });

  it('video: never autoplays under prefers-reduced-motion', async () => {
    const page = await openWithJs({ reducedMotion: 'reduce' });
    await gotoReady(page, DEMO);
    const video = page.locator('[data-block="video"] video[data-poster]');
    await video.scrollIntoViewIfNeeded();
    // The poster arrives from the same script's IntersectionObserver: it has seen the video. Two
    // frames on, the playback observer (half visible, it is) would have started it.
    await expect.poll(() => video.getAttribute('poster')).toMatch(/^\/generated\/images\/poster-800\./);
    await waitForFrames(page);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  it('the story is in the page once (no hydration data), and its blocks are enhanced on a page reached by a link', async () => {
    const html = await (await fetch(url + OFFICE_DEPOT)).text();
    expect(html.split('Office Depot Rewards is free to join').length - 1).toBe(1);
    expect(html).not.toContain('__remixContext');
    const page = await openWithJs();
    await gotoReady(page, OFFICE_DEPOT);
    await page.waitForFunction(() => document.querySelector('[data-block="before-after"][data-enhanced]'));
    expect(await page.locator('article.story h2').count()).toBe(9);
    await page.getByRole('link', { name: 'Back to Case Studies' }).first().click();
    await page.waitForURL(`${url}/#work`);
    await page.getByRole('link', { name: 'Story Blocks Demo' }).click();
    await page.waitForURL(url + DEMO);
    await page.waitForFunction(() => document.querySelector('[data-block="before-after"][data-enhanced]'));
    expect(await page.locator('article.story [data-block]').count()).toBeGreaterThan(8);
  });

  it('the blocks’ scripts load only on a page that has such blocks, and none on /', async () => {
    const page = await openWithJs();
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await gotoReady(page, '/');
    const onHome = [...scripts];
    await page.goto(url + DEMO);
    await waitForReady(page);
    await page.waitForFunction(() => document.querySelector('dialog.zoom-dialog') && document.querySelector('[data-enhanced]'));
    const enhancements = scripts.filter((path) => /\/(zoom|before-after|embed|video)-[A-Z0-9]+\.js$/.test(path));
    expect(enhancements.length).toBe(4);
    expect(onHome.filter((path) => /\/(zoom|before-after|embed|video)-/.test(path))).toEqual([]);
  });
});

describe('the story stays put', () => {
  /** Sum of layout shifts (not caused by input) while the page is scrolled from top to bottom. */
  async function shiftWhileScrolling(page: Page): Promise<number> {
    await page.evaluate(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 300) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      // Rendered at each position (frames, not a fixed delay), so lazy images there are started.
      await waitForFrames(page, 1);
    }
    await page.waitForLoadState('networkidle');
    // A shift is reported a frame or two after the one that showed it: every image loaded, then a few frames.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete || !img.checkVisibility()), undefined, {
      timeout: 10_000,
    });
    await waitForFrames(page, 5);
    return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  }

  it.each([
    [OFFICE_DEPOT, 375],
    [OFFICE_DEPOT, 1280],
    [DEMO, 375],
    [DEMO, 1280],
  ])('%s has no layout shift while scrolled through at %i px', async (path, width) => {
    const page = await openWithJs({ viewport: { width, height: 800 } });
    await gotoReady(page, path);
    expect(await shiftWhileScrolling(page)).toBe(0);
  });

  it.each([OFFICE_DEPOT, DEMO])('%s has no horizontal overflow at 320 px', async (path) => {
    const page = await openWithJs({ viewport: { width: 320, height: 640 } });
    await gotoReady(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

describe.each(['light', 'dark'] as const)('axe, %s', (colorScheme) => {
  it.each([OFFICE_DEPOT, DEMO])('%s has no violations', async (path) => {
    const page = await openWithJs({ colorScheme });
    await gotoReady(page, path);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => document.querySelector('dialog.zoom-dialog'));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('the open zoom dialog has no violations', async () => {
    const page = await openWithJs({ colorScheme });
    await gotoReady(page, OFFICE_DEPOT);
    await page.waitForFunction(() => document.querySelector('dialog.zoom-dialog'));
    await page.locator('article a[data-zoom]').first().click();
    await page.getByRole('dialog').waitFor();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
