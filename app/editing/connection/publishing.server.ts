import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { buildVersion } from '~/content/current-content.server';
import { isDatabaseUnavailable } from '~/db/connection.server';
import { readEnv } from '~/settings/env.server';
import {
  parseAuthor,
  publishConfig,
  type PublishConfig,
  type PublishEnv,
  type ReadOnlyPublishConfig,
} from '~/editing/git/publish-config.server';
import { checkConnection } from './check.server';
import { deleteConnection, NoSecretError, readConnection, saveConnection, type StoredConnection } from './store.server';
import { parseRepositoryAddress } from './repository-address';

/**
 * Where the editor publishes to, decided per request, in this order:
 *
 * 1. Netlify's settings (CONTENT_GIT_URL + CONTENT_GIT_TOKEN): 'from-settings';
 *    a bad value there is a read-only config that names the setting;
 * 2. the developer's checkout (`npm start`, `npm run dev`): 'local';
 * 3. the connection the owner made on /admin/publishing, kept in the
 *    database with its token sealed (store.server.ts).
 *
 * So a designer never has to open Netlify's settings to publish: the
 * repository defaults to the one Netlify built from (recorded at build time
 * in build-version.json), and the token is pasted in the owner's area.
 */

export const PUBLISHING_PAGE = '/admin/publishing';

export type PublishingStatus = {
  state: 'connected' | 'not-connected' | 'from-settings' | 'local' | 'problem';
  repository: string | null;
  expiresAt: string | null;
  reason: string | null;
};

const NOT_CONNECTED =
  'Publishing is not connected yet: the site needs a key from GitHub to save your changes. Connect it in Publishing; it takes a few minutes.';
const PASTE_AGAIN =
  'The saved GitHub token can no longer be read (the site’s secret changed since it was saved). Paste the token again in Publishing.';
const STORE_DOWN = 'The publishing connection cannot be read right now: the site’s database did not answer. Try again in a minute.';

/** The branch the site is built from: the one Netlify built, else main. */
export function defaultBranch(): string {
  return builtFrom().branch ?? 'main';
}

/** The repository Netlify built from, as recorded at build time; null elsewhere. */
export function defaultRepository(): string | null {
  return builtFrom().repository;
}

function builtFrom(): { repository: string | null; branch: string | null } {
  try {
    return buildVersion().builtFrom ?? { repository: null, branch: null };
  } catch {
    return { repository: null, branch: null };
  }
}

type Kept = { stored: StoredConnection | null } | { unreadable: 'not configured' | 'down' };

async function keptConnection(): Promise<Kept> {
  try {
    return { stored: await readConnection() };
  } catch (error) {
    if (isDatabaseUnavailable(error) && error.reason === 'not configured') return { unreadable: 'not configured' };
    // Never the token: readConnection's errors are the database's own.
    console.warn(`publishing: the connection could not be read (${error instanceof Error ? error.message : String(error)})`);
    return { unreadable: 'down' };
  }
}

const readOnly = (reason: string): ReadOnlyPublishConfig => ({
  mode: 'read-only',
  reason,
  fixHref: PUBLISHING_PAGE,
});

export async function resolvePublishConfig(env: PublishEnv = process.env, cwd: string = process.cwd()): Promise<PublishConfig> {
  const fromEnv = publishConfig(env, cwd);
  if (fromEnv.mode !== 'read-only' || !fromEnv.unset) return fromEnv;
  const kept = await keptConnection();
  // Without a database nothing can be kept: Netlify's settings are then the only way, and the sentence names them.
  if ('unreadable' in kept) return kept.unreadable === 'not configured' ? fromEnv : readOnly(STORE_DOWN);
  const { stored } = kept;
  if (!stored) return readOnly(NOT_CONNECTED);
  if (stored.token === null) return readOnly(PASTE_AGAIN);
  const author = parseAuthor(readEnv('CONTENT_GIT_AUTHOR', env));
  if (typeof author === 'string') return readOnly(author);
  const cacheKey = createHash('sha256').update(`${stored.repository}\n${stored.branch}`).digest('hex').slice(0, 16);
  const cacheDir = readEnv('CONTENT_GIT_CACHE_DIR', env) ?? path.join(os.tmpdir(), 'portfolio-content-git', cacheKey);
  return {
    mode: 'remote',
    url: stored.repository,
    token: stored.token,
    branch: stored.branch,
    author,
    cacheDir,
    source: 'owner-area',
  };
}

