import type { MetaArgs, MetaDescriptor } from '@remix-run/react';
import { useRouteLoaderData } from '@remix-run/react';
import type { RootData } from '~/root';
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from './social-image';

/**
 * Every page's <head> for search and sharing, from one call in its `meta`:
 * title, description, canonical URL, Open Graph and Twitter card tags. The
 * absolute site URL comes from the root loader (SITE_URL, see
 * site-url.server.ts); the path from the request, never its query or hash.
 */

export type PageSeo = {
  title: string;
  description: string;
  /** og:type: website (home), article (a case study), profile (the resume). */
  type: 'website' | 'article' | 'profile';
  /** The page's sharing card (app/utils/social-image.ts). */
  image: { path: string; alt: string };
};

export const LOCALE = 'en_US';

type RootMatchArgs = Pick<MetaArgs, 'matches'>;

function rootData({ matches }: RootMatchArgs): RootData | undefined {
  return matches.find((match) => match.id === 'root')?.data as RootData | undefined;
}

/** "/resume/" and "/resume" are one page: the canonical has no trailing slash (except /). */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function pageMeta(args: Pick<MetaArgs, 'matches' | 'location'>, page: PageSeo): MetaDescriptor[] {
  const root = rootData(args);
  const siteUrl = root?.siteUrl ?? '';
  const url = `${siteUrl}${canonicalPath(args.location.pathname)}`;
  const image = new URL(page.image.path, `${siteUrl || 'http://localhost'}/`).href;
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: page.type },
    { property: 'og:site_name', content: root?.site.name ?? '' },
    { property: 'og:locale', content: LOCALE },
    { property: 'og:url', content: url },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(SOCIAL_IMAGE_WIDTH) },
    { property: 'og:image:height', content: String(SOCIAL_IMAGE_HEIGHT) },
    { property: 'og:image:alt', content: page.image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: page.image.alt },
  ];
}

/** A missing page: kept out of the index, and no canonical URL to point at. */
export function notFoundMeta(): MetaDescriptor[] {
  return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];
}

/** The absolute site URL in a route's view (for JSON-LD). */
export function useSiteUrl(): string {
  return useRouteLoaderData<RootData>('root')?.siteUrl ?? '';
}
