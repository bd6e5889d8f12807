import { signature } from '~/access/signing.server';
import { readEnv } from '~/settings/env.server';
import { FUNCTION_PAYLOAD_BYTES } from '~/http/platform-limits';

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
 * Netlify buffers at most 6 MB of request (and answer) for a function; a
 * bigger body never reaches it. A check carries the edited text (a content
 * file is at most 1 MB: drafts/texts.server.ts) and names a draft's images
 * instead of carrying them (call.server.ts), so it stays far under that,
 * here as on Netlify, whatever the publish holds.
 */
export const MAX_CHECK_BODY_BYTES = FUNCTION_PAYLOAD_BYTES;

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

/**
 * The background function that makes the image variants a publish left
 * pending (netlify/functions/content-variants-background.ts): Netlify gives
 * it 15 minutes and answers its caller 202 at once. Called by the
 * content-check function right after a publish went live; the local server
 * runs it in this process, after the answer.
 */
export const CONTENT_VARIANTS_PATH = '/.netlify/functions/content-variants-background';
const VARIANTS_KEY = Symbol.for('portfolio.in-process-content-variants');

/** Called by the local server (scripts/serve.ts): the variants are made in this process. */
export function runContentVariantsInProcess(handler: Handler | undefined): void {
  registry()[VARIANTS_KEY] = handler;
}

export function inProcessContentVariants(): Handler | undefined {
  return registry()[VARIANTS_KEY];
}

/** Where the content-check function reaches the variants function over HTTP: beside itself. */
export function getContentVariantsUrl(): string | undefined {
  const check = getContentCheckUrl();
  return check ? new URL(CONTENT_VARIANTS_PATH, check).href : undefined;
}
