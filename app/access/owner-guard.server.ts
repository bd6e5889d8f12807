import { data, redirect } from '@remix-run/node';
import { databaseReady, isDatabaseUnavailable } from '~/db/connection.server';
import { readPlatformEnv } from '~/settings/env.server';
import { refuseCrossOrigin } from '~/http/origin.server';
import { OWNER_HEADERS } from '~/http/owner-headers';
import { getAdminPassword, ownerSession, type OwnerSession } from './owner-session.server';
import { signInPathFor } from './sign-in-return';

/**
 * The door of /admin, for every loader and action behind it: a POST from
 * another origin is refused (403) before anything else; without a live
 * session the answer is a redirect to the sign-in page and carries nothing
 * else; with the area closed (no ADMIN_PASSWORD) or the database out of
 * reach, it fails closed with a 503 page.
 */

export { OWNER_HEADERS } from '~/http/owner-headers';

export type OwnerAreaProblem = {
  problem: 'closed' | 'unavailable' | 'no-database';
};

/** Out of reach for now, or no database at all on this deploy (which waiting won't fix). */
export const databaseProblem = (): 'unavailable' | 'no-database' => (readPlatformEnv('NETLIFY_DB_URL') ? 'unavailable' : 'no-database');

export const ownerAreaProblem = (problem: OwnerAreaProblem['problem']) =>
  data<OwnerAreaProblem>({ problem }, { status: 503, headers: OWNER_HEADERS });

export async function requireOwner(request: Request): Promise<OwnerSession> {
  const crossOrigin = refuseCrossOrigin(request, { ownerArea: true });
  if (crossOrigin) throw crossOrigin;
  if (!getAdminPassword()) throw ownerAreaProblem('closed');
  let session: OwnerSession | null;
  try {
    await databaseReady();
    session = await ownerSession(request);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`owner's area: ${error.message}`);
    throw ownerAreaProblem(databaseProblem());
  }
  if (!session)
    throw redirect(signInPathFor(request), {
      status: 303,
      headers: OWNER_HEADERS,
    });
  return session;
}

/** Runs an owner's action or loader body; the database failing midway is the same clear 503. */
export async function asOwner<T>(request: Request, work: (session: OwnerSession) => Promise<T>): Promise<T> {
  const session = await requireOwner(request);
  try {
    return await work(session);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`owner's area: ${error.message}`);
    throw ownerAreaProblem(databaseProblem());
  }
}
