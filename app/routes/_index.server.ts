import type { LoaderFunctionArgs } from '@remix-run/node';
import { getCaseStudyCards, getPageTeasers, getSite } from '~/content/content.server';
import { shownSections } from '~/content/home-sections';
import { pageMeta } from '~/seo/meta';
import { getSiteUrl } from '~/http/site-url.server';
import { homeSocialCard } from '~/seo/social-image';
import { personJsonLd, serializeJsonLd } from '~/seo/structured-data';

// The route's action, from here too: one server module for the route (see below).
export { handleContactAction } from '~/contact/action.server';

/**
 * The loader of / (app/routes/_index.tsx). The page's meta tags and JSON-LD
 * are made here, on the server, so their builders never ship to the browser.
 * One server module per route: the browser build stands an empty module in
 * for each `.server` import, and one shared by several routes would become a
 * chunk of its own.
 */
export function homeLoader({ request }: LoaderFunctionArgs) {
  const site = getSite();
  const siteUrl = getSiteUrl();
  return {
    site,
    cards: getCaseStudyCards(),
    // Read only when shown: the page then follows her pages' changes (their cache tag), and only then.
    pages: shownSections(site.home).includes('pages') ? getPageTeasers() : [],
    meta: pageMeta(
      { siteUrl, siteName: site.name, requestUrl: request.url },
      { title: `${site.name} — ${site.role}`, description: site.description, type: 'website', image: homeSocialCard(site) },
    ),
    jsonLd: serializeJsonLd(personJsonLd(site, siteUrl)),
  };
}
