import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { CompiledContent } from '~/content/schema';
import { ROOT } from '../helpers/data/content';
import { buildLookSite, lookContentJson, startLookServer } from '../helpers/data/look-site';
import type { RunningServer } from '../helpers/start/server';
import { firstLoadBytes } from './first-load-bytes';
import { lighthousePages } from './lighthouse';
import { startPageProxy } from './scripts-removed';
import { BENCH_LOOKS, FONT_DELAY_MS, type LookPageResult, type LookResult } from './looks-report';

/**
 * Three looks side by side: the site as it ships (no look), a serif pairing
 * and a dark one, each on the content under test (the fixture, never
 * content/'s words) compiled with that look by the build's own code
 * (test/helpers/data/look-site.ts), with the fixture pages of her own, and
 * served by the built server. On `/`, a case study and a page of her own
 * (a page beside a case study), at Lighthouse's phone profile: LCP with the page's
 * scripts against the same page without them (the proxy of
 * test/bench/scripts-removed.ts, in turns), CLS as Lighthouse sees it and
 * as a PerformanceObserver sums it in Chromium while every font arrives
 * 300 ms late (the moment a late web font could move the page), and the
 * font and script bytes of the first view (Chromium's network log).
 */

/** Lighthouse's phone viewport, as the pages section's first-load bytes use it. */
const PHONE = { width: 412, height: 823 };

/** The first public case study of a compiled content set: the page a recruiter opens after `/`. */
function caseStudyOf(contentJson: string): string {
  const content = JSON.parse(readFileSync(path.join(ROOT, contentJson), 'utf8')) as CompiledContent;
  const card = content.cards.find((candidate) => candidate.href && !candidate.private);
  if (!card?.href) throw new Error(`${contentJson} has no public case study to measure`);
  return card.href;
}

/** The first of her own pages in the menu, in a compiled content set (the bench builds it with the fixture pages). */
function ownPageOf(contentJson: string): string {
  const content = JSON.parse(readFileSync(path.join(ROOT, contentJson), 'utf8')) as CompiledContent;
  const page = Object.values(content.pages ?? {}).sort((a, b) => (a.menu ?? Infinity) - (b.menu ?? Infinity))[0];
  if (!page) throw new Error(`${contentJson} has no page of her own to measure`);
  return page.href;
}

/** Sums every layout shift not caused by input into window.__layoutShift, from the page's first moment. */
const LAYOUT_SHIFT_OBSERVER = `
  window.__layoutShift = { sum: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift.sum += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;
/** Three frames drawn: a shift a face that just arrived causes is reported by then. */
const THREE_FRAMES =
  'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))))';

/** The layout shift of a first view whose every font file arrives `delayMs` late, as Chromium reports it. */
export async function layoutShiftWithLateFonts(browser: Browser, url: string, delayMs = FONT_DELAY_MS): Promise<number> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    await context.route('**/*', async (route) => {
      if (route.request().resourceType() === 'font') await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.fallback();
    });
    // As source text, not functions: tsx compiles functions with a helper (__name) the page does not have.
    await context.addInitScript(LAYOUT_SHIFT_OBSERVER);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // Every face asked for has arrived (or failed), and was drawn: any shift it causes is in the sum by then.
    await page.waitForFunction(() => document.fonts.status === 'loaded', undefined, { timeout: 30_000 });
    await page.evaluate(THREE_FRAMES);
    return Number(await page.evaluate('window.__layoutShift.sum'));
  } finally {
    await context.close();
  }
}

async function measurePage(browser: Browser, origin: string, page: string, runs: number, log: (line: string) => void) {
  const withProxy = await startPageProxy(origin, { withoutScripts: false });
  const withoutProxy = await startPageProxy(origin, { withoutScripts: true });
  try {
    await withProxy.warm([page]);
    await withoutProxy.warm([page]);
    const bytes = await firstLoadBytes(browser, origin + page, PHONE);
    const observedCls = await layoutShiftWithLateFonts(browser, origin + page);
    log(`  Lighthouse ${page} through a proxy, with and without its scripts in turns (${runs} run${runs === 1 ? '' : 's'} each)`);
    const [on, off] = await lighthousePages([withProxy.url + page, withoutProxy.url + page], runs, log);
    return {
      path: page,
      lcpWithMs: on!.median.lcpMs,
      lcpWithoutMs: off!.median.lcpMs,
      lighthouseCls: on!.median.cls,
      observedCls,
      fontBytes: bytes.firstLoad.font,
      scriptBytes: bytes.firstLoad.js,
    };
  } finally {
    await withProxy.stop();
    await withoutProxy.stop();
  }
}

export async function measureLooks({
  browser,
  runs,
  log,
}: {
  browser: Browser;
  runs: number;
  log: (line: string) => void;
}): Promise<LookResult[]> {
  const results: LookResult[] = [];
  for (const look of BENCH_LOOKS) {
    const name = `bench-${look.id}`;
    log(`Look “${look.label}”: compiling the fixture content with it`);
    await buildLookSite({ name, look: look.look, pages: true });
    let server: RunningServer | undefined;
    try {
      server = await startLookServer(name);
      const pages: LookPageResult[] = [];
      for (const page of ['/', caseStudyOf(lookContentJson(name)), ownPageOf(lookContentJson(name))]) {
        const response = await fetch(server.url + page);
        if (response.status !== 200) throw new Error(`${page} in the look “${look.label}” answered ${response.status}`);
        pages.push(await measurePage(browser, server.url, page, runs, log));
      }
      results.push({ look, pages });
    } finally {
      await server?.stop();
    }
  }
  return results;
}
