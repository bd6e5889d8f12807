import type { MetaDescriptor } from '@remix-run/node';
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from './social-image';

/**
 * Every page's <head> for search and sharing: title, description, canonical
 * URL, Open Graph and Twitter card tags. Built on the server by each page's
 * loader (app/routes/<route>.server.ts), which returns the descriptors; the route's
 * `meta` only hands them to Remix, so none of this ships to the browser. The
 * absolute site URL is SITE_URL (site-url.server.ts); the path comes from the
 * request, never its query or hash.
 */

export type PageSeo = {
  title: string;
  description: string;
  /** og:type: website (home), article (a case study), profile (the resume). */
  type: 'website' | 'article' | 'profile';
  /** The page's sharing card (app/seo/social-image.ts). */
  image: { path: string; alt: string };
};

export const LOCALE = 'en_US';

/** "/resume/" and "/resume" are one page: the canonical has no trailing slash (except /). */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export type PageContext = {
  /** The absolute site origin (getSiteUrl()). */
  siteUrl: string;
  /** og:site_name */
  siteName: string;
  /** The request's URL (a loader's request.url). */
  requestUrl: string;
};

export function pageMeta({ siteUrl, siteName, requestUrl }: PageContext, page: PageSeo): MetaDescriptor[] {
  const url = `${siteUrl}${canonicalPath(new URL(requestUrl).pathname)}`;
  const image = new URL(page.image.path, `${siteUrl || 'http://localhost'}/`).href;
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: page.type },
    { property: 'og:site_name', content: siteName },
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
