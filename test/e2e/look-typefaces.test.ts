// @module-tag slow
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledContent } from '~/content/schema';
import { TYPEFACES, type Typeface } from '~/look/look';
import { typefaceChoice, WEB_FONTS } from '~/look/typefaces';
import { ROOT } from '../helpers/data/content';
import { PRIVATE_ENV, PRIVATE_PATH } from '../helpers/data/private';
import { buildLookSite, lookContentJson, lookFixture, relookSite, startLookServer } from '../helpers/data/look-site';
import { waitForFrames, waitForReady } from '../helpers/site/e2e';
import type { RunningServer } from '../helpers/start/server';
import { useBrowser } from '../helpers/suite/browser-suite';

/**
 * Her typefaces, self-hosted and still: a designer with a serif pairing
 * (test/fixtures/looks/serif-pairing.yml: Fraunces headings over
 * Instrument Sans) gets its faces on every public page, from our own
 * origin, cached for a year; the page does not move when the font arrives
 * late (a font missing at the first paint waits for the next view, drawn
 * meanwhile in its metric-matched fallback); and for every pairing the
 * first view of `/` fetches only the Latin files of its heading and text
 * faces, at most 80 KB, measured in Chromium's network log.
 *
 * The serif designer's content is compiled by the build's own code; each
 * other pairing reuses it with only the typeface changed (relookSite).
 */

const SERIF = 'serif-pairing';
const FIRST_VIEW_BUDGET = 80 * 1024;
const servers = new Map<string, RunningServer>();

const pairingSite = (id: Typeface) => `typeface-${id}`;

beforeAll(async () => {
  const serif = await lookFixture(SERIF);
  await buildLookSite(serif);
  servers.set(SERIF, await startLookServer(SERIF, PRIVATE_ENV));
}, 300_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const chromium = useBrowser({}, { pagePerTest: true });
const urlOf = (name: string) => servers.get(name)!.url;

function caseStudyPath(): string {
  const content = JSON.parse(readFileSync(path.join(ROOT, lookContentJson(SERIF)), 'utf8')) as CompiledContent;
  const card = content.cards.find((candidate) => candidate.href && !candidate.private);
  if (!card?.href) throw new Error('the content under test has no public case study');
  return card.href;
}

/** The font files a page fetched, as Chromium's network log has them: address, bytes on the wire and caching. */
function recordFonts(page: Page): { url: string; bytes: number; cacheControl: string }[] {
  const fonts: { url: string; bytes: number; cacheControl: string }[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'font') return;
    const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
    fonts.push({
      url: request.url(),
      bytes: sizes.responseBodySize,
      cacheControl: (await response?.allHeaders())?.['cache-control'] ?? '',
    });
  });
  return fonts;
}

/** Once every face the page asked for has loaded (or failed), and a few frames were drawn with them. */
async function fontsSettled(page: Page) {
  await page.waitForFunction(() => document.fonts.status === 'loaded', undefined, { timeout: 20_000 });
  await waitForFrames(page, 3);
}

const editorial = typefaceChoice('editorial-serif');
/** A font-family stack as getComputedStyle gives it back: family names in double quotes. */
const asComputed = (stack: string) => stack.replaceAll("'", '"');
const HEADING_FAMILY = WEB_FONTS.fraunces.family;
const TEXT_FAMILY = WEB_FONTS['instrument-sans'].family;

describe('a serif pairing on every public page', () => {
  const pages = () => [
    { path: '/', status: 200 },
    { path: caseStudyPath(), status: 200 },
    { path: '/resume', status: 200 },
    { path: '/no/such/page', status: 404 },
    { path: PRIVATE_PATH, status: 200, lock: true },
  ];

  it(
    'headings in the heading face, text in the text face, loaded from our own origin for a year, no CSP violation',
    { timeout: 120_000 },
    async () => {
      const origin = new URL(urlOf(SERIF)).origin;
      for (const { path: at, status, lock } of pages()) {
        const { page } = await chromium.open({ viewport: { width: 1280, height: 800 } });
        await page.addInitScript(() => {
          const w = window as unknown as { __csp: string[] };
          w.__csp = [];
          document.addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
        });
        const fonts = recordFonts(page);
        const response = await page.goto(urlOf(SERIF) + at);
        expect(response?.status(), at).toBe(status);
        if (!lock) await waitForReady(page);
        await fontsSettled(page);
        const seen = await page.evaluate(
          ({ heading, text }) => ({
            h1: getComputedStyle(document.querySelector('h1')!).fontFamily,
            body: getComputedStyle(document.body).fontFamily,
            headingLoaded: document.fonts.check(`600 32px '${heading}'`),
            textLoaded: document.fonts.check(`400 16px '${text}'`),
            violations: (window as unknown as { __csp: string[] }).__csp,
          }),
          { heading: HEADING_FAMILY, text: TEXT_FAMILY },
        );
        expect(seen, at).toEqual({
          h1: asComputed(editorial.heading),
          body: asComputed(editorial.text),
          headingLoaded: true,
          textLoaded: true,
          violations: [],
        });
        await expect.poll(() => fonts.length, { message: `${at}: fonts fetched` }).toBeGreaterThanOrEqual(2);
        for (const font of fonts) {
          expect(new URL(font.url).origin, at).toBe(origin);
          expect(font.url, at).toMatch(/\/build\/_assets\/[\w-]+-latin(-ext)?-wght-(normal|italic)-[A-Z0-9]+\.woff2$/);
          expect(font.cacheControl, at).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
        }
      }
    },
  );

  it('the Latin files of both faces are preloaded, and nothing else', async () => {
    const html = await (await fetch(urlOf(SERIF) + '/')).text();
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin="anonymous"\/>/g)].map(
      ([, href]) => path.basename(href!).replace(/-[A-Z0-9]+\.woff2$/, ''),
    );
    expect(preloads).toEqual(['fraunces-latin-wght-normal', 'instrument-sans-latin-wght-normal']);
  });
});

