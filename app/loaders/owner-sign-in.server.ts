import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { OWNER_HEADERS } from '~/access/owner-guard.server';
import { adminPasswordMatches, endOwnerSession, getAdminPassword, hasOwnerCookie, ownerSession, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS, startOwnerSession } from '~/access/owner-session.server';
import { databaseReady, isDatabaseUnavailable } from '~/db/connection.server';
import { clientKey, reached, take } from '~/db/rate-limit.server';
import { refuseCrossOrigin } from '~/http/origin.server';
import { CLIENT_IP_HEADER } from '~/contact/action.server';
import { getSite } from '~/content/content.server';
import { readSmallForm } from '~/http/form.server';

/**
 * /admin/sign-in and /admin/sign-out. The password is ADMIN_PASSWORD; more
 * than 10 wrong ones from a client in 10 minutes get a 429 for every try
 * (counted in the database, so it holds across instances).
 */

export type SignInData = { state: 'form' | 'closed' | 'unavailable'; siteName?: string; error?: string; limited?: string };

export const SIGN_IN_TEXT = {
  missing: 'Enter the password.',
  wrong: 'That password isn’t right.',
  limited: 'Too many wrong passwords. Wait ten minutes, then try again.',
} as const;

const answer = (status: number, body: SignInData, headers: Record<string, string> = {}) => data<SignInData>(body, { status, headers: { ...OWNER_HEADERS, ...headers } });

export async function signInLoader({ request }: LoaderFunctionArgs) {
  if (!getAdminPassword()) return answer(503, { state: 'closed' });
  if (hasOwnerCookie(request)) {
    try {
      await databaseReady();
      if (await ownerSession(request)) return redirect('/admin', { status: 303, headers: OWNER_HEADERS });
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return answer(503, { state: 'unavailable' });
    }
  }
  return answer(200, { state: 'form', siteName: getSite().name });
}

export async function signInAction({ request }: ActionFunctionArgs) {
  const crossOrigin = refuseCrossOrigin(request);
  if (crossOrigin) return crossOrigin;
  if (!getAdminPassword()) return answer(503, { state: 'closed' });
  const key = clientKey('sign-in', request.headers.get(CLIENT_IP_HEADER)?.trim() || 'unknown');
  try {
    if (await reached(key, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS)) return answer(429, { state: 'form', limited: SIGN_IN_TEXT.limited });
    const form = await readSmallForm(request, 4 * 1024);
    if (typeof form === 'number') return answer(form, { state: 'form', error: SIGN_IN_TEXT.missing });
    const password = String(form.get('password') ?? '');
    if (!password) return answer(400, { state: 'form', error: SIGN_IN_TEXT.missing });
    if (!adminPasswordMatches(password)) {
      await take(key, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS);
      return answer(401, { state: 'form', error: SIGN_IN_TEXT.wrong });
    }
    await databaseReady();
    const cookie = await startOwnerSession(request);
    return redirect('/admin', { status: 303, headers: { ...OWNER_HEADERS, 'Set-Cookie': cookie } });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`owner's area: ${error.message}`);
    return answer(503, { state: 'unavailable' });
  }
}

/** POST only: ends this session, or with intent=everywhere every session; back to the sign-in page either way. */
export async function signOutAction({ request }: ActionFunctionArgs) {
  const crossOrigin = refuseCrossOrigin(request);
  if (crossOrigin) return crossOrigin;
  const form = await readSmallForm(request, 4 * 1024);
  const everywhere = typeof form !== 'number' && form.get('intent') === 'everywhere';
  try {
    await databaseReady();
    const cookie = await endOwnerSession(request, { everywhere });
    return redirect('/admin/sign-in', { status: 303, headers: { ...OWNER_HEADERS, 'Set-Cookie': cookie } });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return answer(503, { state: 'unavailable' });
  }
}
