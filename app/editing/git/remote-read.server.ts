import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReadCommitResult, TreeEntry } from 'isomorphic-git';
import { withoutEditorMark } from './commit-mark';
import { isoGit } from './isomorphic.server';
import type { RemotePublishConfig } from './publish-config.server';
import { serialize } from './publish-plan.server';
import { remoteOf, syncBranch, type Remote } from './publish-remote.server';

/**
 * Remote mode's reading side for the editor: the files at the branch's tip,
 * the commits that touched a file, and a file as a commit had it. Everything
 * runs on the publish layer's own cache (one folder per remote and branch),
 * inside its `serialize`, so a history never reads the cache while a publish
 * writes it.
 *
 * That cache is a depth-1 clone, enough to publish. A history needs commits
 * further back: they are fetched on demand (deepen-relative, 50 commits, then
 * twice as many each time) until the walk has what it needs or MAX_DEPTH
 * commits are there. A later publish's fetch does not make them
 * shallow again (isomorphic-git keeps a commit whose parents it has), so a
 * warm instance deepens once.
 */

export type CommitInfo = { commit: string; date: string; author: string; message: string };
export type BranchFile = { path: string; blobId: string };

/** How far back a history may fetch. This repository has a few hundred commits; a very old file lists what is within reach. */
export const MAX_DEPTH = 1600;
const FIRST_DEEPEN = 50;

export type Reader = {
  remote: Remote;
  cache: object;
  trees: Map<string, TreeEntry[]>;
  commits: Map<string, ReadCommitResult>;
  fetched: number;
};

/** Runs `task` on the synced cache, fetching further back while it answers 'deeper' (at most up to MAX_DEPTH). */
export function withHistory<T>(
  config: RemotePublishConfig,
  task: (reader: Reader, tip: string, last: boolean) => Promise<T | 'deeper'>,
): Promise<T> {
  const remote = remoteOf(config);
  return serialize(config.cacheDir, async () => {
    const git = await isoGit();
    const tip = await syncBranch(remote);
    const reader: Reader = { remote, cache: {}, trees: new Map(), commits: new Map(), fetched: 1 };
    for (let step = FIRST_DEEPEN; ; step *= 2) {
      const shallow = await shallowCommits(remote.dir);
      const last = shallow.size === 0 || reader.fetched >= MAX_DEPTH;
      const result = await task(reader, tip, last);
      if (result !== 'deeper') return result;
      if (last) throw new Error('the history walk asked for more at the limit');
      const depth = Math.min(step, MAX_DEPTH - reader.fetched);
      await git.fetch({
        fs,
        http: remote.http,
        dir: remote.dir,
        url: config.url,
        ref: config.branch,
        singleBranch: true,
        headers: remote.headers,
        depth,
        relative: true,
        tags: false,
      });
      reader.fetched += depth;
    }
  });
}

export async function shallowCommits(dir: string): Promise<Set<string>> {
  const text = await readFile(path.join(dir, '.git', 'shallow'), 'utf8').catch(() => '');
  return new Set(text.split('\n').filter(Boolean));
}

export async function readCommit(reader: Reader, oid: string): Promise<ReadCommitResult> {
  const git = await isoGit();
  let found = reader.commits.get(oid);
  if (!found) {
    found = await git.readCommit({ fs, dir: reader.remote.dir, oid, cache: reader.cache });
    reader.commits.set(oid, found);
  }
  return found;
}

export async function readTree(reader: Reader, oid: string): Promise<TreeEntry[]> {
  const git = await isoGit();
  let entries = reader.trees.get(oid);
  if (!entries) {
    entries = (await git.readTree({ fs, dir: reader.remote.dir, oid, cache: reader.cache })).tree;
    reader.trees.set(oid, entries);
  }
  return entries;
}

