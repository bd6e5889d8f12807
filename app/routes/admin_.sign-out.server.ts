import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { databaseProblem, OWNER_HEADERS } from '~/access/owner-guard.server';
import { endOwnerSession, ownerSession } from '~/access/owner-session.server';
import { databaseReady, isDatabaseUnavailable } from '~/db/connection.server';
import { readSmallForm } from '~/http/form.server';
import { refuseCrossOrigin } from '~/http/origin.server';
import type { SignInData } from './admin_.sign-in.server';

/** A GET of /admin/sign-out (a typed address, a prefetch) signs no one out: back to the area. */
export const signOutLoader = () => redirect('/admin', { status: 303, headers: OWNER_HEADERS });

/** POST only: ends this session, or with intent=everywhere every session; back to the sign-in page either way. */
export async function signOutAction({ request }: ActionFunctionArgs) {
  const crossOrigin = refuseCrossOrigin(request, { ownerArea: true });
  if (crossOrigin) return crossOrigin;
  const form = await readSmallForm(request, 4 * 1024);
  const everywhere = typeof form !== 'number' && form.get('intent') === 'everywhere';
  try {
    await databaseReady();
    // Only a live session may end sessions: a stranger's POST (any Origin can be typed by a script)
    // must not sign the owner out everywhere. Without one, the cookie is cleared and nothing else.
    const live = await ownerSession(request);
    const cookie = await endOwnerSession(request, { everywhere: everywhere && live !== null });
    return redirect('/admin/sign-in', { status: 303, headers: { ...OWNER_HEADERS, 'Set-Cookie': cookie } });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return data<SignInData>({ state: databaseProblem() }, { status: 503, headers: OWNER_HEADERS });
  }
}
