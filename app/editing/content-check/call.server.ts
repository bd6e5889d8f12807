import { createHash } from 'node:crypto';
import {
  CHECK_TIMEOUT_MS,
  CONTENT_CHECK_PATH,
  getContentCheckSecret,
  getContentCheckUrl,
  inProcessContentCheck,
  MAX_CHECK_BODY_BYTES,
} from './config.server';
import type { CheckChange, CheckOutcome, CheckResult } from './types';

export type { CheckChange, CheckOutcome, CheckProblem, CheckPreview, CheckResult } from './types';

/**
 * The editor's way to ask "would the build accept this edit?" and for a
 * preview. The answer comes from the content-check function
 * (netlify/functions/content-check.ts), which runs the build's own compiler
 * on the branch tip plus `changes`: in this process under the local server,
 * over HTTP on Netlify. The app never compiles content itself (app/ must not
 * import pipeline/).
 *
 * `{ ok: false, unavailable }` means the check could not run (a sentence for
 * the designer, never a secret): the edit is then neither known good nor
 * bad, and must not be published as checked.
 */
export async function checkEdits(changes: CheckChange[], { preview }: { preview?: string } = {}): Promise<CheckOutcome> {
  const body = JSON.stringify({
    changes: changes.map(({ path, bytes, fromDraft }) =>
      // A draft's image is named with its hash: the function reads those very bytes from the database.
      bytes !== null && fromDraft
        ? { path, draft: createHash('sha256').update(bytes).digest('hex') }
        : { path, base64: bytes === null ? null : bytes.toString('base64') },
    ),
    preview,
  });
  if (Buffer.byteLength(body) > MAX_CHECK_BODY_BYTES) {
    return unavailable('This edit is too large to check at once. Publish it in smaller parts: first the text, then the rest.');
  }
  const called = await callContentFunction(body, CHECK_TIMEOUT_MS);
  if ('unavailable' in called) return called;
  const { response, answer, url } = called;
  if (response.ok && isResult(answer)) return answer;
  return unavailable(failureSentence(response, answer, url));
}

type Called = { response: Response; answer: unknown; url: string } | { ok: false; unavailable: string };

/**
 * Posts `body` to the content-check function: in this process under the
 * local server, over HTTP on Netlify, with the bearer secret and a bound.
 * A sentence for the designer when it could not be asked.
 */
export async function callContentFunction(body: string, timeoutMs: number): Promise<Called> {
  const secret = getContentCheckSecret();
  if (!secret)
    return unavailable(
      'The content check is off: set SESSION_SECRET (or CONTENT_CHECK_SECRET) to at least 32 random characters for Functions in Netlify, then redeploy.',
    );
  const local = inProcessContentCheck();
  const url = local ? CONTENT_CHECK_PATH : getContentCheckUrl();
  if (!url) return unavailable('The content check has no address: Netlify sets URL for functions; elsewhere set CONTENT_CHECK_URL.');
  const call: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  };
  let response: Response;
  try {
    response = local
      ? await withinTimeout(local(new Request(new URL(CONTENT_CHECK_PATH, 'http://localhost'), call)), timeoutMs)
      : await fetch(url, call);
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    console.warn(`content check: ${timedOut ? `no answer within ${timeoutMs} ms` : String(error)} (${url})`);
    return unavailable(
      timedOut
        ? 'The content check did not answer in time. Try again in a minute.'
        : 'The content check could not be reached. Try again in a minute.',
    );
  }
  return { response, answer: await response.json().catch(() => undefined), url };
}

/** The function's own sentence (a git host down, a bad token) tells the designer what to do; a 401 means the secrets differ. */
export function failureSentence(response: Response, answer: unknown, url: string): string {
  const error = (answer as { error?: unknown } | undefined)?.error;
  console.warn(`content check: ${url} answered ${response.status}${typeof error === 'string' ? `: ${error}` : ''}`);
  if ((response.status === 502 || response.status === 503) && typeof error === 'string') return error;
  if (response.status === 401)
    return 'The content check refused this site: its secret differs. Redeploy after changing SESSION_SECRET or CONTENT_CHECK_SECRET, so both functions have the new one.';
  return `The content check failed (${response.status}). Try again in a minute.`;
}

function unavailable(sentence: string): { ok: false; unavailable: string } {
  return { ok: false, unavailable: sentence };
}

/** The in-process call gets the same bound as the call over HTTP. */
function withinTimeout(answer: Promise<Response>, timeoutMs: number): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), timeoutMs);
  });
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

/** The function's answer is checked for its shape, so a proxy's HTML page or a wrong URL is "unavailable", not a crash. */
function isResult(value: unknown): value is CheckResult {
  const result = value as { ok?: unknown; problems?: unknown } | null;
  if (!result || typeof result !== 'object') return false;
  if (result.ok === true) return true;
  return (
    result.ok === false &&
    Array.isArray(result.problems) &&
    result.problems.every((p) => p && typeof (p as { message?: unknown }).message === 'string')
  );
}
