import { useLocation, useMatches } from '@remix-run/react';
import { pageRoute, pixelUrl } from '~/insights/page-route';

/**
 * Counts what visitors read, on the site's own pages only. With JavaScript
 * the tracker island (app/insights/tracker.client.ts) finds the page's
 * counted route in data-insights-route; without it, the <noscript> pixel
 * counts the view (a browser that runs scripts never renders it). Nothing at
 * all when the owner has switched collection off.
 */
export function ReadingInsights({ enabled }: { enabled: boolean }) {
  const route = pageRoute(useMatches(), useLocation().pathname);
  if (!enabled || !route) return null;
  return (
    <>
      <span hidden data-insights-route={route} />
      <noscript>
        <img src={pixelUrl(route)} alt="" width={1} height={1} className="hidden" />
      </noscript>
    </>
  );
}
