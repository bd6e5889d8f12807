import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { compileSite } from '../../pipeline/content/compile';
import { scrollToTheEnd } from './first-load-bytes';

export type StoryImageBytes = {
  viewport: string;
  /** Bytes of the story's images a phone downloads, scrolled to the end (as transferred). */
  transferred: number;
  requests: number;
  /** The same images as the writer's original files. */
  originals: number;
  files: number;
};

/**
 * What a case study's story images cost on a 375 px phone (3× density, like
 * an iPhone mini), scrolled from top to bottom, against what the same images
 * would cost served as the original files. The originals are found through
 * the build's own image plan, which knows the source of every file it makes.
 */
export async function storyImageBytes(browser: Browser, url: string, root: string): Promise<StoryImageBytes> {
  const { images } = await compileSite(path.join(root, 'content'), path.join(root, 'public'));
  const sourceOf = new Map([...images.outputs].map(([out, output]) => [`${images.target.url}/${path.basename(out)}`, output.source]));
  const viewport = { width: 375, height: 812 };
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  try {
    const page = await context.newPage();
    const pending: Promise<{ path: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'image') return;
      pending.push(request.sizes().then((sizes) => ({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await scrollToTheEnd(page, { step: 300, pauseMs: 40, settleMs: 500 });
    // Every file the story refers to (srcset candidates, fallbacks, posters, zoom links).
    const storyHtml = await page.locator('article.story').innerHTML();
    const named = new Set(storyHtml.match(/\/generated\/images\/[^"\s,]+/g) ?? []);
    const loaded = (await Promise.all(pending)).filter((t) => named.has(t.path));
    const sources = new Set(loaded.map((t) => sourceOf.get(t.path)).filter((s): s is string => s !== undefined));
    const sizes = await Promise.all([...sources].map(async (file) => (await stat(file)).size));
    return {
      viewport: `${viewport.width}×${viewport.height} at 3×`,
      transferred: loaded.reduce((sum, t) => sum + t.bytes, 0),
      requests: loaded.length,
      originals: sizes.reduce((a, b) => a + b, 0),
      files: sources.size,
    };
  } finally {
    await context.close();
  }
}
