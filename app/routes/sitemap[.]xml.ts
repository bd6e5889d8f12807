import { PAGE_CACHE, PAGE_CDN_CACHE } from '~/http/cache-headers.server';
import { getPageSlugs, getPublicCaseStudySlugs } from '~/content/content.server';
import { getSiteUrl } from '~/http/site-url.server';
import { sitemapPaths, sitemapXml } from '~/seo/sitemap';

/** /sitemap.xml: every page, with absolute URLs; cached like the pages it lists. */
export function loader() {
  return new Response(sitemapXml(getSiteUrl(), sitemapPaths(getPublicCaseStudySlugs(), getPageSlugs())), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': PAGE_CACHE,
      'Netlify-CDN-Cache-Control': PAGE_CDN_CACHE,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
