import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { getCaseStudy, getCaseStudyCards, getSite } from '~/utils/content.server';
import { pageMeta } from '~/utils/seo';
import { getSiteUrl } from '~/utils/site-url.server';
import { caseStudySocialCard } from '~/utils/social-image';
import { caseStudyJsonLd, serializeJsonLd } from '~/utils/structured-data';

/**
 * The loader of /case-study/:slug, with the page's meta tags and JSON-LD (see
 * home.server.ts). An unknown or unpublished slug answers 404 with no data,
 * and the route shows the not-found page itself: a thrown 404 would go to the
 * root error boundary, and keeping the not-found page there would ship it
 * with every page, / included.
 */
export function caseStudyLoader({ params, request }: LoaderFunctionArgs) {
  const caseStudy = getCaseStudy(params.slug ?? '');
  if (!caseStudy) {
    console.warn(`404 Not Found: /case-study/${params.slug}`);
    return data(null, { status: 404 });
  }
  const { name, role } = getSite();
  const author = { name, role };
  const siteUrl = getSiteUrl();
  const card = caseStudySocialCard(caseStudy, author);
  return {
    caseStudy,
    // The other cards, as on the home page: published ones link, coming-soon ones don't.
    more: getCaseStudyCards().filter((card) => card.slug !== caseStudy.slug),
    meta: pageMeta(
      { siteUrl, siteName: name, requestUrl: request.url },
      { title: `${caseStudy.title} — Case study by ${name}`, description: caseStudy.page.summary, type: 'article', image: card },
    ),
    jsonLd: serializeJsonLd(caseStudyJsonLd(caseStudy, author, { siteUrl, image: card.path })),
  };
}
