import { PAGE_CACHE, PAGE_CDN_CACHE } from '~/http/cache-headers.server';
import { getPageSlugs, getPublicCaseStudySlugs, getSite } from '~/content/content.server';
import { CONTACT_PAGE_PATH, contactHref } from '~/content/home-sections';
import { getSiteUrl } from '~/http/site-url.server';
import { sitemapPaths, sitemapXml } from '~/seo/sitemap';

/** /sitemap.xml: every page, with absolute URLs; cached like the pages it lists. */
export function loader() {
  return new Response(
    sitemapXml(
      getSiteUrl(),
      sitemapPaths(getPublicCaseStudySlugs(), getPageSlugs(), { contactPage: contactHref(getSite().home) === CONTACT_PAGE_PATH }),
    ),
    {
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': PAGE_CACHE,
        'Netlify-CDN-Cache-Control': PAGE_CDN_CACHE,
        'X-Content-Type-Options': 'nosniff',
      },
    },
  );
}
