import type { LoaderFunctionArgs } from '@remix-run/node';
import { getSite } from '~/content/content.server';
import { pageMeta } from '~/seo/meta';
import { getSiteUrl } from '~/http/site-url.server';
import { homeSocialCard } from '~/seo/social-image';

/**
 * When the privacy page last changed in substance (what is counted, kept or
 * shared). Change it with the words, never on a whim: visitors read it as a
 * promise.
 */
export const PRIVACY_UPDATED = '2026-11-27';

/** "November 24, 2026", whatever the server's time zone. */
const longDate = (isoDay: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );

/**
 * The loader of /privacy (see _index.server.ts). Content only: no database, no
 * cookie, nothing that varies by visitor, so the page is cached like /resume
 * (entry.server.tsx) and complete without JavaScript. It shares the home
 * page's sharing card.
 */
export function privacyLoader({ request }: LoaderFunctionArgs) {
  const site = getSite();
  return {
    site: { name: site.name },
    backLink: site.resumePage.backLink,
    updated: { iso: PRIVACY_UPDATED, label: longDate(PRIVACY_UPDATED) },
    meta: pageMeta(
      { siteUrl: getSiteUrl(), siteName: site.name, requestUrl: request.url },
      {
        title: `Privacy — ${site.name}`,
        description: `How ${site.name}’s portfolio counts visits: no cookies, no third-party trackers, nothing that follows you from one day to the next, and Do Not Track and Global Privacy Control respected.`,
        type: 'website',
        image: homeSocialCard(site),
      },
    ),
  };
}
