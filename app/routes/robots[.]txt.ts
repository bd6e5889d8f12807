import { PAGE_CACHE, PAGE_CDN_CACHE } from '~/http/cache-headers.server';
import { getSiteUrl } from '~/http/site-url.server';
import { robotsTxt } from '~/seo/sitemap';

/** /robots.txt: everything may be crawled; points at the sitemap. */
export function loader() {
  return new Response(robotsTxt(getSiteUrl()), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': PAGE_CACHE,
      'Netlify-CDN-Cache-Control': PAGE_CDN_CACHE,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
