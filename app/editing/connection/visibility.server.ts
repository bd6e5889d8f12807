import type { PublishConfig } from '~/editing/git/publish-config.server';
import { githubFacts, githubServer } from './github-api.server';
import type { RepositoryVisibility } from './visibility';

export type { RepositoryVisibility } from './visibility';

/**
 * Whether the repository publishing writes to is public, asked of GitHub
 * with the publishing token (github-api.server.ts) every time: the owner's
 * answer can change on GitHub at any moment, and a stale "private" would let
 * private work out. One request of about a tenth of a second; the screens
 * that show it ask only while there is private work to protect.
 */
export async function repositoryVisibility(config: PublishConfig): Promise<RepositoryVisibility> {
  if (config.mode === 'local') return { state: 'unknown', why: 'checkout', where: null };
  if (config.mode === 'read-only') return { state: 'unknown', why: 'not-connected', where: null };
  const facts = await githubFacts(config.url, config.token);
  if (!facts.onGithub) return { state: 'unknown', why: 'other-host', where: hostOf(config.url) };
  const where = `${facts.owner}/${facts.name}`;
  if (facts.visibility === 'private') return { state: 'private', where };
  if (facts.visibility === 'public') return { state: 'public', where, settingsUrl: `${githubServer()}/${where}/settings` };
  return { state: 'unknown', why: 'no-answer', where };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
