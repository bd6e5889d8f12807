// Netlify's build `ignore` step (netlify.toml: [build] ignore). Netlify runs it
// before npm install, so it is plain Node with no dependencies. Exit 0 cancels
// the build; 1 (or any other code, e.g. a crash) builds.
//
// A publish from the editor is already live from the live store, so building it
// again would only spend a production deploy (15 credits on Netlify's credit
// plans). This skips a build only when every commit since the last built one
// carries the editor's mark, the commits change nothing outside content/, and
// they remove no file the deploy serves (an image she replaced or deleted).
// Every doubt builds: building too often costs credits, skipping wrongly would
// leave the deployed site without a code change.
//
// What Netlify gives (docs.netlify.com, "Build environment variables" and
// "Ignore builds"):
// - COMMIT_REF: the commit being built. CACHED_COMMIT_REF: the last commit
//   built before this one; when a build runs without cache (a first build,
//   "Clear cache and deploy") it is the same as COMMIT_REF.
// - CONTEXT: production, deploy-preview, branch-deploy (or dev, a branch name).
// - Netlify's clones are full history but blobless (--filter=blob:none,
//   answers.netlify.com/t/86587): commits and trees are there, file contents
//   are fetched on demand. So only commit and tree commands are used here
//   (no rename detection, which would read file contents).
// - A build started by a build hook is never cancelled by this step, whatever
//   it exits with: the owner's "Rebuild the site" button always builds.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The same as EDITOR_COMMIT_MARK in app/editing/git/commit-mark.ts (this file cannot import it; a test checks they are equal). */
export const EDITOR_COMMIT_MARK = 'Published-with: portfolio editor';
/** The same as NEEDS_BUILD_KEY there: an editor publish the deployed site must be built again for (a case study made private). */
export const NEEDS_BUILD_KEY = 'Needs-build';

const SHA = /^[0-9a-f]{7,64}$/i;
const SKIP = { build: false };
const BUILD = { build: true };

class GitFailed extends Error {}

/**
 * Whether Netlify should build, and why, in one line: `{ build, reason }`.
 * `env` is Netlify's environment; `cwd` the checkout (Netlify's base directory, the repository root here).
 */
export function decide(env, cwd = process.cwd()) {
  try {
    return decideOrThrow(env, cwd);
  } catch (error) {
    const why = error instanceof GitFailed ? error.message : `unexpected error: ${error?.message ?? error}`;
    return { ...BUILD, reason: `Building: could not tell whether the new commits are editor publishes (${why}).` };
  }
}

