import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { redact } from './publish-plan.server';

/**
 * isomorphic-git's HTTP client, on Node's fetch so that every request has a
 * deadline (its own Node client has none: a remote that accepts the
 * connection and never answers would hold the function until Netlify kills
 * it, and the designer would get no message). Each request gets
 * `timeoutMs`, and none runs past `deadline` (the whole publish's budget, a
 * Date.now() value). The limit covers the body too: the signal aborts the stream.
 */
export function timedHttpClient(timeoutMs: number, deadline: number): HttpClient {
  return {
    async request({ url, method = 'GET', headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      const chunks: Uint8Array[] = [];
      if (body) for await (const chunk of body) chunks.push(chunk);
      const response = await fetch(url, {
        method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), AbortSignal.timeout(Math.max(1, deadline - Date.now()))]),
      });
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, key) => {
        responseHeaders[key] = value;
      });
      const stream = response.body;
      return {
        url: response.url,
        method,
        statusCode: response.status,
        statusMessage: response.statusText,
        headers: responseHeaders,
        body: (async function* () {
          // Node's web streams are async iterable; the DOM lib's type does not say so.
          if (stream) for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) yield chunk;
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
  if (status === 401) {
    message = inOwnerArea
      ? `${host} refused the saved token (401 Unauthorized): it is wrong or has expired. Make a new one and paste it in Publishing (/admin/publishing).`
      : `${host} refused the token (401 Unauthorized): CONTENT_GIT_TOKEN is wrong or has expired. Make a new token that may push to the repository and set it.`;
  } else if (status === 403) {
    message = inOwnerArea
      ? `${host} refused to let the saved token make changes (403 Forbidden): give it Contents: Read and write, then paste it again in Publishing (/admin/publishing).`
      : `${host} refused to let this token push (403 Forbidden): give CONTENT_GIT_TOKEN write access to the repository's contents, or check the branch's protection rules.`;
  } else if (status === 404) {
    message = inOwnerArea
      ? `${host} has no repository at ${url} (404), or the token cannot see it: check the address and the token in Publishing (/admin/publishing).`
      : `${host} has no repository at ${url} (404), or the token cannot see it: check CONTENT_GIT_URL and the token's access.`;
  } else if (status) {
    message = `${host} answered ${status} ${e.data?.statusMessage ?? ''}`.trim() + '; nothing was published. Try again in a minute.';
  } else if (e?.code === 'PushUncertain') {
    message = `${host} did not confirm the push in time: the commit may still have landed. Reload to see the branch as it is; publishing the same draft again is safe (what already landed is not committed twice).`;
  } else if (isTimeout(e)) {
    message = `${host} did not answer in time; nothing was published. Try again in a minute.`;
  } else if (networkCode(e)) {
    message = `Could not reach ${host} (${networkCode(e)}); nothing was published. Try again in a minute.`;
  } else if (e?.code === 'PushRejectedError') {
    message = `${host} refused the push (${e.data?.reason ?? 'rejected'}); nothing was published.`;
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

function isTimeout(e: GitError | undefined): boolean {
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
