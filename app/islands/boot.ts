/**
 * The one script a public page loads (root.tsx; built by
 * scripts/islands-bundle.ts). Every public page is complete as HTML and CSS;
 * what JavaScript adds is a handful of behaviours, each a small module of its
 * own (an island). The page decides which load: an island is imported only
 * when its hook is in the page, so no page loads a byte it does not use, and
 * no list of pages can drift from what they hold.
 *
 * Nothing starts before the first paint: the islands are imported once the
 * page has loaded and the browser has reported its first contentful paint
 * (3 s at the latest, should an image never finish), and a page the browser prerenders waits until it is
 * actually shown, so it counts no view and plays nothing unseen. When every
 * island the page asked for has started (or failed), <html> gets
 * data-islands="ready".
 *
 * An island that fails to load leaves a usable page: its hooks are marked
 * data-island-failed (the before/after block then falls back to its two
 * images side by side, story.css), and two have a fallback here: the
 * videos get their posters at once, and the visit is counted by the pixel
 * the page would have loaded without JavaScript.
 */

import { pixelUrl } from '~/insights/page-route';
import { ISLANDS_START_FALLBACK_MS } from './boot-loader';

type Island = { hook: string; load: () => Promise<{ start: () => void }>; fallback?: () => void };

const ISLANDS: Island[] = [
  { hook: '#mobile-menu', load: () => import('./menu') },
  { hook: 'main[data-home]', load: () => import('./home-scroll') },
  { hook: '.hero-spotlight', load: () => import('./spotlight') },
  { hook: '#contact-form', load: () => import('./contact') },
  { hook: 'form[data-pending-label]', load: () => import('./pending-label') },
  { hook: '.story a[data-zoom]', load: () => import('~/components/mdx/enhance/zoom') },
  { hook: '[data-block="before-after"]', load: () => import('~/components/mdx/enhance/before-after') },
  { hook: '[data-block="embed"]', load: () => import('~/components/mdx/enhance/embed') },
  {
    hook: 'video[data-poster]',
    load: () => import('~/components/mdx/enhance/video'),
    fallback: () =>
      document.querySelectorAll<HTMLVideoElement>('video[data-poster]').forEach((video) => (video.poster = video.dataset.poster!)),
  },
  {
    hook: '[data-insights-route]',
    load: () => import('~/insights/tracker.client'),
    fallback: () => (new Image().src = pixelUrl(document.querySelector<HTMLElement>('[data-insights-route]')!.dataset.insightsRoute!)),
  },
];

function startIslands() {
  const wanted = ISLANDS.filter((island) => document.querySelector(island.hook));
  void Promise.all(
    wanted.map((island) =>
      island
        .load()
        .then((module) => module.start())
        .catch(() => {
          document.querySelectorAll(island.hook).forEach((hook) => hook.setAttribute('data-island-failed', ''));
          island.fallback?.();
        }),
    ),
  ).then(() => (document.documentElement.dataset.islands = 'ready'));
}

function afterFirstPaint() {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startIslands();
  };
  // After load, once the browser reports the first contentful paint; where it does not, after the frame that follows load.
  const painted = () => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return void requestAnimationFrame(() => setTimeout(start));
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start);
    });
    observer.observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') painted();
  else addEventListener('load', painted, { once: true });
  // Counted from the navigation's start, as the loader counts (boot-loader.ts): an image that never answers delays nothing longer.
  // A page that has loaded waits for its paint instead (a slow phone can paint seconds after load), with the same bound again.
  setTimeout(
    () => (document.readyState === 'complete' ? setTimeout(start, ISLANDS_START_FALLBACK_MS) : start()),
    Math.max(0, ISLANDS_START_FALLBACK_MS - performance.now()),
  );
}

if ((document as Document & { prerendering?: boolean }).prerendering) {
  document.addEventListener('prerenderingchange', afterFirstPaint, { once: true });
} else afterFirstPaint();
