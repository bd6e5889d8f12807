/**
 * isomorphic-git, loaded on the first git operation rather than with the
 * server: the site's function serves every public page, and importing it
 * costs about 40 ms of every cold start (measured with a bare
 * `await import('isomorphic-git')` on this machine) for code only the owner's
 * editor uses.
 */
import type IsoGitModule from 'isomorphic-git';

type IsoGit = typeof IsoGitModule;

let loading: Promise<IsoGit> | undefined;

export function isoGit(): Promise<IsoGit> {
  loading ??= import('isomorphic-git').then((module) => module.default);
  return loading;
}