/** What the owner's area says about publishing. Never the token. */
export async function getPublishingStatus(env: PublishEnv = process.env, cwd: string = process.cwd()): Promise<PublishingStatus> {
  return (await publishingDetails(env, cwd)).status;
}

export type PublishingDetails = {
  status: PublishingStatus;
  /** The kept connection's branch and dates, when there is one (never its token). */
  kept: { branch: string; connectedAt: string; checkedAt: string } | null;
};

export async function publishingDetails(env: PublishEnv = process.env, cwd: string = process.cwd()): Promise<PublishingDetails> {
  const status = (
    state: PublishingStatus['state'],
    repository: string | null,
    reason: string | null,
    expiresAt: string | null = null,
  ): PublishingStatus => ({ state, repository, expiresAt, reason });
  const fromEnv = publishConfig(env, cwd);
  if (fromEnv.mode === 'remote') return { status: status('from-settings', fromEnv.url, null), kept: null };
  if (fromEnv.mode === 'local') return { status: status('local', null, null), kept: null };
  if (!fromEnv.unset) return { status: status('problem', null, fromEnv.reason), kept: null };
  const kept = await keptConnection();
  if ('unreadable' in kept) {
    const reason =
      kept.unreadable === 'not configured'
        ? 'Publishing needs the site’s database to keep its connection, and this site has none.'
        : STORE_DOWN;
    return { status: status('problem', null, reason), kept: null };
  }
  const { stored } = kept;
  if (!stored) return { status: status('not-connected', null, null), kept: null };
  const details = {
    branch: stored.branch,
    connectedAt: stored.connectedAt.toISOString(),
    checkedAt: stored.checkedAt.toISOString(),
  };
  const expiresAt = stored.expiresAt?.toISOString() ?? null;
  if (stored.token === null)
    return {
      status: status('problem', stored.repository, PASTE_AGAIN, expiresAt),
      kept: details,
    };
  if (expiresAt && Date.parse(expiresAt) <= Date.now()) {
    return {
      status: status(
        'problem',
        stored.repository,
        'The GitHub token has expired, so publishing has stopped. Make a new token and paste it here.',
        expiresAt,
      ),
      kept: details,
    };
  }
  return {
    status: status('connected', stored.repository, null, expiresAt),
    kept: details,
  };
}

export type ConnectResult = { state: 'connected'; message: string } | { state: 'failed'; reason: string };

/** What the connect answer adds about the repository's visibility, when GitHub said. */
const VISIBILITY_NOTE = {
  private: ' GitHub says the repository is private, so your private case studies stay out of sight there too.',
  public:
    ' GitHub says the repository is public, though: anyone can read what you publish. See below how to make it private before you publish private work.',
} as const;

/**
 * Checks the repository and token (read, the branch, push) and keeps them
 * when both pass; nothing in the repository changes. The token is never in
 * what this returns, whatever went wrong.
 */
export async function connectPublishing({ repository, token }: { repository: string; token: string }): Promise<ConnectResult> {
  const address = parseRepositoryAddress(repository);
  if (!address.ok) return { state: 'failed', reason: address.reason };
  const pasted = token.trim();
  if (!pasted) return { state: 'failed', reason: 'Paste the token you made on GitHub.' };
  if (pasted.length > 1000 || /\s/.test(pasted))
    return {
      state: 'failed',
      reason: 'That does not look like a token: paste it exactly as GitHub shows it, in one piece.',
    };
  const branch = defaultBranch();
  const checked = await checkConnection({
    repository: address.url,
    branch,
    token: pasted,
  });
  if (!checked.ok) return { state: 'failed', reason: scrub(checked.reason, pasted) };
  try {
    await saveConnection({
      repository: address.url,
      branch,
      token: pasted,
      expiresAt: checked.expiresAt,
    });
  } catch (error) {
    if (error instanceof NoSecretError) return { state: 'failed', reason: error.message };
    throw error;
  }
  return {
    state: 'connected',
    message: `Connected: the editor publishes to ${address.url} (branch ${branch}). It may read and change the site’s files.${checked.visibility ? VISIBILITY_NOTE[checked.visibility] : ''}`,
  };
}

export async function disconnectPublishing(): Promise<void> {
  await deleteConnection();
}

/** A host's words could echo what it was sent; the token never goes back to the page. */
function scrub(text: string, token: string): string {
  return token.length >= 4 ? text.split(token).join('[token]') : text;
}
