import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Page } from 'playwright-core';
import type { CompiledContent, Site } from '~/content/schema';
import { CONTENT_DIR, ROOT } from '../data/content';

/** The site details of the content under test (test/helpers/data/content.ts), what the built server serves. */
export const site = parseYaml(readFileSync(path.join(CONTENT_DIR, 'site.yml'), 'utf8')) as Site;

/** The content the built server serves (written by the build). */
export function builtContent(): CompiledContent {
  return JSON.parse(readFileSync(path.join(ROOT, '.generated/content.json'), 'utf8')) as CompiledContent;
}

export const NAV = [
  { label: 'Home', href: '/' },
  { label: 'Case Studies', href: '/#work' },
  { label: 'Resume', href: '/resume' },
  { label: 'Contact', href: '/#contact' },
];

export const CASE_STUDY_SECTIONS = [
  'The Challenge',
  'Research & Discovery',
  'Ideation & Design Process',
  'Testing & Validation',
  'Final Design Solutions',
  'Post-Launch Feedback',
  'Future Enhancements',
  'UX Recommendations',
  'Impact & Outcomes',
];

/**
 * Resolves once the page's JavaScript is ready. A public page runs no app,
 * only islands: the boot module (app/islands/boot.ts) sets
 * data-islands="ready" on <html> once every island the page holds has
 * started. The owner's area hydrates React: Remix's <ScrollRestoration>
 * switches history.scrollRestoration to "manual" in an effect, which runs in
 * the same pass as every other effect of the page.
 */
export async function waitForReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready' || window.history.scrollRestoration === 'manual');
}

export async function gotoReady(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForReady(page);
  return response;
}

/**
 * Resolves once the page has rendered `count` more frames and run the tasks
 * they queued. A check that something did not happen (a handler that runs on
 * the next frame, a media-query or IntersectionObserver callback) waits for
 * frames, not milliseconds: a busy machine renders fewer of them per second.
 */
export async function waitForFrames(page: Page, count = 2, timeout = 10_000): Promise<void> {
  await page.evaluate(
    ({ count, timeout }) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`fewer than ${count} frames rendered in ${timeout} ms`)), timeout);
        const next = (left: number) => {
          if (left > 0) return void requestAnimationFrame(() => next(left - 1));
          clearTimeout(timer);
          setTimeout(resolve);
        };
        next(count);
      }),
    { count, timeout },
  );
}

/**
 * Waits until no CSS transition is running (colours and positions are final),
 * checked at each frame. getAnimations() brings styles up to date first, so a
 * transition a style change has just started is counted.
 */
export async function waitForTransitionsToEnd(page: Page, timeout = 10_000) {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)), undefined, {
    polling: 'raf',
    timeout,
  });
}

export const CHROMIUM_FAILED_404 = /^Failed to load resource: the server responded with a status of 404/;
