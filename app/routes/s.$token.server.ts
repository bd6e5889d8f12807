import { data, redirect } from '@remix-run/node';
import { deviceClass, linkCookie } from '~/access/link-access.server';
import { linkIdFromToken } from '~/access/share-link-token.server';
import { openLink, opensCaseStudy, type ShareLink } from '~/access/share-links.server';
import { isDatabaseUnavailable } from '~/db/connection.server';
import { BUSY_RETRY_AFTER_S, clientKey, release, take } from '~/db/rate-limit.server';
import { clientIp } from '~/http/client-ip.server';
import { recordServerEvent } from '~/insights/record.server';
import { getCaseStudyCards, getSite } from '~/content/content.server';
import { sendOwnerNotice } from '~/contact/mail.server';
import type { ShareLinkProblem } from '~/components/share/types';

/**
 * /s/<token>: a recipient follows their link. A live link leaves its cookie
 * and sends them on (303) to the case study, or to /shared when it opens
 * several, so the token leaves the address bar and the history at once and
 * never travels in a Referer. Unknown tokens are 404, expired or revoked
 * ones 410; 20 such bad tokens from one client in 10 minutes get a 429 for
 * every try. A try whose count cannot be read in time gets the 503 page,
 * unjudged.
 */

export const BAD_TOKEN_ATTEMPTS = 20;
export const BAD_TOKEN_WINDOW_MS = 10 * 60 * 1000;
const NOTICE_WAIT_MS = 3_000;

export const SHARE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

function problem(status: number, kind: ShareLinkProblem['problem'], headers: Record<string, string> = {}) {
  const { name, email, shareLink: words } = getSite();
  return data<ShareLinkProblem>({ problem: kind, name, email, words }, { status, headers: { ...SHARE_HEADERS, ...headers } });
}

/** The private case studies a link opens, in the home page's order. */
export function linkCaseStudies(link: Pick<ShareLink, 'caseStudies'>) {
  return getCaseStudyCards().filter((card) => card.private && card.href && opensCaseStudy(link, card.slug));
}

function notifyOwner(link: ShareLink, request: Request) {
  const when = new Date().toUTCString();
  const device = deviceClass(request.headers.get('user-agent'));
  const opened =
    linkCaseStudies(link)
      .map((card) => `- ${card.title}`)
      .join('\n') || '- (no private case study at the moment)';
  const text = [
    `Your share link "${link.label}" was opened for the first time.`,
    '',
    `When: ${when}`,
    `Device: ${device}`,
    '',
    'It opens:',
    opened,
    '',
    'See every link in the owner’s area: /admin/links',
  ].join('\n');
  const sent = sendOwnerNotice(`Share link opened: ${link.label}`, text).then((result) => {
    if (result.status === 'error') console.error(`share link: the first-open notice was not sent: ${result.error}`);
  });
  // The visitor is not kept waiting on a slow mail server; the notice still goes out.
  return Promise.race([sent, new Promise((resolve) => setTimeout(resolve, NOTICE_WAIT_MS))]);
}

export async function shareLinkLoader(request: Request, token: string) {
  const ip = clientIp(request);
  const key = clientKey('link', ip);
  try {
    // The slot is taken before the token is judged, so guesses in flight at once get at most the limit judged.
    const slot = await take(key, BAD_TOKEN_ATTEMPTS, BAD_TOKEN_WINDOW_MS);
    if (!slot.allowed)
      return problem(slot.busy ? 503 : 429, slot.busy ? 'unavailable' : 'limited', { 'Retry-After': String(slot.retryAfterS) });
    const opened = await openLink(token);
    if (opened.status === 'unknown') {
      console.warn(`404 Not Found: ${new URL(request.url).pathname}${linkIdFromToken(token) ? ' (deleted link)' : ''}`);
      return problem(404, 'unknown');
    }
    // Expired and revoked tokens keep their slot: they count as bad guesses too. A live one gives it back.
    if (opened.status === 'gone') return problem(410, opened.state);
    await release(key);
    if (opened.notify) await notifyOwner(opened.link, request);
    await recordServerEvent(request, {
      kind: 'link-open',
      linkId: opened.link.id,
    });
    const cards = linkCaseStudies(opened.link);
    const to = cards.length === 1 ? (cards[0]?.href ?? '/shared') : '/shared';
    return redirect(to, { status: 303, headers: { ...SHARE_HEADERS, 'Set-Cookie': linkCookie(request, token, opened.link) } });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`share link: ${error.message}`);
    return problem(503, 'unavailable', { 'Retry-After': String(BUSY_RETRY_AFTER_S) });
  }
}
