/**
 * The page a view is counted as: one of the site's own pages only. Shared by
 * the root layout (its noscript pixel and the tracker) and the collecting
 * endpoint, which refuses anything else.
 */

export const NOT_FOUND_ROUTE = '404';
export const CASE_STUDY_PREFIX = '/case-study/';
const FIXED = new Set(['/', '/resume', '/privacy', '/contact']);

type Match = { id: string; data: unknown; params: Record<string, string | undefined> };

/** The counted route of the page being shown, or null where nothing is counted (the owner's area, share links, errors). */
export function pageRoute(matches: readonly Match[], pathname: string): string | null {
  const leaf = matches[matches.length - 1];
  if (!leaf) return null;
  if (leaf.id === 'routes/$') return NOT_FOUND_ROUTE;
  // The case-study loader answers an unknown slug with no data: its not-found page.
  if (leaf.id === 'routes/case-study.$slug') return leaf.data ? `${CASE_STUDY_PREFIX}${leaf.params.slug}` : NOT_FOUND_ROUTE;
  // A page of her own's route answers every other one-segment address with its not-found page.
  if (leaf.id === 'routes/$slug') return leaf.data ? `/${leaf.params.slug}` : NOT_FOUND_ROUTE;
  return FIXED.has(pathname) ? pathname : null;
}

/** Whether `route` is one the site has, given the case studies that have a page and her own pages. */
export function isKnownRoute(route: string, caseStudySlugs: ReadonlySet<string>, pageSlugs: ReadonlySet<string> = new Set()): boolean {
  if (FIXED.has(route) || route === NOT_FOUND_ROUTE) return true;
  if (route.startsWith(CASE_STUDY_PREFIX)) return caseStudySlugs.has(route.slice(CASE_STUDY_PREFIX.length));
  return /^\/[a-z0-9-]+$/.test(route) && pageSlugs.has(route.slice(1));
}

/** Where the noscript pixel points: the same endpoint the tracker sends to. */
export const INSIGHTS_ENDPOINT = '/api/insights';
export const pixelUrl = (route: string) => `${INSIGHTS_ENDPOINT}?p=${encodeURIComponent(route)}`;
