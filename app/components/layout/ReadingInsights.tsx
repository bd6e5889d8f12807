import { useLocation, useMatches } from '@remix-run/react';
import { useEffect } from 'react';
import { pageRoute, pixelUrl } from '~/insights/page-route';
import type * as TrackerModule from '~/insights/tracker.client';

type Tracker = typeof TrackerModule;
let tracker: Promise<Tracker> | undefined;

/**
 * The tracker, loaded once, when the browser is first idle after the app has
 * started: nothing of it (not its module, not its first beacon) competes with
 * the page's own loading, or shows in its Largest Contentful Paint. Views
 * shown meanwhile wait for it, in order.
 */
function loadTracker(): Promise<Tracker> {
  tracker ??= new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3_000 });
    else setTimeout(resolve, 1_000);
  }).then(() => import('~/insights/tracker.client'));
  return tracker;
}

/**
 * Counts what visitors read, on the site's own pages only: the tracker is
 * told of every page shown (client-side navigations included); without
 * JavaScript, a pixel counts the page view. Nothing at all when the owner
 * has switched collection off.
 */
export function ReadingInsights({ enabled }: { enabled: boolean }) {
  const route = pageRoute(useMatches(), useLocation().pathname);
  useEffect(() => {
    if (enabled && route) void loadTracker().then((module) => module.pageView(route));
  }, [enabled, route]);
  if (!enabled || !route) return null;
  return (
    <noscript>
      <img src={pixelUrl(route)} alt="" width={1} height={1} className="hidden" />
    </noscript>
  );
}
