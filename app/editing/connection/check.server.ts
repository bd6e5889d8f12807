import type { EnvSource } from '~/settings/env.server';
import { basicAuthHeader, isTimeout } from '~/editing/git/http.server';
import { guardedRequest } from '~/outbound/guarded-request.server';
import { githubFacts, type GithubVisibility } from './github-api.server';

export { parseGithubExpiry } from './github-api.server';

/**
 * Checks a repository address and a token before they are kept, without
 * changing anything in the repository: git's own first request of a fetch
 * (info/refs for git-upload-pack: may the token read, and is the branch
 * there?) and of a push (info/refs for git-receive-pack: may it write?
 * GitHub answers 403 there to a token that may only read). Each answer
 * becomes one sentence that says exactly what is wrong, for the designer.
 *
 * On GitHub, its API then says when the token expires and whether the
 * repository is public (github-api.server.ts); unknown is not an error.
 *
 * Both requests go only to a public address over https, redirects included
 * (outbound/guarded-request.server.ts). An address that may not be reached
 * gets the same sentence as one that does not answer, so the page tells
 * nobody which hosts exist on the site's own network.
 */

/** `visibility`: GitHub's word on whether the repository is public; null when it did not say or the host is not GitHub. */
export type ConnectionCheck = { ok: true; expiresAt: string | null; visibility: GithubVisibility | null } | { ok: false; reason: string };

/** Per request: a git host that does not answer within this is reported as such. */
export const CHECK_TIMEOUT_MS = 10_000;

export async function checkConnection(
  { repository, branch, token }: { repository: string; branch: string; token: string },
  { timeoutMs = CHECK_TIMEOUT_MS } = {},
): Promise<ConnectionCheck> {
  const host = new URL(repository).host;
  const read = await advertisement(repository, 'git-upload-pack', token, timeoutMs);
  if ('reason' in read) return { ok: false, reason: read.reason };
  if (read.status !== 200)
    return {
      ok: false,
      reason: refusal(read.status, 'read', host, repository),
    };
  if (!read.git)
    return {
      ok: false,
      reason: `${repository} is not a git repository. Copy the address of your repository’s page on ${host}, e.g. https://github.com/you/portfolio.`,
    };
  if (!read.refs.includes(`refs/heads/${branch}`)) {
    return {
      ok: false,
      reason: `The repository has no branch named “${branch}”, the one the site is built from. Check that the address is the site’s own repository.`,
    };
  }
  const push = await advertisement(repository, 'git-receive-pack', token, timeoutMs);
  if ('reason' in push) return { ok: false, reason: push.reason };
  if (push.status !== 200 || !push.git)
    return {
      ok: false,
      reason: refusal(push.status, 'write', host, repository),
    };
  const facts = await githubFacts(repository, token);
  return facts.onGithub
    ? { ok: true, expiresAt: facts.expiresAt, visibility: facts.visibility }
    : { ok: true, expiresAt: null, visibility: null };
}

type Advertisement = { status: number; git: boolean; refs: string[] } | { reason: string };

async function advertisement(
  repository: string,
  service: 'git-upload-pack' | 'git-receive-pack',
  token: string,
  timeoutMs: number,
): Promise<Advertisement> {
  const host = new URL(repository).host;
  try {
    const response = await guardedRequest(`${repository}/info/refs?service=${service}`, {
      headers: {
        ...basicAuthHeader(token),
        'user-agent': 'git/2.45 (portfolio editor)',
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const ok = response.status >= 200 && response.status < 300;
    const git = ok && (response.headers['content-type'] ?? '').startsWith(`application/x-${service}-advertisement`);
    const body = git ? await advertisementBody(response.body) : (response.discard(), Buffer.alloc(0));
    return {
      status: response.status,
      git,
      refs: git ? advertisedRefs(body) : [],
    };
  } catch (error) {
    const seconds = Math.max(1, Math.round(timeoutMs / 1000));
    if (isTimeout(error as Error))
      return {
        reason: `${host} did not answer within ${seconds} second${seconds === 1 ? '' : 's'}. Try again in a minute; if it keeps happening, check the address.`,
      };
    return {
      reason: `Could not reach ${host}. Check the address, or try again in a minute.`,
    };
  }
}

/** An advertisement is a few kilobytes per branch; anything past this is not one worth reading. */
const ADVERTISEMENT_MAX_BYTES = 4 * 1024 * 1024;

async function advertisementBody(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > ADVERTISEMENT_MAX_BYTES) break;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function refusal(status: number, wanted: 'read' | 'write', host: string, repository: string): string {
  if (status === 401) return `${host} refused the token: it is wrong, or it has expired. Copy it again from GitHub, or make a new one.`;
  if (status === 403 && wanted === 'write') {
    return `The token may read the repository but not make changes to it. Give it “Contents: Read and write” (or make a new token that has it), then paste it again.`;
  }
  if (status === 403)
    return `${host} refused to let this token read the repository. Give it access to this repository, with “Contents: Read and write”.`;
  if (status === 404) {
    return `There is no repository at ${repository}, or the token was not given access to it. Check the address, and that the token lists this repository under “Only select repositories”.`;
  }
  return `${host} could not show the repository just now. Try again in a minute.`;
}

/** The ref names of a smart-HTTP advertisement (pkt-lines: 4 hex digits of length, then the line; 0000 flushes). */
export function advertisedRefs(body: Buffer): string[] {
  const refs: string[] = [];
  for (let at = 0; at + 4 <= body.length;) {
    const length = Number.parseInt(body.subarray(at, at + 4).toString('latin1'), 16);
    if (!Number.isFinite(length)) break;
    if (length < 4) {
      at += 4;
      continue;
    }
    const line = body.subarray(at + 4, at + length).toString('utf8');
    at += length;
    const ref = /^[0-9a-f]{40,64} ([^\0\n]+)/.exec(line)?.[1];
    if (ref) refs.push(ref);
  }
  return refs;
}

/**
 * When GitHub says the token expires, as an ISO date; null when the
 * repository is not on GitHub, the token has no expiry, or GitHub did not
 * say in time (github-api.server.ts).
 */
export async function tokenExpiry(repository: string, token: string, env: EnvSource = process.env): Promise<string | null> {
  const facts = await githubFacts(repository, token, { env });
  return facts.onGithub ? facts.expiresAt : null;
}
