/**
 * A repository's address as the owner's Publishing page keeps it: the https
 * address of the repository's page, e.g. https://github.com/owner/portfolio,
 * never with a user name or token inside (they would be shown and logged).
 *
 * Used at build time too: Netlify names the repository it built from in
 * REPOSITORY_URL (https://github.com/owner/repo; older builds put an access
 * token in it, and some hosts give the ssh form git@host:owner/repo).
 */

export type RepositoryAddress = { ok: true; url: string } | { ok: false; reason: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** What the owner typed, made into the address git is asked at; or the problem, in plain words. */
export function parseRepositoryAddress(input: string): RepositoryAddress {
  let text = input.trim();
  if (!text) return { ok: false, reason: 'Enter the address of your repository, e.g. https://github.com/you/portfolio.' };
  if (text.length > 500) return { ok: false, reason: 'That address is too long to be a repository’s address.' };
  const ssh = /^[\w.-]+@([\w.-]+):([\w./-]+)$/.exec(text);
  if (ssh) text = `https://${ssh[1]}/${ssh[2]}`;
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      reason: 'That is not a web address. Copy the address of your repository’s page, e.g. https://github.com/you/portfolio.',
    };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return {
      ok: false,
      reason: `The address must start with https:// (it starts with ${url.protocol}//), so the token is never sent unprotected.`,
    };
  }
  if (url.search || url.hash)
    return {
      ok: false,
      reason: 'Use the repository’s own address, without anything after a ? or #, e.g. https://github.com/you/portfolio.',
    };
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.length === 0 || (url.hostname === 'github.com' && segments.length < 2))
    return { ok: false, reason: 'The address needs the owner and the repository’s name, e.g. https://github.com/you/portfolio.' };
  // A user name or token inside the address is dropped: the token goes in its own field.
  return { ok: true, url: `${url.protocol}//${url.host}/${segments.join('/')}` };
}

/** Netlify's REPOSITORY_URL at build time, as an address safe to keep and show; null when there is none or it is not one. */
export function buildRepositoryAddress(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  const parsed = parseRepositoryAddress(value);
  return parsed.ok ? parsed.url : null;
}

/**
 * owner and name when the repository is on GitHub (its API then says when
 * the token expires and whether the repository is public); `server` is
 * GitHub's web address, another only in the tests.
 */
export function githubRepository(url: string, server = 'https://github.com'): { owner: string; name: string } | null {
  try {
    const parsed = new URL(url);
    if (parsed.origin !== new URL(server).origin) return null;
    const [owner, name, ...rest] = parsed.pathname.split('/').filter(Boolean);
    return owner && name && rest.length === 0 ? { owner, name: name.replace(/\.git$/, '') } : null;
  } catch {
    return null;
  }
}
