import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Scrolling as the visitor sees it: a log of every scroll position a page
 * showed, whether a scroll was smooth, and where a section sits in the viewport.
 */

/** A scroll position the page reported, with its time (`end`: a scrollend event). */
export type ScrollEntry = { t: number; y: number; end?: true };
type WindowWithScrollLog = { __scrolls: ScrollEntry[] };

/**
 * In the page: logs scrollY at every scroll and scrollend event, starting with
 * the position now. Events rather than a sampler on a timer: the log holds
 * every position a frame showed however few frames a busy machine renders,
 * and it never stops before the scroll does.
 */
function installScrollLog() {
  const w = window as unknown as WindowWithScrollLog;
  w.__scrolls = [{ t: performance.now(), y: window.scrollY }];
  const log = (end: boolean) => () => w.__scrolls.push({ t: performance.now(), y: window.scrollY, ...(end ? { end: true as const } : {}) });
  window.addEventListener('scroll', log(false), { passive: true });
  window.addEventListener('scrollend', log(true), { passive: true });
}

/** Starts the scroll log in the current document (before the click that scrolls). */
export async function logScrolls(page: Page) {
  await page.evaluate(installScrollLog);
}

/** Starts the scroll log at the very start of every document this page loads. */
export async function logScrollsFromDocumentStart(page: Page) {
  await page.addInitScript(installScrollLog);
}

export async function scrollLog(page: Page): Promise<ScrollEntry[]> {
  return page.evaluate(() => (window as unknown as WindowWithScrollLog).__scrolls);
}

/** Waits until the logged scroll has ended: a scrollend after the last scroll event, at the current position. */
export async function waitForScrollEnd(page: Page, timeout = 10_000) {
  await page.waitForFunction(
    () => {
      const log = (window as unknown as WindowWithScrollLog).__scrolls;
      const last = log.at(-1);
      const moved = log.slice(1).some((e) => !e.end);
      return moved && last?.end === true && last.y === window.scrollY;
    },
    undefined,
    { polling: 50, timeout },
  );
}

/**
 * Runs `attempt` (which scrolls, waits for the end and returns the log with
 * where the scroll started and ended) until a log shows a smooth scroll: more
 * than one distinct position strictly between the two. Every attempt must
 * only ever move towards the end. Bounded: a jump shows no position in
 * between however often it is tried, but a busy machine can render as few as
 * one frame during the ~0.8 s a smooth scroll lasts, so one log can miss it.
 */
export async function expectSmoothScroll(attempt: () => Promise<{ log: ScrollEntry[]; from: number; to: number }>, attempts = 4) {
  const seen: string[] = [];
  for (let i = 0; i < attempts; i++) {
    const { log, from, to } = await attempt();
    const ys = log.map((e) => e.y);
    const timeline = JSON.stringify(log.map((e) => [Math.round(e.t), Math.round(e.y), ...(e.end ? ['end'] : [])]));
    const backwards = ys.slice(1).filter((y, j) => Math.sign(y - (ys[j] ?? y)) === -Math.sign(to - from));
    expect(backwards, `scrolls only towards ${to}: ${timeline}`).toEqual([]);
    if (intermediate(ys, from, to).length >= 2) return;
    // Said out loud: how often the machine was too busy to show it is worth knowing.
    console.log(`smooth scroll ${i + 1}/${attempts} showed too few positions in between, trying again: ${timeline}`);
    seen.push(timeline);
  }
  expect.fail(`no scroll of ${attempts} showed two distinct positions between start and end: ${seen.join(' ')}`);
}

/** Waits until scrollY has not changed for `quietMs` and at least three rendered frames (so a busy machine waits longer). */
export async function waitForScrollToSettle(page: Page, quietMs = 300, timeout = 10_000) {
  await page.waitForFunction(
    (quiet) => {
      const w = window as unknown as { __settle?: { y: number; since: number; frames: number } };
      const now = performance.now();
      if (!w.__settle || w.__settle.y !== window.scrollY) {
        w.__settle = { y: window.scrollY, since: now, frames: 0 };
        return false;
      }
      w.__settle.frames++;
      return w.__settle.frames >= 3 && now - w.__settle.since >= quiet;
    },
    quietMs,
    { polling: 'raf', timeout },
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

/** Distinct positions strictly between `from` and `to` (exclusive of a few px at both ends). */
export function intermediate(ys: number[], from: number, to: number): number[] {
  const lo = Math.min(from, to) + 5;
  const hi = Math.max(from, to) - 5;
  return [...new Set(ys.filter((y) => y > lo && y < hi))];
}