/** The file's blob id and mode at `filePath` in a tree ("<mode> <oid>", so a mode change counts), or null. */
async function versionAt(reader: Reader, treeOid: string, filePath: string): Promise<string | null> {
  let oid = treeOid;
  const segments = filePath.split('/');
  for (const [index, segment] of segments.entries()) {
    const entry = (await readTree(reader, oid)).find((candidate) => candidate.path === segment);
    if (!entry) return null;
    if (index === segments.length - 1) return entry.type === 'blob' ? `${entry.mode} ${entry.oid}` : null;
    if (entry.type !== 'tree') return null;
    oid = entry.oid;
  }
  return null;
}

function infoOf({ oid, commit }: ReadCommitResult): CommitInfo {
  return {
    commit: oid,
    date: new Date(commit.author.timestamp * 1000).toISOString(),
    author: commit.author.name,
    message: withoutEditorMark(commit.message).trim(),
  };
}

/**
 * The commits that changed `filePath`, newest first, as `git log -- <path>`
 * lists them: a merge with a parent that has the same version is not listed
 * and only that parent is followed (git's default history simplification).
 * 'deeper' when the walk reached the end of what is fetched before `limit`.
 */
async function walk(
  reader: Reader,
  tip: string,
  filePath: string,
  limit: number,
  shallow: Set<string>,
  last: boolean,
): Promise<CommitInfo[] | 'deeper'> {
  const found: CommitInfo[] = [];
  const queue: ReadCommitResult[] = [await readCommit(reader, tip)];
  const seen = new Set([tip]);
  while (queue.length > 0 && found.length < limit) {
    // Newest first by committer time, as git log orders a walk over several parents.
    queue.sort((a, b) => b.commit.committer.timestamp - a.commit.committer.timestamp);
    const current = queue.shift();
    if (!current) break;
    // Its parents are not fetched: whether it changed the file is unknown.
    if (shallow.has(current.oid)) {
      if (!last) return 'deeper';
      continue;
    }
    const here = await versionAt(reader, current.commit.tree, filePath);
    const parents = await Promise.all(current.commit.parent.map((oid) => readCommit(reader, oid)));
    const before = await Promise.all(parents.map((parent) => versionAt(reader, parent.commit.tree, filePath)));
    const same = before.findIndex((version) => version === here);
    const kept = parents[same];
    const follow = kept ? [kept] : parents;
    if (same < 0 && (here !== null || parents.length > 0)) found.push(infoOf(current));
    for (const parent of follow) {
      if (seen.has(parent.oid)) continue;
      seen.add(parent.oid);
      queue.push(parent);
    }
  }
  return found;
}

export function remoteHistory(config: RemotePublishConfig, filePath: string, limit: number): Promise<CommitInfo[]> {
  return withHistory(config, async (reader, tip, last) =>
    walk(reader, tip, filePath, limit, await shallowCommits(reader.remote.dir), last),
  );
}

/** The last change of each path (a path with none within reach is left out). */
export function remoteLastChanges(config: RemotePublishConfig, paths: string[]): Promise<Map<string, CommitInfo>> {
  return withHistory(config, async (reader, tip, last) => {
    const shallow = await shallowCommits(reader.remote.dir);
    const changes = new Map<string, CommitInfo>();
    for (const filePath of paths) {
      const found = await walk(reader, tip, filePath, 1, shallow, last);
      if (found === 'deeper') return 'deeper';
      if (found[0]) changes.set(filePath, found[0]);
    }
    return changes;
  });
}

/** The file's text in `commit`; null when the commit (within MAX_DEPTH) or the file in it does not exist. */
export async function remoteFileAt(config: RemotePublishConfig, filePath: string, commit: string): Promise<string | null> {
  return (await remoteFilesAt(config, [{ path: filePath, commit }]))[0] ?? null;
}

/** remoteFileAt for several files and commits in one fetch from the git host, in the order asked. */
export function remoteFilesAt(config: RemotePublishConfig, wanted: { path: string; commit: string }[]): Promise<(string | null)[]> {
  return withHistory(config, async (reader, _tip, last) => {
    const texts: (string | null)[] = [];
    for (const { path: filePath, commit } of wanted) {
      const text = await textAt(reader, filePath, commit, last);
      if (text === 'deeper') return 'deeper';
      texts.push(text);
    }
    return texts;
  });
}

