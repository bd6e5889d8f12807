import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageSources } from '~/content/schema';
import { ROOT } from '../helpers/data/content';
import { at } from '../helpers/must';
import { builtContent, CHROMIUM_FAILED_404, waitForReady } from '../helpers/site/e2e';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/**
 * Images and fonts in a real Chromium against the built server: sizes and alt
 * on every <img>, lazy below the fold, the LCP element never lazy, AVIF
 * actually chosen, the generated files cached for a year, and not one request
 * leaving the site's origin.
 */

const url = publicSite();

const { openPage: open, open: openTracked } = useBrowser({}, { pagePerTest: true });

const PAGES = [
  { path: '/', status: 200 },
  { path: '/resume', status: 200 },
  { path: '/case-study/office-depot', status: 200 },
  { path: '/some/missing', status: 404 },
];
const IMAGE_PAGES = PAGES.filter((p) => p.path !== '/resume' && p.status === 200).map((p) => p.path);

/** Desktop, a large desktop (where the case study's image is the LCP) and Lighthouse's phone. */
type Viewport = {
  name: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile?: boolean;
  hasTouch?: boolean;
};

const VIEWPORTS: [Viewport, Viewport, Viewport] = [
  { name: 'desktop 1280', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: 'desktop 1440', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2 },
  { name: 'phone 412', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
];

type ImageState = {
  src: string;
  width: string | null;
  height: string | null;
  alt: string | null;
  loading: string | null;
  fetchpriority: string | null;
  decoding: string | null;
  /** Laid out (not display: none here, like the hero portrait on phones). */
  rendered: boolean;
  /** Rendered and at least partly inside the first viewport (scrollY 0). */
  aboveFold: boolean;
  currentSrc: string;
  complete: boolean;
  naturalWidth: number;
};

function imageStates(page: Page): Promise<ImageState[]> {
  return page.locator('img').evaluateAll((imgs: HTMLImageElement[]) =>
    imgs.map((img) => {
      const rect = img.getBoundingClientRect();
      const rendered = img.checkVisibility() && rect.width > 0 && rect.height > 0;
      return {
        src: img.getAttribute('src') ?? '',
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        alt: img.getAttribute('alt'),
        loading: img.getAttribute('loading'),
        fetchpriority: img.getAttribute('fetchpriority'),
        decoding: img.getAttribute('decoding'),
        rendered,
        aboveFold: rendered && rect.top + window.scrollY < window.innerHeight && rect.bottom + window.scrollY > 0,
        currentSrc: img.currentSrc,
        complete: img.complete,
        naturalWidth: img.naturalWidth,
      };
    }),
  );
}

type LcpCandidate = { tag: string; loading: string | null; fetchpriority: string | null; url: string; size: number };
type WindowWithLcp = { __lcp: LcpCandidate[] };

/** Records every largest-contentful-paint candidate from the start of the document. */
function observeLcp() {
  const w = window as unknown as WindowWithLcp;
  w.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; url: string; size: number })[]) {
      const el = entry.element;
      w.__lcp.push({
        tag: el?.tagName ?? '(removed)',
        loading: el?.getAttribute('loading') ?? null,
        fetchpriority: el?.getAttribute('fetchpriority') ?? null,
        url: entry.url,
        size: entry.size,
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * Waits until the LCP can no longer change: every image in the first screen
 * has loaded, and the page has rendered five frames since then and since the
 * last candidate (an entry arrives a frame or two after the paint it
 * reports). Frames, not milliseconds: under load the first frame can come
 * after the network has gone idle. The test then reads the last candidate.
 */
async function waitForLcpToSettle(page: Page) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as WindowWithLcp & { __lcpSettle?: { entries: number; frames: number } };
      const inFirstScreen = [...document.images].filter((img) => {
        const rect = img.getBoundingClientRect();
        return img.checkVisibility() && rect.width > 0 && rect.top + window.scrollY < window.innerHeight;
      });
      const loaded = inFirstScreen.every((img) => img.complete);
      const settle = (w.__lcpSettle ??= { entries: -1, frames: 0 });
      if (!loaded || settle.entries !== w.__lcp.length) {
        w.__lcpSettle = { entries: w.__lcp.length, frames: 0 };
        return false;
      }
      return w.__lcp.length > 0 && ++settle.frames >= 5;
    },
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );
}

