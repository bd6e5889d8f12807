import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { databaseProblem, OWNER_HEADERS } from '~/access/owner-guard.server';
import { getAdminPassword, startOwnerSession } from '~/access/owner-session.server';
import { takeSignInLinkSlot } from '~/access/owner-sign-in-limits.server';
import { isSignInLinkToken, signInLinkUsable, redeemSignInLink } from '~/access/owner-sign-in-links.server';
import { getSite } from '~/content/content.server';
import { databaseReady, isDatabaseUnavailable } from '~/db/connection.server';
import { clientIp } from '~/http/client-ip.server';
import { BUSY_RETRY_AFTER_S, clientKey, take } from '~/db/rate-limit.server';
import { readSmallForm, text } from '~/http/form.server';
import { refuseCrossOrigin } from '~/http/origin.server';

/**
 * /admin/sign-in/link?token=…: the one-time link from the owner's e-mail.
 * Opening it uses nothing up: the page asks for one click, a POST from this
 * site, which uses the link and signs in. Its token never leaves the page
 * in a Referer to another site.
 */

export type SignInLinkData = {
  /** busy: the limit's count could not be read in time; nothing was looked up. */
  state: 'ready' | 'used' | 'limited' | 'busy' | 'closed' | 'unavailable' | 'no-database';
  siteName: string;
  token?: string;
  /** Why the button is offered again (the sign-in was refused before the link was tried). */
  notice?: string;
};

export const BUSY_TEXT = 'Too many attempts right now. Try again in a minute.';

// same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the page's own
// POST, which the Origin check must refuse. Either way the token never goes to another site.
/** Look-ups of the link's page per address in 10 minutes: a few opens of a real link, never a search. */
const LINK_PAGE_LOOKUPS = 30;
const LINK_PAGE_WINDOW_MS = 10 * 60 * 1000;

const HEADERS = { ...OWNER_HEADERS, 'Referrer-Policy': 'same-origin' };
const answer = (status: number, body: SignInLinkData, headers: Record<string, string> = {}) =>
  data<SignInLinkData>(body, { status, headers: { ...HEADERS, ...headers } });
const RETRY_LATER = { 'Retry-After': String(BUSY_RETRY_AFTER_S) };

export async function signInLinkLoader({ request }: LoaderFunctionArgs) {
  const siteName = getSite().name;
  if (!getAdminPassword()) return answer(503, { state: 'closed', siteName });
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!isSignInLinkToken(token)) return answer(410, { state: 'used', siteName });
  try {
    // Each look-up is a query: a client sending made-up tokens is limited like any guesser, and once
    // refused is answered from memory (app/db/rate-limit.server.ts), never queued ahead of the owner.
    const slot = await take(clientKey('sign-in-link', clientIp(request)), LINK_PAGE_LOOKUPS, LINK_PAGE_WINDOW_MS);
    if (!slot.allowed)
      return answer(
        slot.busy ? 503 : 429,
        { state: slot.busy ? 'busy' : 'limited', siteName },
        { 'Retry-After': String(slot.retryAfterS) },
      );
    await databaseReady();
    return (await signInLinkUsable(token)) ? answer(200, { state: 'ready', siteName, token }) : answer(410, { state: 'used', siteName });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return answer(503, { state: databaseProblem(), siteName }, RETRY_LATER);
  }
}

export async function signInLinkAction({ request }: ActionFunctionArgs) {
  const crossOrigin = refuseCrossOrigin(request, { ownerArea: true });
  if (crossOrigin) return crossOrigin;
  const siteName = getSite().name;
  if (!getAdminPassword()) return answer(503, { state: 'closed', siteName });
  try {
    const form = await readSmallForm(request, 4 * 1024);
    const token = typeof form === 'number' ? '' : text(form, 'token');
    const slot = await takeSignInLinkSlot(clientIp(request));
    // The link is offered again: it was not tried, so it still works.
    if (slot.status === 'busy') return answer(503, { state: 'ready', siteName, token, notice: BUSY_TEXT }, RETRY_LATER);
    if (slot.status !== 'judge') return answer(429, { state: 'limited', siteName }, { 'Retry-After': String(slot.retryAfterS) });
    await databaseReady();
    if (!(await redeemSignInLink(token))) return answer(410, { state: 'used', siteName });
    await slot.giveBack();
    const cookie = await startOwnerSession(request);
    console.info("owner's area: signed in with a one-time link.");
    return redirect('/admin', { status: 303, headers: { ...OWNER_HEADERS, 'Set-Cookie': cookie } });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`owner's area: ${error.message}`);
    return answer(503, { state: databaseProblem(), siteName }, RETRY_LATER);
  }
}