/** The sum of the layout shifts the page reported, none after an input. */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const moved = (source: Source) =>
          `${source.node?.nodeName ?? '?'} from ${Math.round(source.previousRect.x)},${Math.round(source.previousRect.y)} to ${Math.round(source.currentRect.x)},${Math.round(source.currentRect.y)}`;
        w.__shifts.push(`${entry.value.toFixed(4)}: ${(entry.sources ?? []).map(moved).join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsOf = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });

describe('no layout shift when the font arrives late', () => {
  it.each([
    ['editorial-serif', 1280],
    ['editorial-serif', 375],
    ['mono-accent', 1280],
    ['mono-accent', 375],
  ] as const)(
    '%s at %i px: held back past the first paint, the font is not swapped in late (CLS 0); the next view has it',
    { timeout: 120_000 },
    async (id, width) => {
      const site = id === 'editorial-serif' ? SERIF : pairingSite(id);
      if (!servers.has(site)) {
        await relookSite(SERIF, { name: site, look: { typeface: id } });
        servers.set(site, await startLookServer(site));
      }
      const { page } = await chromium.open({ viewport: { width, height: 800 } });
      await observeShifts(page);
      // The font files are held back until the page has been drawn with the fallbacks.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = 0;
      await page.route('**/*.woff2', async (route) => {
        held += 1;
        await released;
        await route.continue();
      });
      // Not until `load`: the page's load waits for its preloads, which are held.
      await page.goto(urlOf(site) + '/', { waitUntil: 'domcontentloaded' });
      await waitForFrames(page, 3);
      const fonts = typefaceChoice(id).fonts!;
      const families = [WEB_FONTS[fonts.heading].family, WEB_FONTS[fonts.text].family];
      const drawn = (page: Page) => page.evaluate((names) => names.map((name) => document.fonts.check(`400 16px '${name}'`)), families);
      expect(await drawn(page), 'drawn with the fallbacks').toEqual([false, false]);
      expect(held).toBeGreaterThanOrEqual(2);
      release();
      await waitForReady(page);
      await fontsSettled(page);
      expect(await drawn(page), 'the fonts arrived').toEqual([true, true]);
      expect(await shiftsOf(page)).toEqual({ cls: 0, shifts: [] });
      // The next page has them from the cache, at once: drawn in her faces, still.
      await page.reload();
      await waitForReady(page);
      await fontsSettled(page);
      expect(await drawn(page)).toEqual([true, true]);
      expect(await shiftsOf(page)).toEqual({ cls: 0, shifts: [] });
    },
  );
});

describe('the first view of / for every pairing', () => {
  const measured: string[] = [];

  afterAll(() => {
    console.log(['pairing | width | files | font bytes', ...measured].join('\n'));
  });

  it.each(TYPEFACES.flatMap((id) => [1280, 375].map((width) => ({ id, width }))))(
    '$id at $width px: only the Latin files of its faces, at most 80 KB',
    { timeout: 120_000 },
    async ({ id, width }) => {
      const site = id === 'editorial-serif' ? SERIF : pairingSite(id);
      if (!servers.has(site)) {
        await relookSite(SERIF, { name: site, look: { typeface: id } });
        servers.set(site, await startLookServer(site));
      }
      const { page } = await chromium.open({ viewport: { width, height: 800 } });
      const fonts = recordFonts(page);
      await page.goto(urlOf(site) + '/');
      await waitForReady(page);
      await fontsSettled(page);
      await page.waitForLoadState('networkidle');
      const choice = typefaceChoice(id);
      const expected = choice.fonts
        ? [...new Set([choice.fonts.heading, choice.fonts.text])].map((font) => `${font}-latin-wght-normal`).sort()
        : [];
      const names = fonts.map((font) => path.basename(new URL(font.url).pathname).replace(/-[A-Z0-9]+\.woff2$/, '')).sort();
      const bytes = fonts.reduce((sum, font) => sum + font.bytes, 0);
      measured.push(`${id} | ${width} | ${names.join(' + ') || '(none)'} | ${bytes}`);
      expect(names).toEqual(expected);
      expect(bytes).toBeLessThanOrEqual(FIRST_VIEW_BUDGET);
    },
  );
});
