import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { guardedRequest } from '~/outbound/guarded-request.server';
import { redact } from './publish-plan.server';

/**
 * isomorphic-git's HTTP client, our own so that every request reaches only
 * a public address over https, redirects included, checked hop by hop
 * (outbound/guarded-request.server.ts): the git host is an address the
 * owner pasted, and its token goes with each request. isomorphic-git's own
 * clients (web and Node) now take an abort signal, but follow redirects
 * unchecked. Each request gets `timeoutMs`, and none runs past `deadline`
 * (the whole publish's budget, a Date.now() value): a remote that accepts
 * the connection and never answers would otherwise hold the function until
 * Netlify kills it. The limit covers the body too: the signal aborts the stream.
 */
export function timedHttpClient(timeoutMs: number, deadline: number): HttpClient {
  return {
    async request({ url, method = 'GET', headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      const chunks: Uint8Array[] = [];
      if (body) for await (const chunk of body) chunks.push(chunk);
      const response = await guardedRequest(url, {
        method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), AbortSignal.timeout(Math.max(1, deadline - Date.now()))]),
      });
      return {
        url: response.url,
        method,
        statusCode: response.status,
        statusMessage: response.statusText,
        headers: response.headers,
        body: (async function* () {
          yield* response.body;
        })(),
      };
    },
  };
}

/** HTTP Basic with the username GitHub, GitLab and Gitea all accept for a token. */
export function basicAuthHeader(token: string): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}` };
}

type GitError = Error & { code?: string; data?: { statusCode?: number; statusMessage?: string; reason?: string }; cause?: unknown };

/**
 * Turns what isomorphic-git or fetch threw into a sentence for the designer
 * (and the developer reading it over their shoulder), without the token.
 */
export { isTimeout, networkCode };

/**
 * `source` says where the designer fixes a refused token: Netlify's settings
 * (CONTENT_GIT_*) or the owner's Publishing page.
 */
export function describeGitError(error: unknown, url: string, token: string, source: 'settings' | 'owner-area' = 'settings'): string {
  const host = safeHost(url);
  const e = error as GitError;
  const status = e?.code === 'HttpError' ? e.data?.statusCode : undefined;
  const inOwnerArea = source === 'owner-area';
  let message: string;
  // In her words: what the host did and where to fix it; never a status code, git's words or a setting's name.
  const fixIn = inOwnerArea ? 'in Publishing' : 'in Publishing (it replaces the one in the site’s Netlify settings)';
  if (status === 401) {
    message = `${host} refused the ${inOwnerArea ? 'saved ' : ''}token: it is wrong or has expired. Make a new one and paste it ${fixIn}.`;
  } else if (status === 403) {
    message = `${host} refused to let the ${inOwnerArea ? 'saved ' : ''}token make changes: give it Contents: Read and write, then paste it again ${fixIn}.`;
  } else if (status === 404) {
    message = `${host} has nothing at ${url} that the token can see: check the address and the token ${fixIn}.`;
  } else if (status) {
    message = `${host} could not take the change just now; nothing was published. Try again in a minute.`;
  } else if (e?.code === 'PushUncertain') {
    message = `${host} did not confirm in time that it took the change: it may still have gone through. Reload to see what is on the site; publishing the same draft again is safe (nothing goes in twice).`;
  } else if (isTimeout(e)) {
    message = `${host} did not answer in time; nothing was published. Try again in a minute.`;
  } else if (networkCode(e)) {
    message = `Could not reach ${host}; nothing was published. Try again in a minute.`;
  } else if (e?.code === 'PushRejectedError') {
    message = `${host} refused the change; nothing was published. Reload and try again.`;
  } else {
    message = `Publishing failed: ${e?.message ?? String(error)}`;
  }
  return redact(message, token);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the git host';
  }
}

function isTimeout(e: unknown): boolean {
  for (let current: unknown = e, depth = 0; current && depth < 4; current = (current as GitError).cause, depth++) {
    const name = (current as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return true;
  }
  return false;
}

/** ECONNREFUSED, ENOTFOUND, ECONNRESET…: fetch puts it on the error's cause. */
function networkCode(e: GitError | undefined): string | undefined {
  for (let current: unknown = e, depth = 0; current && depth < 4; current = (current as GitError).cause, depth++) {
    const code = (current as GitError).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  }
  return undefined;
}