/**
 * Scrolls to the bottom in steps, so every lazy image is requested, then back
 * to the top. Each position stays for two rendered frames, not a number of
 * milliseconds: lazy images are started from a frame's intersection check,
 * and a busy machine may render none in a short wait.
 */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
      await frame();
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForLoadState('networkidle');
}

/** Every candidate URL in a srcset. */
const candidates = (srcset: string) => srcset.split(',').map((c) => c.trim().split(/\s+/) as [string, string]);

function allSources(): { src: string; sources: ImageSources }[] {
  const content = builtContent();
  return [
    ...Object.values(content.site.photos),
    ...[...content.cards, ...Object.values(content.caseStudies)].map((c) => ({ src: c.image, sources: c.imageSources })),
  ];
}

describe('the server-rendered HTML', () => {
  it.each(IMAGE_PAGES)(
    '%s: every raster image is a <picture> with AVIF and WebP sources and sizes (a story SVG stays SVG), and at most one fetchpriority="high"',
    async (pagePath) => {
      // Content images only: the <noscript> pixel that counts a view without JavaScript is not one.
      const html = (await (await fetch(`${url}${pagePath}`)).text()).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
      const pictures = html.match(/<picture\b[\s\S]*?<\/picture>/g) ?? [];
      const imgs = html.match(/<img\b[^>]*>/g) ?? [];
      const isSvg = (img: string) => /\ssrc="\/generated\/images\/[^"]+\.[0-9a-f]{10}\.svg"/.test(img);
      expect(pictures.length).toBeGreaterThan(0);
      // Outside a <picture> only SVGs (a story's drawings); a photo or card drawn as SVG has its raster variants too.
      const outside = html.replace(/<picture\b[\s\S]*?<\/picture>/g, '').match(/<img\b[^>]*>/g) ?? [];
      expect(
        outside.filter((img) => !isSvg(img)),
        'every raster <img> is in a <picture>',
      ).toEqual([]);
      for (const picture of pictures) {
        expect(picture).toMatch(/<source type="image\/avif" srcSet="[^"]*\/generated\/images\/[^"]+\.avif \d+w[^"]*" sizes="[^"]+"/i);
        expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]*\/generated\/images\/[^"]+\.webp \d+w[^"]*" sizes="[^"]+"/i);
      }
      // React 18 would print a camel-cased fetchPriority (and warn); the attribute must be the real one.
      expect(html).not.toContain('fetchPriority');
      const high = imgs.filter((img) => img.includes('fetchpriority="high"'));
      expect(high).toHaveLength(1);
      expect(high[0]).toContain('loading="eager"');
      for (const img of imgs.filter((i) => !high.includes(i))) expect(img).toContain('loading="lazy"');
    },
  );
});

/** What every page load of the browser tests below checks, at each viewport (one load each, for the machine's sake). */
type PageLoad = {
  page: Page;
  status: number | undefined;
  /** Every request of the page's context, in order. */
  requests: string[];
  /** Every image response from the site: path, type, status. */
  images: { path: string; type: string | undefined; status: number }[];
  consoleErrors: () => string[];
};

/** Opens `pagePath` at `context`, recording its requests, image answers and LCP candidates from the first byte, until the network is idle. */
async function load(context: Parameters<typeof openTracked>[0], pagePath: string): Promise<PageLoad> {
  const { page, errors: consoleErrors } = await openTracked(context);
  const requests: string[] = [];
  const images: PageLoad['images'] = [];
  page.context().on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image' && response.url().startsWith(url)) {
      images.push({ path: new URL(response.url()).pathname, type: response.headers()['content-type'], status: response.status() });
    }
  });
  await page.addInitScript(observeLcp);
  const response = await page.goto(`${url}${pagePath}`, { waitUntil: 'networkidle' });
  return { page, status: response?.status(), requests, images, consoleErrors };
}