async function textAt(reader: Reader, filePath: string, commit: string, last: boolean): Promise<string | null | 'deeper'> {
  let tree: string;
  try {
    tree = (await readCommit(reader, commit)).commit.tree;
  } catch (error) {
    if ((error as { code?: string }).code !== 'NotFoundError') throw error;
    return last ? null : 'deeper';
  }
  const version = await versionAt(reader, tree, filePath);
  if (!version) return null;
  const [, oid = ''] = version.split(' ');
  const { blob } = await (await isoGit()).readBlob({ fs, dir: reader.remote.dir, oid, cache: reader.cache });
  return Buffer.from(blob).toString('utf8');
}

/** Every file under `prefix` (a folder, e.g. "content/") in the commit, symbolic links left out, sorted by path. */
export async function filesAt(reader: Reader, commit: string, prefix: string): Promise<BranchFile[]> {
  const files: BranchFile[] = [];
  const visit = async (treeOid: string, folder: string) => {
    for (const entry of await readTree(reader, treeOid)) {
      const entryPath = `${folder}${entry.path}`;
      if (entry.type === 'tree' && (prefix.startsWith(`${entryPath}/`) || `${entryPath}/`.startsWith(prefix)))
        await visit(entry.oid, `${entryPath}/`);
      else if (entry.type === 'blob' && entry.mode !== '120000' && entryPath.startsWith(prefix))
        files.push({ path: entryPath, blobId: entry.oid });
    }
  };
  await visit((await readCommit(reader, commit)).commit.tree, '');
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The commit at the branch's tip, after one sync with the git host. */
export function remoteTip(config: RemotePublishConfig): Promise<string> {
  return withHistory(config, async (_reader, tip) => tip);
}

export function remoteListFiles(config: RemotePublishConfig, prefix: string): Promise<BranchFile[]> {
  return withHistory(config, (reader, tip) => filesAt(reader, tip, prefix));
}

/** The files under each of `prefixes` at the tip, in one fetch from the git host. */
export function remoteListFolders(config: RemotePublishConfig, prefixes: string[]): Promise<BranchFile[][]> {
  return withHistory(config, async (reader, tip) => {
    const listed: BranchFile[][] = [];
    for (const prefix of prefixes) listed.push(await filesAt(reader, tip, prefix));
    return listed;
  });
}

export type BranchListing = { files: BranchFile[]; texts: Map<string, string>; changes: Map<string, CommitInfo> };

/**
 * The list page's whole read in one fetch (each fetch is a round trip to
 * the git host): the files under `prefix` at the tip, the texts of those
 * `select` picks, and their last changes.
 */
export function remoteListing(config: RemotePublishConfig, prefix: string, select: (path: string) => boolean): Promise<BranchListing> {
  return withHistory(config, async (reader, tip, last) => {
    const git = await isoGit();
    const files = await filesAt(reader, tip, prefix);
    const shallow = await shallowCommits(reader.remote.dir);
    const texts = new Map<string, string>();
    const changes = new Map<string, CommitInfo>();
    for (const file of files.filter((candidate) => select(candidate.path))) {
      texts.set(
        file.path,
        Buffer.from((await git.readBlob({ fs, dir: reader.remote.dir, oid: file.blobId, cache: reader.cache })).blob).toString('utf8'),
      );
      const found = await walk(reader, tip, file.path, 1, shallow, last);
      if (found === 'deeper') return 'deeper';
      if (found[0]) changes.set(file.path, found[0]);
    }
    return { files, texts, changes };
  });
}

/** Blobs by id from the cache (ids listFiles gave: they stay readable, whatever the branch did since). */
export function remoteReadBlobs(config: RemotePublishConfig, oids: string[]): Promise<Map<string, Buffer>> {
  return serialize(config.cacheDir, async () => {
    const git = await isoGit();
    const blobs = new Map<string, Buffer>();
    const cache = {};
    for (const oid of oids) blobs.set(oid, Buffer.from((await git.readBlob({ fs, dir: config.cacheDir, oid, cache })).blob));
    return blobs;
  });
}
