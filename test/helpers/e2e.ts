import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { Page } from 'playwright-core';
import type { CompiledContent, Site } from '~/utils/content/schema';
import { ROOT } from './content';

/** The designer's site file: tests read the name and e-mail from it, as the site does. */
export const site = yaml.load(readFileSync(path.join(ROOT, 'content/site.yml'), 'utf8')) as Site;

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
 * Resolves once React has hydrated and run its effects: Remix's
 * <ScrollRestoration> switches history.scrollRestoration to "manual" in an
 * effect, which runs in the same pass as every other effect of the page.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
}

export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

export type Sample = { t: number; y: number };

/** Script that records scrollY on every animation frame into window.__scrollSamples. */
function startSamplerInPage(durationMs: number) {
  const w = window as unknown as { __scrollSamples: { t: number; y: number }[] };
  w.__scrollSamples = [];
  const until = performance.now() + durationMs;
  const tick = () => {
    w.__scrollSamples.push({ t: performance.now(), y: window.scrollY });
    if (performance.now() < until) requestAnimationFrame(tick);
  };
  tick();
}

/** Records scrollY every frame from the very start of each document in this page. */
export async function sampleScrollFromDocumentStart(page: Page, durationMs = 4000) {
  await page.addInitScript(startSamplerInPage, durationMs);
}

/** Starts recording scrollY every frame in the current document. */
export async function startScrollSampler(page: Page, durationMs = 5000) {
  await page.evaluate(startSamplerInPage, durationMs);
}

export async function scrollSamples(page: Page): Promise<Sample[]> {
  return page.evaluate(() => (window as unknown as { __scrollSamples: Sample[] }).__scrollSamples);
}

/** Waits until scrollY has not changed for `quietMs` (a smooth scroll has ended). */
export async function waitForScrollToSettle(page: Page, quietMs = 300, timeout = 10_000) {
  await page.waitForFunction(
    (quiet) => {
      const w = window as unknown as { __settle?: { y: number; since: number } };
      const now = performance.now();
      if (!w.__settle || w.__settle.y !== window.scrollY) {
        w.__settle = { y: window.scrollY, since: now };
        return false;
      }
      return now - w.__settle.since >= quiet;
    },
    quietMs,
    { polling: 50, timeout },
  );
  await page.evaluate(() => delete (window as unknown as { __settle?: unknown }).__settle);
}

/**
 * Where a section sits in the viewport: a section "at the top" has its top at
 * its scroll-margin (just under the sticky header), or the page cannot scroll further.
 */
export async function sectionPosition(page: Page, id: string) {
  return page.evaluate((id) => {
    const element = document.getElementById(id)!;
    const top = element.getBoundingClientRect().top;
    const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    return { top, margin, scrollY: window.scrollY, atBottom: Math.abs(window.scrollY - maxScroll) <= 1 };
  }, id);
}

export async function expectSectionAtTop(page: Page, id: string): Promise<string | null> {
  const p = await sectionPosition(page, id);
  if (Math.abs(p.top - p.margin) <= 2) return null;
  if (p.atBottom && p.top >= 0 && p.top < p.margin) return null;
  return `#${id} is not at the top of the viewport: top ${p.top}px, scroll-margin ${p.margin}px, scrollY ${p.scrollY}`;
}

/** Waits until the section is at the top of the viewport (see expectSectionAtTop). */
export async function waitForSectionAtTop(page: Page, id: string, timeout = 8000) {
  await page.waitForFunction(
    (id) => {
      const element = document.getElementById(id);
      if (!element) return false;
      const top = element.getBoundingClientRect().top;
      const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
      const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
      return Math.abs(top - margin) <= 2 || (Math.abs(window.scrollY - maxScroll) <= 1 && top >= 0 && top < margin);
    },
    id,
    { timeout, polling: 50 },
  );
}

/** Values strictly between `from` and `to` (exclusive of a few px at both ends). */
export function intermediate(samples: Sample[], from: number, to: number): number[] {
  const lo = Math.min(from, to) + 5;
  const hi = Math.max(from, to) - 5;
  return [...new Set(samples.map((s) => s.y).filter((y) => y > lo && y < hi))];
}

export const CHROMIUM_FAILED_404 = /^Failed to load resource: the server responded with a status of 404/;