/** The last LCP candidate is not lazy; an image LCP is eager with fetchpriority=high, and its AVIF variant. */
async function expectLcpNotLazy(page: Page) {
  await waitForLcpToSettle(page);
  const entries = await page.evaluate(() => (window as unknown as WindowWithLcp).__lcp);
  expect(entries.length, 'a largest-contentful-paint entry').toBeGreaterThan(0);
  const lcp = at(entries, -1, 'the last largest-contentful-paint entry');
  expect(lcp.loading, `LCP element <${lcp.tag}> ${lcp.url}`).not.toBe('lazy');
  if (lcp.tag === 'IMG') {
    expect(lcp.loading).toBe('eager');
    expect(lcp.fetchpriority).toBe('high');
    expect(new URL(lcp.url).pathname).toMatch(/^\/generated\/images\/.+\.avif$/);
  }
}

/** Every <img> has width, height, alt and decoding=async; only the one high-priority image is eager. */
async function expectImageAttributes(page: Page, pagePath: string) {
  const images = await imageStates(page);
  if (IMAGE_PAGES.includes(pagePath)) expect(images.length).toBeGreaterThan(0);
  for (const img of images) {
    expect(Number(img.width), `${img.src} width`).toBeGreaterThan(0);
    expect(Number(img.height), `${img.src} height`).toBeGreaterThan(0);
    expect(img.alt?.trim().length, `${img.src} alt`).toBeGreaterThan(0);
    expect(img.decoding, `${img.src} decoding`).toBe('async');
    if (img.loading === 'eager') expect(img.fetchpriority, `${img.src} is eager, so it must be the LCP image`).toBe('high');
    else expect(img.loading, `${img.src} loading`).toBe('lazy');
  }
  expect(images.filter((img) => img.fetchpriority === 'high').length).toBeLessThanOrEqual(1);
}

/** Chromium chose the AVIF variants (SVG stays SVG; a video poster is one WebP), never the fallback originals, and every rendered image decoded. */
async function expectAvifChosen({ page, images }: PageLoad) {
  // Hidden images (the hero portrait on phones) are lazy, so never fetched. The rest load
  // after their bytes have arrived, which on a busy machine can be after the network looks idle.
  const undecoded = async () =>
    (await imageStates(page)).filter((img) => img.rendered && !(img.complete && img.naturalWidth > 0)).map((img) => img.src);
  await expect.poll(undecoded, { timeout: 10_000, message: 'images not decoded' }).toEqual([]);
  const posters = await page.locator('video[poster]').evaluateAll((videos) => videos.map((v) => v.getAttribute('poster')));
  const contentImages = images.filter((i) => i.path.startsWith('/generated/') || i.path.startsWith('/images/'));
  expect(contentImages.length).toBeGreaterThan(0);
  for (const image of contentImages) {
    if (posters.includes(image.path)) {
      expect(image.type, image.path).toBe('image/webp');
    } else if (image.path.endsWith('.svg')) {
      expect(image.path).toMatch(/^\/generated\/images\/.+\.[0-9a-f]{10}\.svg$/);
      expect(image.type, image.path).toMatch(/^image\/svg\+xml/);
    } else {
      expect(image.path).toMatch(/^\/generated\/images\/.+\.avif$/);
      expect(image.type, image.path).toBe('image/avif');
    }
    expect(image.status, image.path).toBe(200);
  }
  for (const img of await imageStates(page)) {
    if (img.rendered) expect(img.currentSrc, img.src).toMatch(/\/generated\/images\/.+\.(avif|[0-9a-f]{10}\.svg)$/);
  }
}

