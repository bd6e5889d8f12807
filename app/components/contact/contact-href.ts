import { useRouteLoaderData } from '@remix-run/react';
import type { HomeNav } from '~/content/home-sections';

/**
 * Where a page's "get in touch" link points: the home page's contact section,
 * or its own page (/contact) where she hides that section. Read from the root
 * layout's data; outside the site (the Look page's preview) the home page's.
 */
export function useContactHref(): string {
  const root = useRouteLoaderData<{ site?: { nav?: HomeNav } }>('root');
  return root?.site?.nav?.contact ?? '/#contact';
}
