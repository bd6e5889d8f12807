import { callContentFunction, failureSentence } from '~/editing/content-check/call.server';

/**
 * After a publish's commit has landed: asks the content-check function to
 * render that commit and make it the site's live content
 * (pipeline/publish-live.ts). Visitors then see the change within seconds,
 * with no rebuild and no deploy. A failure here never undoes the publish:
 * the commit is in git, and the next build shows it.
 */

export type GoLive = { shown: 'now'; ms: number } | { shown: 'after-build'; reason: string };

/** Compile, render the PDF, the cards and new images' variants: seconds, well inside Netlify's 60 s. */
export const LIVE_TIMEOUT_MS = 45_000;

/** Undefined outside a production server: `npm run dev` compiles content/ in its own process, and shows the change from there. */
export async function goLive(): Promise<GoLive | undefined> {
  if (process.env.NODE_ENV !== 'production') return undefined;
  const called = await callContentFunction(JSON.stringify({ live: true }), LIVE_TIMEOUT_MS);
  if ('unavailable' in called) return { shown: 'after-build', reason: called.unavailable };
  const { response, answer, url } = called;
  const live = (answer as { live?: { status?: unknown; ms?: unknown } } | undefined)?.live;
  if (response.ok && (live?.status === 'live' || live?.status === 'superseded'))
    return { shown: 'now', ms: typeof live.ms === 'number' ? live.ms : 0 };
  return { shown: 'after-build', reason: failureSentence(response, answer, url) };
}
