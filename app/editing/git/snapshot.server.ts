import fs from 'node:fs';
import path from 'node:path';
import { isoGit } from './isomorphic.server';
import { basicAuthHeader, describeGitError, timedHttpClient } from './http.server';
import { gitText, parseEntries, runGit } from './command.server';
import { type LocalPublishConfig, type PublishConfig, type RemotePublishConfig } from './publish-config.server';
import { serialize } from './publish-plan.server';
import { syncBranch } from './publish-remote.server';

/**
 * The files a content check starts from: those the branch tip holds under
 * the folders the build reads. A publish makes one commit on that tip, and
 * the deploy builds that commit, so the tip plus the designer's changes is
 * exactly what the build will see.
 *
 * - remote mode: the branch in the publish layer's cache folder (a shallow
 *   fetch, isomorphic-git), under the same lock as a publish;
 * - local mode: HEAD's blobs, not the working tree. publish-local.server.ts
 *   builds its commit from HEAD in a private index, so the developer's
 *   uncommitted work in other files is not part of what gets published and
 *   built: checking it would pass an edit the deployed build may refuse (or
 *   refuse one it accepts). `npm run dev` shows the working tree; the check
 *   answers for the commit.
 */

export type Snapshot = {
  commit: string;
  files: Map<string, Buffer>;
  /** The commit's parents and its committer time: where a live version made from it sits among builds. */
  parents: string[];
  committedAt: string | null;
};

/** public/ as a whole: a frontmatter image or a story's `/x.png` may name any file there, as in the build. */
export const SNAPSHOT_PREFIXES = ['content/', 'public/'];

/** Every request of a snapshot gets 10 s, the whole read 20 s: the check must answer well inside Netlify's 60 s. */
const REQUEST_TIMEOUT_MS = 10_000;
const READ_BUDGET_MS = 20_000;

export async function readSnapshot(config: PublishConfig, prefixes: string[] = SNAPSHOT_PREFIXES): Promise<Snapshot> {
  if (config.mode === 'local') return readLocal(config, prefixes);
  if (config.mode === 'remote') return readRemote(config, prefixes);
  throw new Error(config.reason);
}

async function readLocal(config: LocalPublishConfig, prefixes: string[]): Promise<Snapshot> {
  const { root } = config;
  const commit = await gitText(root, ['rev-parse', '--verify', 'HEAD']);
  const folders = prefixes.map((prefix) => prefix.replace(/\/+$/, ''));
  const listing = await runGit(root, ['ls-tree', '-r', '-z', commit, '--', ...folders], { env: { GIT_LITERAL_PATHSPECS: '1' } });
  // Plain files only: a symlink (120000) or a submodule (a commit) is never content.
  const entries = [...parseEntries(listing.stdout, 'tree')].filter(
    ([file, entry]) => entry.type === 'blob' && entry.mode !== '120000' && prefixes.some((prefix) => file.startsWith(prefix)),
  );
  const blobs = await catBlobs(
    root,
    entries.map(([, entry]) => entry.oid),
  );
  const [parents = '', committedAt = ''] = (await gitText(root, ['show', '-s', '--format=%P%n%cI', commit])).split('\n');
  return {
    commit,
    // catBlobs answers for every id it was given, or throws.
    files: new Map(entries.map(([file, entry]) => [file, blobs.get(entry.oid)!])),
    parents: parents.split(' ').filter(Boolean),
    committedAt: committedAt || null,
  };
}

/** `git cat-file --batch`: every blob in one process, each answer `<oid> blob <size>\n<bytes>\n`. */
async function catBlobs(root: string, oids: string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  const unique = [...new Set(oids)];
  if (unique.length === 0) return blobs;
  const { stdout } = await runGit(root, ['cat-file', '--batch'], { input: `${unique.join('\n')}\n` });
  let at = 0;
  for (const oid of unique) {
    const end = stdout.indexOf(0x0a, at);
    const [name, type, size] = stdout.subarray(at, end).toString('utf8').split(' ');
    if (name !== oid || type !== 'blob')
      throw new Error(`git cat-file: expected blob ${oid}, got "${stdout.subarray(at, end).toString('utf8')}"`);
    blobs.set(oid, stdout.subarray(end + 1, end + 1 + Number(size)));
    at = end + 1 + Number(size) + 1;
  }
  return blobs;
}

async function readRemote(config: RemotePublishConfig, prefixes: string[]): Promise<Snapshot> {
  const remote = {
    config,
    dir: config.cacheDir,
    http: timedHttpClient(config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, Date.now() + (config.budgetMs ?? READ_BUDGET_MS)),
    headers: basicAuthHeader(config.token),
  };
  try {
    // The publish layer's lock: a fetch must not run while a publish writes the same cache.
    return await serialize(config.cacheDir, async () => {
      const commit = await syncBranch(remote);
      const files = new Map<string, Buffer>();
      // One cache for the whole read: isomorphic-git then opens each pack's index once, not once per file.
      const cache = {};
      for (const prefix of prefixes) await readFolder(config.cacheDir, commit, prefix.replace(/\/+$/, ''), files, cache);
      // A depth-1 clone still has the commit object, which names its parents.
      const { commit: object } = await (await isoGit()).readCommit({ fs, dir: config.cacheDir, oid: commit });
      return { commit, files, parents: object.parent, committedAt: new Date(object.committer.timestamp * 1000).toISOString() };
    });
  } catch (error) {
    // The token never reaches a message (describeGitError redacts it).
    throw new Error(describeGitError(error, config.url, config.token, config.source));
  }
}

/** The blobs under `folder` in the commit, recursively; a folder the branch does not have is empty. */
async function readFolder(dir: string, commit: string, folder: string, into: Map<string, Buffer>, cache: object): Promise<void> {
  const git = await isoGit();
  let tree: Awaited<ReturnType<typeof git.readTree>>['tree'];
  try {
    ({ tree } = await git.readTree({ fs, dir, oid: commit, filepath: folder, cache }));
  } catch (error) {
    if ((error as { code?: string }).code === 'NotFoundError') return;
    throw error;
  }
  for (const entry of tree) {
    const file = path.posix.join(folder, entry.path);
    if (entry.type === 'tree') await readFolder(dir, commit, file, into, cache);
    else if (entry.type === 'blob' && entry.mode !== '120000')
      into.set(file, Buffer.from((await git.readBlob({ fs, dir, oid: entry.oid, cache })).blob));
  }
}