/** Every request, scrolled to the end, went to the site's own origin, with no console error but a 404 page's own. */
function expectOnlyOwnOrigin({ requests, consoleErrors }: PageLoad, status: number) {
  expect(requests.length).toBeGreaterThan(1);
  const origin = new URL(url).origin;
  const elsewhere = requests.filter((r) => !r.startsWith('data:') && new URL(r).origin !== origin);
  expect(elsewhere, 'requests to other origins').toEqual([]);
  const errors = consoleErrors();
  expect(status === 404 ? errors.filter((e) => !CHROMIUM_FAILED_404.test(e)) : errors, 'console errors').toEqual([]);
}

describe.each(VIEWPORTS)('$name', ({ name, viewport, deviceScaleFactor, isMobile, hasTouch }) => {
  const context = { viewport, deviceScaleFactor, isMobile, hasTouch };
  // The desktop and the phone are also scrolled to the end: what every image, and every request, turned out to be.
  const scrolled = name !== VIEWPORTS[1].name;

  it.each(PAGES)(
    scrolled
      ? '$path: the LCP element is not lazy; every <img> has width, height, alt and decoding=async, only the high-priority one eager; scrolled to the end, AVIF is chosen and no request leaves the site'
      : '$path: the LCP element is not lazy; every <img> has width, height, alt and decoding=async, only the high-priority one eager',
    async ({ path: pagePath, status }) => {
      const loaded = await load(context, pagePath);
      expect(loaded.status).toBe(status);
      await expectLcpNotLazy(loaded.page);
      await waitForReady(loaded.page);
      await expectImageAttributes(loaded.page, pagePath);
      if (!scrolled) return;
      if (IMAGE_PAGES.includes(pagePath)) {
        // <picture> is display: contents, so its <source> children would otherwise be laid out as empty flex items:
        // in the contact section the two of them and their gaps pushed the avatar 32 px right of everything else.
        const displays = await loaded.page
          .locator('picture > source')
          .evaluateAll((sources) => sources.map((s) => getComputedStyle(s).display));
        expect(displays.length).toBeGreaterThan(0);
        expect(new Set(displays), 'the <source> elements of a <picture> are not laid out').toEqual(new Set(['none']));
      }
      await scrollThrough(loaded.page);
      if (IMAGE_PAGES.includes(pagePath)) await expectAvifChosen(loaded);
      expectOnlyOwnOrigin(loaded, status);
    },
  );
});

describe('below the fold', () => {
  /**
   * An eager image must earn it: it is inside the first screen at one of the
   * viewports. Any image below the fold at all of them is lazy.
   */
  it.each(IMAGE_PAGES)(
    '%s: images below the fold at every viewport are lazy; eager ones are above the fold somewhere',
    async (pagePath) => {
      const seen = new Map<string, { loading: string | null; aboveFold: boolean[] }>();
      for (const { viewport, deviceScaleFactor, isMobile, hasTouch } of VIEWPORTS) {
        const page = await open({ viewport, deviceScaleFactor, isMobile, hasTouch });
        await page.goto(`${url}${pagePath}`);
        await waitForReady(page);
        for (const [i, img] of (await imageStates(page)).entries()) {
          const key = `${i} ${img.src}`;
          const entry = seen.get(key) ?? { loading: img.loading, aboveFold: [] };
          entry.aboveFold.push(img.aboveFold);
          seen.set(key, entry);
        }
      }
      expect(seen.size).toBeGreaterThan(0);
      for (const [key, { loading, aboveFold }] of seen) {
        if (!aboveFold.some(Boolean)) expect(loading, `${key} is below the fold at every viewport`).toBe('lazy');
        if (loading !== 'lazy') expect(aboveFold.some(Boolean), `${key} is eager`).toBe(true);
      }
    },
  );

  it('a lazy image out of view is not fetched until scrolled to (the cards on a phone)', async () => {
    const page = await open(VIEWPORTS[2]);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(url, { waitUntil: 'networkidle' });
    const card = builtContent().cards.at(-1)!;
    // Its own variants, by URL: card images may share a file name (each case study's card.svg).
    const variants = new Set(
      [card.imageSources.avif, card.imageSources.webp].flatMap((set) => set.split(',').map((entry) => entry.trim().split(' ')[0]!)),
    );
    const ofCard = (p: string) => variants.has(p);
    expect(requested.filter(ofCard), 'last card image before scrolling').toEqual([]);
    // The hero's portrait card is hidden on phones: lazy, so never fetched at all.
    expect(
      requested.filter((p) => p.includes('/profile-')),
      'hidden portrait',
    ).toEqual([]);
    await scrollThrough(page);
    // A request started by the last frames may reach the test after the network looked idle.
    await expect.poll(() => requested.filter(ofCard).length, { timeout: 5_000, message: 'last card image after scrolling' }).toBe(1);
  });
});

