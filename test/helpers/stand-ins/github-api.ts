import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * GitHub's REST API, as far as the site uses it (GET /repos/{owner}/{repo}
 * with the publishing token as a bearer), on 127.0.0.1: the real one cannot
 * be reached from here. A server points at it with GITHUB_API_URL (and, for
 * a git remote of the tests to count as GitHub's, GITHUB_SERVER_URL at the
 * remote's address). The one stand-in for GitHub in the suite.
 *
 * A known repository answers 200 with `private` and `visibility` as GitHub
 * writes them, and the token's expiry header when one is set; `'error'`
 * answers 500, as GitHub does when it cannot say; an unknown repository 404,
 * a token it does not know (when `tokens` is given) 401. Every request is
 * recorded as it arrived. Tests change `repositories` and `expiration` as
 * they go: each answer reads them afresh.
 */

export type GithubRepoAnswer = { visibility: 'public' | 'private' | 'internal' } | 'error';

export type GithubApiCall = { method: string; path: string; authorization: string | undefined };

export type GithubApi = {
  url: string;
  calls: GithubApiCall[];
  /** owner/name → how GitHub answers for it. */
  repositories: Map<string, GithubRepoAnswer>;
  /** The GitHub-Authentication-Token-Expiration header on every answer about a repository, as GitHub writes it; null: none. */
  expiration: string | null;
  close: () => Promise<void>;
};

export async function startGithubApi({
  repositories = {},
  expiration = null,
  tokens,
}: {
  repositories?: Record<string, GithubRepoAnswer>;
  expiration?: string | null;
  /** When given, a bearer that is none of these gets 401. */
  tokens?: string[];
} = {}): Promise<GithubApi> {
  const api: GithubApi = {
    url: '',
    calls: [],
    repositories: new Map(Object.entries(repositories)),
    expiration,
    close: async () => undefined,
  };
  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
  const server = http.createServer((request, response) => {
    request.resume();
    const path = request.url ?? '';
    api.calls.push({ method: request.method ?? '', path, authorization: request.headers.authorization });
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (tokens && (!bearer || !tokens.includes(bearer))) return json(response, 401, { message: 'Bad credentials' });
    const match = /^\/repos\/([^/]+)\/([^/]+)$/.exec(path);
    const name = match ? `${decodeURIComponent(match[1] ?? '')}/${decodeURIComponent(match[2] ?? '')}` : '';
    const answer = request.method === 'GET' ? api.repositories.get(name) : undefined;
    if (!answer) return json(response, 404, { message: 'Not Found' });
    if (answer === 'error') return json(response, 500, { message: 'Server Error' });
    const expiry: Record<string, string> = api.expiration ? { 'github-authentication-token-expiration': api.expiration } : {};
    return json(
      response,
      200,
      { full_name: name, name: name.split('/')[1], private: answer.visibility !== 'public', visibility: answer.visibility },
      expiry,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}