function decideOrThrow(env, cwd) {
  if (env.INCOMING_HOOK_URL || env.INCOMING_HOOK_TITLE)
    return { ...BUILD, reason: 'Building: a build hook asked for this build (e.g. "Rebuild the site").' };
  const context = env.CONTEXT;
  if (!context) return { ...BUILD, reason: 'Building: CONTEXT is not set, so this is not a Netlify build whose context is known.' };
  if (context !== 'production') {
    // Deploy Previews and branch deploys cost no credits, their CACHED_COMMIT_REF may come from
    // another branch, and the live store holds the production branch's publishes only.
    return { ...BUILD, reason: `Building: this is a ${context} build; only production builds are skipped for editor publishes.` };
  }
  const head = env.COMMIT_REF ?? '';
  const base = env.CACHED_COMMIT_REF ?? '';
  if (!SHA.test(head)) return { ...BUILD, reason: `Building: COMMIT_REF is ${head ? 'not a commit id' : 'not set'}.` };
  if (!base) return { ...BUILD, reason: 'Building: there is no earlier build to compare with (CACHED_COMMIT_REF is not set).' };
  if (!SHA.test(base)) return { ...BUILD, reason: 'Building: CACHED_COMMIT_REF is not a commit id.' };
  if (base.toLowerCase() === head.toLowerCase()) {
    return {
      ...BUILD,
      reason: `Building: no earlier build to compare with (CACHED_COMMIT_REF is COMMIT_REF ${short(head)}: a first build, a build without cache, or the same commit again).`,
    };
  }

  const git = (args, allow = [0]) => runGit(cwd, args, allow);
  if (git(['cat-file', '-e', `${head}^{commit}`], [0, 1, 128]).status !== 0)
    return { ...BUILD, reason: `Building: the commit to build, ${short(head)}, is not in this clone.` };
  if (git(['cat-file', '-e', `${base}^{commit}`], [0, 1, 128]).status !== 0) {
    return {
      ...BUILD,
      reason: `Building: the last built commit ${short(base)} is not in this clone (a shallow clone, or history was rewritten).`,
    };
  }
  if (git(['merge-base', '--is-ancestor', base, head], [0, 1]).status !== 0) {
    return {
      ...BUILD,
      reason: `Building: the last built commit ${short(base)} is not an ancestor of ${short(head)} (history was rewritten, or it was another branch).`,
    };
  }

  // Each commit of the range: its id, then its whole message; -z separates commits with NUL.
  const log = git(['-c', 'log.showSignature=false', 'log', '-z', '--format=%H%n%B', `${base}..${head}`]).stdout;
  const commits = log
    .split('\0')
    .filter((record) => record.trim())
    .map((record) => {
      const newline = record.indexOf('\n');
      return { id: record.slice(0, newline), message: record.slice(newline + 1) };
    });
  if (commits.length === 0) return { ...BUILD, reason: `Building: no new commits since the last built commit ${short(base)}.` };
  const unmarked = commits.find((commit) => !hasMark(commit.message));
  if (unmarked) {
    const subject = unmarked.message.split('\n')[0].trim().slice(0, 72);
    return {
      ...BUILD,
      reason: `Building: commit ${short(unmarked.id)} ("${subject}") was not published from the editor (it has no "${EDITOR_COMMIT_MARK}" line).`,
    };
  }

  // A publish that made a case study private: its images are static files of the deploy, at public addresses,
  // until a build leaves them out. The editor says so in the commit (a Needs-build trailer above its mark).
  const needing = commits.find((commit) => buildTrailerOf(commit.message));
  if (needing) {
    return {
      ...BUILD,
      reason: `Building: the editor's publish ${short(needing.id)} ${buildTrailerOf(needing.message)}.`,
    };
  }

  const changed = git(['-c', 'core.quotePath=false', 'diff', '--no-renames', '--no-ext-diff', '--name-only', '-z', base, head, '--'])
    .stdout.split('\0')
    .filter(Boolean);
  const outside = changed.filter((file) => !file.startsWith('content/'));
  if (outside.length > 0) {
    const more = outside.length > 1 ? ` and ${outside.length - 1} more` : '';
    return { ...BUILD, reason: `Building: the new commits change files outside content/ (${outside[0]}${more}).` };
  }
  // A file the publishes took out (a replaced or deleted image, a deleted case study's folder) is still in the
  // deployed site until a build: the live store no longer names it, but the CDN serves the deploy's copy. So
  // such a range builds, and the old address answers 404 once the deploy is done. Read from the trees alone.
  const removed = git([
    '-c',
    'core.quotePath=false',
    'diff',
    '--no-renames',
    '--no-ext-diff',
    '--diff-filter=D',
    '--name-only',
    '-z',
    base,
    head,
    '--',
  ])
    .stdout.split('\0')
    .filter((file) => file && !/\.(mdx|ya?ml)$/.test(file));
  if (removed.length > 0) {
    const more = removed.length > 1 ? ` and ${removed.length - 1} more` : '';
    return {
      ...BUILD,
      reason: `Building: the editor's publishes removed ${removed[0]}${more}, which the deployed site still serves until it is built again.`,
    };
  }
  const what =
    commits.length === 1
      ? 'the 1 new commit is an editor publish that changes'
      : `the ${commits.length} new commits are editor publishes that change`;
  return { ...SKIP, reason: `Skipping the build: since ${short(base)}, ${what} only content/, already live from the live store.` };
}

/** The mark is the message's last line (a git trailer), as app/editing/git/commit-mark.ts writes it. */
function hasMark(message) {
  const lines = message.replace(/\r\n/g, '\n').trimEnd().split('\n');
  return lines[lines.length - 1].trim() === EDITOR_COMMIT_MARK;
}

/** The reason on a Needs-build line of the message's last paragraph (beside the mark), or undefined. */
function buildTrailerOf(message) {
  const lines = message.replace(/\r\n/g, '\n').trimEnd().split('\n');
  const trailers = lines.slice(lines.lastIndexOf('') + 1);
  const line = trailers.find((each) => each.startsWith(`${NEEDS_BUILD_KEY}: `));
  return line ? line.slice(NEEDS_BUILD_KEY.length + 2).trim() : undefined;
}

function short(sha) {
  return sha.slice(0, 7);
}

function runGit(cwd, args, allow) {
  const result = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
    // Never wait for a password: a blobless clone could try to fetch, and nobody is there to type.
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C' },
  });
  if (result.error) throw new GitFailed(`git ${args[0] === '-c' ? args[2] : args[0]}: ${result.error.message}`);
  if (!allow.includes(result.status)) {
    const said = (result.stderr || '').trim().split('\n')[0] || `exit code ${result.status ?? result.signal}`;
    throw new GitFailed(`git ${args[0] === '-c' ? args[2] : args[0]}: ${said}`);
  }
  return result;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const { build, reason } = decide(process.env);
  console.log(`netlify-ignore: ${reason}`);
  process.exitCode = build ? 1 : 0;
}
