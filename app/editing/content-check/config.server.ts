import { signature } from '~/access/signing.server';
import { readEnv } from '~/settings/env.server';
import { onFunctionHost } from '~/settings/runtime.server';

/**
 * Where the content check runs and how its caller proves itself. The check
 * needs the MDX compiler (esbuild) and sharp, which must never reach the
 * public site's function, so on Netlify it is a function of its own
 * (netlify/functions/content-check.ts), called over HTTP with a bearer
 * secret like send-email. The local server (npm start, npm run dev) runs the
 * same function in its own process and registers it here, so the editor
 * calls it directly.
 *
 * Values are read on every call (app/settings/env.server.ts): this module is
 * bundled into more than one copy under `npm start`, and process.env is what
 * the copies share.
 */

export const CONTENT_CHECK_PATH = '/.netlify/functions/content-check';

/**
 * Netlify buffers at most 6 MB of request (and answer) for a synchronous
 * function; a bigger body never reaches it. The JSON carries the edited
 * files in base64 (a third larger), so about 4.4 MB of files per check there.
 * The local server has no such limit: its cap is a publish's own (25 MB of
 * files, publish-plan.server.ts), in base64, with room for the JSON.
 */
export const NETLIFY_MAX_CHECK_BODY_BYTES = 6 * 1024 * 1024;
export const LOCAL_MAX_CHECK_BODY_BYTES = 36 * 1024 * 1024;

/** The cap for this process: Netlify's on a function host, else the local one. */
export function maxCheckBodyBytes(): number {
  return onFunctionHost() ? NETLIFY_MAX_CHECK_BODY_BYTES : LOCAL_MAX_CHECK_BODY_BYTES;
}

/**
 * The caller's bound on one check. A warm check takes about 0.1 s, a cold
 * one (function start, first fetch of the branch) a few seconds; the
 * snapshot's own git requests are bounded at 20 s (snapshot.server.ts).
 * Well inside Netlify's 60 s for the site's function that waits for it.
 */
export const CHECK_TIMEOUT_MS = 25_000;

/**
 * The bearer secret: CONTENT_CHECK_SECRET when set, else one derived from
 * SESSION_SECRET (HMAC-SHA256 with a fixed label). SESSION_SECRET is already
 * required on Netlify and kept by the local server
 * (scripts/local-secrets.ts), and both functions see the site's variables,
 * so the check works with nothing more to set; the derived value reveals
 * nothing about SESSION_SECRET, and rotating that rotates this too.
 * Undefined means misconfigured: the function refuses everything and the
 * editor says the check is unavailable.
 */
export function getContentCheckSecret(): string | undefined {
  const own = readEnv('CONTENT_CHECK_SECRET');
  if (own) return strongEnough(own) ? own : undefined;
  const session = readEnv('SESSION_SECRET');
  return session && strongEnough(session) ? signature(session, 'portfolio: content-check function bearer') : undefined;
}

/**
 * The function compiles content and answers with private case studies'
 * previews, so its bearer must not be guessable offline: a short secret
 * (a word, a date) turns the check off rather than guard it weakly. 32
 * characters is what `randomBytes(24).toString('base64url')` gives; the
 * SESSION_SECRET the site makes for itself has 43.
 */
export const MIN_SECRET_LENGTH = 32;
const strongEnough = (secret: string) => secret.length >= MIN_SECRET_LENGTH;

/**
 * Where the app posts over HTTP: CONTENT_CHECK_URL when set (a function
 * served elsewhere, the tests), else the site's own URL, which Netlify sets
 * as URL for the functions at run time. Never a request's Host header: the
 * bearer secret must not go to a host a client picked.
 */
export function getContentCheckUrl(): string | undefined {
  const own = readEnv('CONTENT_CHECK_URL');
  if (own) return own;
  const site = readEnv('URL');
  return site ? new URL(CONTENT_CHECK_PATH, site).href : undefined;
}

/** On globalThis: this module is bundled twice into one local process. */
type Handler = (request: Request) => Promise<Response>;
const KEY = Symbol.for('portfolio.in-process-content-check');
const registry = () => globalThis as unknown as Record<symbol, Handler | undefined>;

/** Called by the local server (scripts/serve.ts): the check runs in this process. Undefined unregisters it (the tests). */
export function runContentCheckInProcess(handler: Handler | undefined): void {
  registry()[KEY] = handler;
}

/** The content-check function of this process, or undefined on Netlify (then it is called over HTTP). */
export function inProcessContentCheck(): Handler | undefined {
  return registry()[KEY];
}