describe('layout', () => {
  it('the contact avatar lines up with the contact links below it', async () => {
    for (const { viewport, deviceScaleFactor, isMobile, hasTouch } of [VIEWPORTS[0], VIEWPORTS[2]]) {
      const page = await open({ viewport, deviceScaleFactor, isMobile, hasTouch });
      await page.goto(url);
      const avatar = await page.locator('#contact img').boundingBox();
      const mailIcon = await page.locator('#contact a[href^="mailto:"] > span').first().boundingBox();
      expect(avatar && mailIcon).toBeTruthy();
      expect(Math.abs(avatar!.x - mailIcon!.x), `at ${viewport.width} px`).toBeLessThan(1);
    }
  });
});

describe('generated files', () => {
  const variants = [
    ...new Map(
      allSources().flatMap(({ src, sources }) =>
        (['avif', 'webp'] as const).flatMap((format) =>
          candidates(sources[format]).map(([file, w]) => [file, { file, width: Number.parseInt(w, 10), format, src }] as const),
        ),
      ),
    ).values(),
  ];

  it('every content image has AVIF and WebP variants with content-hashed names, never wider than a raster source', async () => {
    expect(variants.length).toBeGreaterThan(0);
    for (const { file, width, format, src } of variants) {
      expect(file).toMatch(new RegExp(`^/generated/images/[\\w-]+-${width}\\.[0-9a-f]{10}\\.${format}$`));
      const onDisk = path.join(ROOT, 'public', file);
      expect(existsSync(onDisk), file).toBe(true);
      const meta = await sharp(onDisk).metadata();
      expect(meta.format, file).toBe(format === 'avif' ? 'heif' : 'webp');
      expect(meta.width, file).toBe(width);
      const source = await sharp(path.join(ROOT, 'public', src)).metadata();
      if (source.format !== 'svg') expect(width, `${file} upscales ${src}`).toBeLessThanOrEqual(source.autoOrient.width);
    }
  });

  it('every variant answers 200 with its image type, cached immutably for a year', async () => {
    for (const { file, format } of variants) {
      const response = await fetch(`${url}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe(`image/${format}`);
      const cacheControl = response.headers.get('cache-control') ?? '';
      expect(cacheControl, file).toContain('max-age=31536000');
      expect(cacheControl, file).toContain('immutable');
      await response.arrayBuffer();
    }
  });

  it('the fallback originals still answer 200 (browsers without AVIF or WebP)', async () => {
    for (const { src } of allSources()) {
      const response = await fetch(`${url}${src}`);
      expect(response.status, src).toBe(200);
      expect(response.headers.get('content-type'), src).toMatch(/^image\//);
      await response.arrayBuffer();
    }
  });
});

describe('fonts', () => {
  it('text uses the platform typeface: no font file is downloaded', async () => {
    const page = await open();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    expect(fonts).toEqual([]);
    const body = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(body).toMatch(/^-apple-system, BlinkMacSystemFont, .*sans-serif$/);
  });
});
