import type { Browser, Page } from 'playwright-core';

export type Kind = 'js' | 'css' | 'html' | 'image' | 'font' | 'other';
export type ByteCounts = Record<Kind, number> & { total: number; requests: number };
export type Transfer = { url: string; kind: Kind; bytes: number; encoding: string; status: number };
export type PageBytes = {
  /** What loading the page transfers, without scrolling (network idle). */
  firstLoad: ByteCounts;
  /** Everything after scrolling to the bottom (lazy images, viewport prefetches). */
  scrolled: ByteCounts;
  /** Each first-load response, largest first. */
  transfers: Transfer[];
};

const KIND: Record<string, Kind> = { script: 'js', stylesheet: 'css', document: 'html', image: 'image', font: 'font' };

const empty = (): ByteCounts => ({ js: 0, css: 0, html: 0, image: 0, font: 0, other: 0, total: 0, requests: 0 });

function count(transfers: Transfer[]): ByteCounts {
  const counts = empty();
  for (const t of transfers) {
    counts[t.kind] += t.bytes;
    counts.total += t.bytes;
    counts.requests += 1;
  }
  return counts;
}

/**
 * Bytes a first visit to `url` transfers, by kind: response bodies as sent
 * over the wire (headers not counted), with a cold cache. The browser asks
 * for gzip only (Chromium would otherwise get brotli on loopback), so the
 * numbers are the gzipped sizes the budgets are written in; files the server
 * does not compress (fonts, small chunks) count at their plain size.
 * The default viewport is Lighthouse's mobile one.
 */
export async function firstLoadBytes(browser: Browser, url: string, viewport = { width: 412, height: 823 }): Promise<PageBytes> {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    const page = await context.newPage();
    const pending: Promise<Transfer>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const encoding = (await response?.headerValue('content-encoding')) ?? 'none';
          return {
            url: request.url(),
            kind: KIND[request.resourceType()] ?? 'other',
            bytes: sizes.responseBodySize,
            encoding,
            status: response?.status() ?? 0,
          };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const transfers = await Promise.all(pending.splice(0));
    await scrollToTheEnd(page, { step: 400, pauseMs: 20, settleMs: 300 });
    const later = await Promise.all(pending);
    const failed = [...transfers, ...later].filter((t) => t.status >= 400 || t.status === 0);
    if (failed.length > 0) {
      // E.g. a concurrent build replaced public/build under the running server: the numbers would be meaningless.
      throw new Error(`first load of ${url} had failed responses: ${failed.map((t) => `${t.status} ${t.url}`).join(', ')}`);
    }
    transfers.sort((a, b) => b.bytes - a.bytes);
    return { firstLoad: count(transfers), scrolled: count([...transfers, ...later]), transfers };
  } finally {
    await context.close();
  }
}

/**
 * Scrolls a page to its end `step` pixels at a time, as a reader would, so that
 * everything loaded lazily on the way loads; then waits for the network to go quiet.
 */
export async function scrollToTheEnd(page: Page, { step, pauseMs, settleMs }: { step: number; pauseMs: number; settleMs: number }) {
  await page.evaluate(
    async ({ step, pauseMs }) => {
      for (let y = 0; y < document.body.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    },
    { step, pauseMs },
  );
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(settleMs);
}
