import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requestLink } from '~/access/link-access.server';
import { isDatabaseUnavailable } from '~/db/connection.server';
import { getSite } from '~/content/content.server';
import { linkCaseStudies, SHARE_HEADERS } from './s.$token.server';

/**
 * /shared: where a link that opens several private case studies lands. Its
 * own module, so the route's client chunk shares no server stub with the
 * root (a shared stub would be one more request on every page).
 */
export async function sharedPageLoader({ request }: LoaderFunctionArgs) {
  try {
    const link = await requestLink(request);
    if (!link) return redirect('/#case-studies', { status: 303, headers: SHARE_HEADERS });
    const { name, shared: words } = getSite();
    return data({ name, words, cards: linkCaseStudies(link), problem: null }, { headers: SHARE_HEADERS });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const { name, email, shared: words, shareLink } = getSite();
    return data(
      { name, words, cards: [], problem: { problem: 'unavailable' as const, name, email, words: shareLink } },
      { status: 503, headers: SHARE_HEADERS },
    );
  }
}
