import type { LoaderFunctionArgs } from '@remix-run/node';
import { getSite } from '~/content/content.server';
import { contactHref, CONTACT_PAGE_PATH } from '~/content/home-sections';
import { getSiteUrl } from '~/http/site-url.server';
import { pageMeta } from '~/seo/meta';
import { homeSocialCard } from '~/seo/social-image';

// The route's action, from here too: the same one as the home page's (see _index.server.ts).
export { handleContactAction } from '~/contact/action.server';

/**
 * The loader of /contact: her contact section on a page of its own, the
 * contact form's place when her home page does not show it. Served whatever
 * her home page shows, rather than redirected to /#contact when the section
 * is there: a 301 is kept by browsers for good, and the day she hid the
 * section those visitors would be sent to a home page with no form. While
 * the home page shows it, the home page is the form's place: this page is
 * left out of the sitemap and asks search engines not to list it.
 */
export function contactLoader({ request }: LoaderFunctionArgs) {
  const site = getSite();
  const isTheFormsPlace = contactHref(site.home) === CONTACT_PAGE_PATH;
  const siteUrl = getSiteUrl();
  const meta = pageMeta(
    { siteUrl, siteName: site.name, requestUrl: request.url },
    { title: `${site.contact.title} — ${site.name}`, description: site.contact.subtitle, type: 'website', image: homeSocialCard(site) },
  );
  return { site, meta: isTheFormsPlace ? meta : [...meta, { name: 'robots', content: 'noindex' }] };
}
