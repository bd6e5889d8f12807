import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { scrollToTheEnd } from './first-load-bytes';

/**
 * The JavaScript each public page costs a visitor, gzipped, every script
 * counted: the files the page loads (whatever loads them: the document, a
 * module's import, the boot module after the first paint) until it has been
 * scrolled to its end and the network is quiet, plus its inline scripts
 * (their bodies together, gzip -9, as they travel inside the gzipped HTML).
 * JSON-LD is data the browser never runs; speculation rules are counted.
 */

/** Every kind of page a visitor can get, on the content under measurement (content/, which has no private case study). */
export const PUBLIC_PAGES = [
  '/',
  '/resume',
  '/privacy',
  '/case-study/office-depot',
  '/no/such/page',
  // A share link that opens nothing: what a recruiter with a mistyped link sees.
  '/s/not-a-share-link',
];

/** What no public page may load: React, the Remix runtime, route modules, the manifest (file names of Remix's browser build). */
export const FRAMEWORK_SCRIPT = /\/build\/(?:entry\.client|root|manifest|routes\/|_shared\/chunk)[-\w./]*\.js$/;

export type ScriptBytes = { url: string; bytes: number };
export type PublicPageJs = {
  path: string;
  status: number;
  /** A story block or a form is on the page: the 6 KB budget, else the 3 KB one. */
  heavy: boolean;
  external: ScriptBytes[];
  inlineBytes: number;
  inlineCount: number;
  total: number;
  framework: string[];
};

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The inline scripts of an HTML page that count: no src, not JSON-LD. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes = '']) => !/\ssrc\s*=/i.test(attributes) && !/type\s*=\s*["']?application\/ld\+json/i.test(attributes))
    .map(([, , body = '']) => body);
}

export async function publicPageJs(browser: Browser, origin: string, path: string): Promise<PublicPageJs> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    const page = await context.newPage();
    const pending: Promise<ScriptBytes>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(request.sizes().then((sizes) => ({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize })));
    });
    const response = await page.goto(origin + path, { waitUntil: 'networkidle' });
    const html = (await response?.text()) ?? '';
    await scrollToTheEnd(page, { step: 400, pauseMs: 20, settleMs: 300 });
    const external = (await Promise.all(pending)).sort((a, b) => b.bytes - a.bytes);
    const inline = inlineScripts(html);
    const inlineBytes = inline.length ? gzipSync(inline.join('\n'), { level: 9 }).length : 0;
    return {
      path,
      status: response?.status() ?? 0,
      heavy: /\sdata-block="/.test(html) || /<form\b/i.test(html),
      external,
      inlineBytes,
      inlineCount: inline.length,
      total: external.reduce((sum, script) => sum + script.bytes, 0) + inlineBytes,
      framework: external.map((script) => script.url).filter((url) => FRAMEWORK_SCRIPT.test(url)),
    };
  } finally {
    await context.close();
  }
}
