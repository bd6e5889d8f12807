import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { getPage, getSite } from '~/content/content.server';
import { getSiteUrl } from '~/http/site-url.server';
import { pageMeta } from '~/seo/meta';
import { pageSocialCard } from '~/seo/social-image';

/**
 * The loader of /<slug>: a page of her own (content/pages/<slug>.mdx), as
 * compiled at build or publish. An address the page had before a rename
 * answers 301 to its new one; anything else that is not a page answers 404
 * with no data, and the route shows the site's not-found page (as
 * case-study.$slug.server.ts does). The names the site uses never get here:
 * their own routes match first, and the build refuses a page by those names
 * (app/content/page-names.ts).
 */
export function pageLoader({ params, request }: LoaderFunctionArgs) {
  const found = getPage(params.slug ?? '');
  if (!found) {
    // As the address had it (escaped): a decoded slug could carry line breaks and forge log lines.
    console.warn(`404 Not Found: ${new URL(request.url).pathname}`);
    return data(null, { status: 404 });
  }
  if ('movedTo' in found) throw redirect(found.movedTo, 301);
  const { page } = found;
  const { name, role } = getSite();
  return {
    page: { title: page.title, description: page.description, html: page.html, sections: page.sections },
    meta: pageMeta(
      { siteUrl: getSiteUrl(), siteName: name, requestUrl: request.url },
      { title: `${page.title} — ${name}`, description: page.description, type: 'website', image: pageSocialCard(page, { name, role }) },
    ),
  };
}
