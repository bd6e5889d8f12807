import { clientKey, reached, release, take } from '~/db/rate-limit.server';

/**
 * The owner's sign-in is guessed at by two kinds of stranger, and each has
 * its limit, counted in the database (app/db/rate-limit.server.ts) so it
 * holds across every instance:
 *
 * - one address: 10 wrong passwords in 10 minutes, then 429 for every try;
 * - everyone together (a slow guesser spread over many addresses): 100 wrong
 *   passwords in an hour, then password sign-in pauses for everyone until
 *   the hour is over. That is the cost to the owner: while paused, even the
 *   right password gets a 429. Sessions already open keep working, and the
 *   owner can sign in with a one-time link mailed to CONTACT_TO
 *   (owner-sign-in-links.server.ts).
 *
 * Each attempt takes its slot in both before the password is judged, so N
 * guesses in flight at once get at most the limit judged, whatever N; the
 * right password gives its slots back, so only wrong ones count. When the
 * count cannot be read in time the attempt is 'busy': refused, not judged.
 */

export const SIGN_IN_ATTEMPTS = 10;
export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;
export const ALL_SIGN_IN_FAILURES = 100;
export const ALL_SIGN_IN_WINDOW_MS = 60 * 60 * 1000;

/** The one key of the overall cap: it counts everyone, so it holds no address. */
const EVERYONE = 'sign-in:everyone';

export type SignInSlot =
  { status: 'judge'; giveBack: () => Promise<void> } | { status: 'limited' | 'paused' | 'busy'; retryAfterS: number };

export async function takeSignInSlot(ip: string): Promise<SignInSlot> {
  const own = clientKey('sign-in', ip);
  const mine = await take(own, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS);
  if (!mine.allowed) return { status: mine.busy ? 'busy' : 'limited', retryAfterS: mine.retryAfterS };
  const all = await take(EVERYONE, ALL_SIGN_IN_FAILURES, ALL_SIGN_IN_WINDOW_MS);
  if (!all.allowed) {
    // Not judged, so not this address's wrong guess.
    await release(own);
    return { status: all.busy ? 'busy' : 'paused', retryAfterS: all.retryAfterS };
  }
  return { status: 'judge', giveBack: async () => void (await Promise.all([release(own), release(EVERYONE)])) };
}

/** Whether password sign-in is paused for everyone right now (no attempt recorded); 'busy' when that cannot be read in time. */
export const signInPaused = () => reached(EVERYONE, ALL_SIGN_IN_FAILURES, ALL_SIGN_IN_WINDOW_MS);

/**
 * A one-time link's use counts against the address's own limit only: the
 * overall cap is what the link gets the owner past. A good link gives its
 * slot back.
 */
export async function takeSignInLinkSlot(ip: string): Promise<SignInSlot> {
  const own = clientKey('sign-in', ip);
  const mine = await take(own, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS);
  if (!mine.allowed) return { status: mine.busy ? 'busy' : 'limited', retryAfterS: mine.retryAfterS };
  return { status: 'judge', giveBack: () => release(own) };
}
