import { useLocation, useMatches } from '@remix-run/react';
import { useEffect } from 'react';
import { pageRoute, pixelUrl } from '~/insights/page-route';

/**
 * Counts what visitors read, on the site's own pages only: the tracker
 * module loads once the app has hydrated (after the first paint) and is told
 * of every page shown; without JavaScript, a pixel counts the page view.
 * Nothing at all when the owner has switched collection off.
 */
export function ReadingInsights({ enabled }: { enabled: boolean }) {
  const route = pageRoute(useMatches(), useLocation().pathname);
  useEffect(() => {
    if (enabled && route) void import('~/insights/tracker.client').then((tracker) => tracker.pageView(route));
  }, [enabled, route]);
  if (!enabled || !route) return null;
  return (
    <noscript>
      <img src={pixelUrl(route)} alt="" width={1} height={1} className="hidden" />
    </noscript>
  );
}
