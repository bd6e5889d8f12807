import { readEnv, type EnvSource } from '~/settings/env.server';
import { githubRepository } from './repository-address';

/**
 * What GitHub's API tells the token's holder about the site's repository,
 * in one request (GET /repos/{owner}/{repo}): whether it is public (the
 * body's `visibility`, else `private`) and when the token expires (the
 * GitHub-Authentication-Token-Expiration header). Only for a repository on
 * GitHub; another host has no such API, and its facts are unknown.
 *
 * GITHUB_SERVER_URL and GITHUB_API_URL replace https://github.com and
 * https://api.github.com only in the tests, which answer from a local
 * stand-in (test/helpers/stand-ins/github-api.ts): GitHub itself cannot be
 * reached from the test machine.
 */

export type GithubVisibility = 'public' | 'private';

export type GithubFacts =
  /** Not a repository on GitHub: nothing was asked. */
  | { onGithub: false }
  /** GitHub's answer; null where it did not say (no answer in time, a refusal, a field missing). */
  | { onGithub: true; owner: string; name: string; visibility: GithubVisibility | null; expiresAt: string | null };

export const GITHUB_API_TIMEOUT_MS = 5_000;

export const githubServer = (env: EnvSource = process.env) =>
  (readEnv('GITHUB_SERVER_URL', env) ?? 'https://github.com').replace(/\/+$/, '');

/** owner/name when `repository` is on GitHub (or the tests' stand-in for it); null elsewhere. */
export const onGithub = (repository: string, env: EnvSource = process.env) => githubRepository(repository, githubServer(env));

export async function githubFacts(
  repository: string,
  token: string,
  { env = process.env, timeoutMs = GITHUB_API_TIMEOUT_MS }: { env?: EnvSource; timeoutMs?: number } = {},
): Promise<GithubFacts> {
  const github = onGithub(repository, env);
  if (!github) return { onGithub: false };
  const unknown = { onGithub: true as const, ...github, visibility: null, expiresAt: null };
  const api = (readEnv('GITHUB_API_URL', env) ?? 'https://api.github.com').replace(/\/+$/, '');
  try {
    const response = await fetch(`${api}/repos/${encodeURIComponent(github.owner)}/${encodeURIComponent(github.name)}`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'portfolio editor',
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const expiresAt = parseGithubExpiry(response.headers.get('github-authentication-token-expiration'));
    if (!response.ok) {
      await response.body?.cancel();
      return { ...unknown, expiresAt };
    }
    const body = (await response.json().catch(() => null)) as unknown;
    return { ...unknown, expiresAt, visibility: visibilityOf(body) };
  } catch {
    return unknown;
  }
}

/**
 * GitHub's `visibility` (public, private, or internal: an enterprise's own
 * members only), else its older `private` flag. Internal is not public to
 * the world, so it counts as private here.
 */
export function visibilityOf(body: unknown): GithubVisibility | null {
  if (typeof body !== 'object' || body === null) return null;
  const { visibility, private: isPrivate } = body as { visibility?: unknown; private?: unknown };
  if (visibility === 'public') return 'public';
  if (visibility === 'private' || visibility === 'internal') return 'private';
  if (typeof isPrivate === 'boolean') return isPrivate ? 'private' : 'public';
  return null;
}

/** GitHub writes `2026-11-26 04:15:00 UTC` (or with an offset, `+0200`). */
export function parseGithubExpiry(value: string | null): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})\s*(UTC|Z|[+-]\d{2}:?\d{2})?$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const zone = !match[3] || match[3] === 'UTC' || match[3] === 'Z' ? 'Z' : match[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(`${match[1]}T${match[2]}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
