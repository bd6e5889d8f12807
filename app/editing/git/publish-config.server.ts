import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEnv, type EnvSource } from '~/settings/env.server';
import { onFunctionHost } from '~/settings/runtime.server';

/**
 * How a publish reaches git, decided once from the environment:
 *
 * - remote: CONTENT_GIT_URL and CONTENT_GIT_TOKEN are set (Netlify, where the
 *   file system is read-only and the site is rebuilt from the pushed commit);
 * - local: no CONTENT_GIT_URL, and the server runs in a git checkout
 *   (`npm run dev` / `npm start` on the developer's machine);
 * - read-only: anything else. `reason` says exactly what to set, and is shown
 *   to the designer as is, so it never contains a secret.
 *
 * A bad value is a read-only config with a message, never an exception: the
 * site must keep serving pages whatever the editor's settings are.
 */

export type GitAuthor = { name: string; email: string };

export type RemotePublishConfig = {
  mode: 'remote';
  url: string;
  /** Never logged, returned to a caller that renders it, or stored. */
  token: string;
  branch: string;
  author: GitAuthor;
  /** Where the shallow clone is kept between publishes (a function instance's /tmp on Netlify). */
  cacheDir: string;
  /** Time limits (ms) per request and per publish; defaults in publish-remote.server.ts. */
  requestTimeoutMs?: number;
  budgetMs?: number;
  /** Where the repository and token came from: Netlify's settings (the default) or the owner's Publishing page, so errors point to the right place. */
  source?: 'settings' | 'owner-area';
};

export type LocalPublishConfig = {
  mode: 'local';
  /** The checkout's top folder: `content/` is under it. */
  root: string;
  author: GitAuthor;
};

export type ReadOnlyPublishConfig = {
  mode: 'read-only';
  reason: string;
  /** Nothing about publishing is set in the environment: the connection may come from the owner's area (connection/publishing.server.ts). */
  unset?: true;
  /** Where the designer fixes it, when that is a page of the owner's area. */
  fixHref?: string;
};

export type PublishConfig = RemotePublishConfig | LocalPublishConfig | ReadOnlyPublishConfig;

export const DEFAULT_AUTHOR: GitAuthor = {
  name: 'Site editor',
  email: 'editor@localhost',
};

const WHERE = 'in Netlify: Site configuration → Environment variables, with a scope that includes Functions';

export type PublishEnv = EnvSource;

export function publishConfig(env: PublishEnv = process.env, cwd: string = process.cwd()): PublishConfig {
  const author = parseAuthor(readEnv('CONTENT_GIT_AUTHOR', env));
  if (typeof author === 'string') return readOnly(author);

  const url = readEnv('CONTENT_GIT_URL', env);
  const token = readEnv('CONTENT_GIT_TOKEN', env);
  if (url) {
    const urlProblem = checkRemoteUrl(url);
    if (urlProblem) return readOnly(urlProblem);
    if (!token) {
      return readOnly(
        `Publishing is off: CONTENT_GIT_URL is set but CONTENT_GIT_TOKEN is not. Set CONTENT_GIT_TOKEN to a token that may push to ${url} (${WHERE}).`,
      );
    }
    const branch = readEnv('CONTENT_GIT_BRANCH', env) ?? 'main';
    const branchProblem = checkBranch(branch);
    if (branchProblem) return readOnly(branchProblem);
    const cacheKey = createHash('sha256').update(`${url}\n${branch}`).digest('hex').slice(0, 16);
    const cacheDir = readEnv('CONTENT_GIT_CACHE_DIR', env) ?? path.join(os.tmpdir(), 'portfolio-content-git', cacheKey);
    return { mode: 'remote', url, token, branch, author, cacheDir };
  }
  if (token) {
    return readOnly(
      `Publishing is off: CONTENT_GIT_TOKEN is set but CONTENT_GIT_URL is not. Set CONTENT_GIT_URL to the repository's https address, e.g. https://github.com/owner/portfolio.git (${WHERE}).`,
    );
  }

  // On Netlify (or any function host) there is no checkout to commit to: the deploy is a copy.
  if (!onFunctionHost(env) && existsSync(path.join(cwd, '.git')) && existsSync(path.join(cwd, 'content'))) {
    return { mode: 'local', root: cwd, author };
  }
  return {
    ...readOnly(
      `The editor is read-only: publishing needs CONTENT_GIT_URL (the repository's https address, e.g. https://github.com/owner/portfolio.git) and CONTENT_GIT_TOKEN (a token allowed to push to it); CONTENT_GIT_BRANCH is optional (default main). Set them ${WHERE}, then redeploy.`,
    ),
    unset: true,
  };
}

function readOnly(reason: string): ReadOnlyPublishConfig {
  return { mode: 'read-only', reason };
}

/** `Name <email>`; unset or blank gives DEFAULT_AUTHOR. Returns the problem as a sentence. */
export function parseAuthor(value: string | undefined): GitAuthor | string {
  const text = value?.trim();
  if (!text) return DEFAULT_AUTHOR;
  const [, name, email] = /^([^<>\n\r]+?)\s*<([^<>\s@]+@[^<>\s@]+)>$/.exec(text) ?? [];
  if (!name || !email) {
    return `Publishing is off: CONTENT_GIT_AUTHOR must read "Name <email>", e.g. "Camila Navarro <camila@example.com>"; it is "${text.slice(0, 120)}".`;
  }
  return { name, email };
}

/**
 * https only, so the token never crosses the network in clear; plain http only
 * to this machine (the tests' remote). Credentials inside the URL are refused:
 * they would end up in error messages and logs.
 */
function checkRemoteUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `Publishing is off: CONTENT_GIT_URL is not a URL. Set it to the repository's https address, e.g. https://github.com/owner/portfolio.git.`;
  }
  if (parsed.username || parsed.password) {
    return 'Publishing is off: CONTENT_GIT_URL must not contain a user name or password. Put the token in CONTENT_GIT_TOKEN and the plain https address in CONTENT_GIT_URL.';
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) {
    return `Publishing is off: CONTENT_GIT_URL must be an https:// address (it is ${parsed.protocol}//…), so the token is never sent in clear.`;
  }
  return null;
}

/** A plain branch name (git's rules, simplified to what a content branch needs). */
function checkBranch(branch: string): string | null {
  const ok =
    /^[A-Za-z0-9._/-]+$/.test(branch) &&
    !branch.includes('..') &&
    !branch.startsWith('/') &&
    !branch.endsWith('/') &&
    !branch.endsWith('.lock') &&
    !branch.startsWith('-');
  return ok ? null : `Publishing is off: CONTENT_GIT_BRANCH "${branch.slice(0, 80)}" is not a valid branch name (e.g. main).`;
}

/** The commit message when the designer writes none. */
export function defaultMessage(title: string): string {
  return `Edit ${title.replace(/\s+/g, ' ').trim() || 'content'}`;
}
