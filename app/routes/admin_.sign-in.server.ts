import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { databaseProblem, OWNER_HEADERS } from '~/access/owner-guard.server';
import { adminPasswordMatches, getAdminPassword, hasOwnerCookie, ownerSession, startOwnerSession } from '~/access/owner-session.server';
import { signInPaused, takeSignInSlot } from '~/access/owner-sign-in-limits.server';
import { mailSignInLink, SIGN_IN_LINK_MINUTES } from '~/access/owner-sign-in-links.server';
import { databaseReady, isDatabaseUnavailable } from '~/db/connection.server';
import { BUSY_RETRY_AFTER_S } from '~/db/rate-limit.server';
import { refuseCrossOrigin } from '~/http/origin.server';
import { clientIp } from '~/http/client-ip.server';
import { getSite } from '~/content/content.server';
import { readSmallForm } from '~/http/form.server';
import { safeReturnPath } from '~/access/sign-in-return';

/**
 * /admin/sign-in (leaving is admin_.sign-out.server.ts). The password is ADMIN_PASSWORD. Every
 * try takes its slot in the limits before it is judged
 * (owner-sign-in-limits.server.ts): 10 wrong ones from one client in 10
 * minutes get a 429 for every try, and 100 from everyone in an hour pause
 * password sign-in for everyone, when the page offers a one-time link by
 * e-mail instead. A try whose count cannot be read in time is refused with
 * a 503, the form kept, never judged.
 */

export type SignInData = {
  state: 'form' | 'closed' | 'unavailable' | 'no-database';
  siteName?: string;
  error?: string;
  limited?: string;
  /** Password sign-in is paused for everyone: the page offers the mailed link. */
  paused?: boolean;
  /** What became of asking for the link. */
  mailed?: string;
};

export const SIGN_IN_TEXT = {
  missing: 'Enter the password.',
  wrong: 'That password isn’t right.',
  limited: 'Too many wrong passwords. Wait ten minutes, then try again.',
  busy: 'Too many attempts right now. Try again in a minute.',
  paused:
    'Password sign-in is paused: too many wrong passwords were tried in the last hour. Wait an hour, or sign in with a one-time link sent to your e-mail.',
  mailed: `A one-time sign-in link is on its way to the owner’s e-mail. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.`,
  mailLimited: 'Three links have been sent in the last hour. Use one of them, or wait.',
  mailFailed: 'The link could not be sent: the mail server didn’t take it. Try again in a few minutes.',
  notPaused: 'Password sign-in isn’t paused: sign in with the password.',
} as const;

/** The owner's page that sent the designer here (`?next=`, kept in the form's address), when it is one. */
const returnPath = (request: Request) => safeReturnPath(new URL(request.url).searchParams.get('next'));

const answer = (status: number, body: SignInData, headers: Record<string, string> = {}) =>
  data<SignInData>(body, { status, headers: { ...OWNER_HEADERS, ...headers } });

/** Every 503 says when to come back. */
const RETRY_LATER = { 'Retry-After': String(BUSY_RETRY_AFTER_S) };

export async function signInLoader({ request }: LoaderFunctionArgs) {
  if (!getAdminPassword()) return answer(503, { state: 'closed' });
  // No database at all on this deploy: say so before a password is typed for nothing.
  if (databaseProblem() === 'no-database') return answer(503, { state: 'no-database' });
  if (hasOwnerCookie(request)) {
    try {
      await databaseReady();
      if (await ownerSession(request)) return redirect(returnPath(request), { status: 303, headers: OWNER_HEADERS });
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return answer(503, { state: databaseProblem() });
    }
  }
  return answer(200, { state: 'form', siteName: getSite().name });
}

/** intent=mail-link: the one-time link, only while password sign-in is paused. */
async function askForLink(siteName: string) {
  const paused = await signInPaused();
  if (paused === 'busy') return answer(503, { state: 'form', siteName, paused: true, mailed: SIGN_IN_TEXT.busy }, RETRY_LATER);
  if (!paused) return answer(409, { state: 'form', siteName, error: SIGN_IN_TEXT.notPaused });
  await databaseReady();
  const sent = await mailSignInLink();
  const outcomes: Record<typeof sent, [number, string]> = {
    sent: [200, SIGN_IN_TEXT.mailed],
    limited: [429, SIGN_IN_TEXT.mailLimited],
    busy: [503, SIGN_IN_TEXT.busy],
    failed: [502, SIGN_IN_TEXT.mailFailed],
  };
  const [status, mailed] = outcomes[sent];
  return answer(status, { state: 'form', siteName, paused: true, mailed }, status === 503 ? RETRY_LATER : {});
}

export async function signInAction({ request }: ActionFunctionArgs) {
  const crossOrigin = refuseCrossOrigin(request, { ownerArea: true });
  if (crossOrigin) return crossOrigin;
  if (!getAdminPassword()) return answer(503, { state: 'closed' });
  const siteName = getSite().name;
  try {
    // Reading a small form costs nothing and judges nothing: a slot is only taken for a password to judge.
    const form = await readSmallForm(request, 4 * 1024);
    if (typeof form === 'number') return answer(form, { state: 'form', siteName, error: SIGN_IN_TEXT.missing });
    if (form.get('intent') === 'mail-link') return await askForLink(siteName);
    const password = String(form.get('password') ?? '');
    if (!password) return answer(400, { state: 'form', siteName, error: SIGN_IN_TEXT.missing });
    const slot = await takeSignInSlot(clientIp(request));
    if (slot.status !== 'judge') {
      const paused = slot.status === 'paused';
      return answer(
        slot.status === 'busy' ? 503 : 429,
        { state: 'form', siteName, paused, limited: SIGN_IN_TEXT[slot.status] },
        { 'Retry-After': String(slot.retryAfterS) },
      );
    }
    if (!adminPasswordMatches(password)) return answer(401, { state: 'form', siteName, error: SIGN_IN_TEXT.wrong });
    await slot.giveBack();
    await databaseReady();
    const cookie = await startOwnerSession(request);
    return redirect(returnPath(request), { status: 303, headers: { ...OWNER_HEADERS, 'Set-Cookie': cookie } });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`owner's area: ${error.message}`);
    return answer(503, { state: databaseProblem() }, RETRY_LATER);
  }
}
