import type { Outcome } from '~/editing/documents/outcome';
import { withoutEditorMark } from './commit-mark';
import { checkContentPath, ContentPathError } from '~/editing/documents/content-path.server';
import { readDocument, yamlData } from '~/editing/documents/frontmatter.server';
import { describeGitError } from './http.server';
import { GitCommandError, gitText, runGit } from './command.server';
import { type LocalPublishConfig, type PublishConfig } from './publish-config.server';
import type { PublishRequest } from './publish-plan.server';
import { openFile } from './publish.server';
import { DEFAULT_TIME_ZONE, shortDayIn } from '~/time-zone/zones';
import {
  remoteFileAt,
  remoteFilesAt,
  remoteListFolders,
  remoteHistory,
  remoteLastChanges,
  remoteListFiles,
  remoteReadBlobs,
  remoteListing,
  remoteTip,
  type BranchFile,
  type CommitInfo,
  type BranchListing,
} from './remote-read.server';

/**
 * What the editor shows of git: the recent commits that touched a file, a
 * file as one of them had it, the last change of each file for the list,
 * the files at the branch's tip, and the request that restores an old
 * version as a new commit (history is never rewritten).
 *
 * Both modes read the branch the publish writes: local mode the checkout's
 * HEAD with the system git, remote mode the publish layer's cache
 * (remote-read.server.ts). Failures come back as `{ ok: false, error }`, a
 * sentence for the designer, never with the token.
 */

export type { BranchFile, CommitInfo, BranchListing };

const COMMIT = /^[0-9a-f]{40}$/;
// Pathspecs are file names here, never patterns.
const LITERAL = { GIT_LITERAL_PATHSPECS: '1' };
// Fields and records of `git log` output: NUL and the record separator never occur in a commit's fields.
const FORMAT = '--format=%H%x00%at%x00%an%x00%B%x1e';

export async function read<T>(
  config: PublishConfig,
  task: (config: Exclude<PublishConfig, { mode: 'read-only' }>) => Promise<T>,
): Promise<Outcome<T>> {
  if (config.mode === 'read-only') return { ok: false, error: config.reason };
  try {
    return { ok: true, value: await task(config) };
  } catch (error) {
    if (error instanceof ContentPathError) return { ok: false, error: error.message };
    if (error instanceof GitCommandError) return { ok: false, error: `Reading the history failed: ${error.message}` };
    if (config.mode === 'remote') {
      // The publish layer's sentences, said of reading rather than publishing.
      const said = describeGitError(error, config.url, config.token, config.source)
        .replace(/;? nothing was published\./, '.')
        .replace(/^Publishing failed: /, 'Reading the history failed: ');
      return { ok: false, error: said };
    }
    return { ok: false, error: `Reading the history failed: ${(error as Error).message}` };
  }
}

function parseLog(output: string): CommitInfo[] {
  return output
    .split('\x1e')
    .map((record) => record.replace(/^\n/, ''))
    .filter(Boolean)
    .map((record) => {
      const [commit = '', seconds, author = '', message = ''] = record.split('\0');
      return { commit, date: new Date(Number(seconds) * 1000).toISOString(), author, message: withoutEditorMark(message).trim() };
    });
}

async function localHistory(config: LocalPublishConfig, filePath: string, limit: number): Promise<CommitInfo[]> {
  // An unborn branch (no commit yet) has no history rather than an error.
  const head = await runGit(config.root, ['rev-parse', '-q', '--verify', 'HEAD'], { allowExit: [1] });
  if (head.exitCode !== 0) return [];
  return parseLog(await gitText(config.root, ['log', `-n${limit}`, FORMAT, 'HEAD', '--', filePath], { env: LITERAL }));
}

/** The commits that changed the file, newest first: { commit, date (ISO, UTC), author (name), message }. */
export async function fileHistory(
  filePath: string,
  { limit = 20 }: { limit?: number } = {},
  config: PublishConfig,
): Promise<Outcome<CommitInfo[]>> {
  const count = Math.max(1, Math.min(100, Math.trunc(limit) || 20));
  return read(config, async (mode) => {
    const checked = checkContentPath(filePath);
    return mode.mode === 'local' ? localHistory(mode, checked, count) : remoteHistory(mode, checked, count);
  });
}

/** The file's text as `commit` had it; null when that commit has no such file (or there is no such commit). */
export async function fileAt(filePath: string, commit: string, config: PublishConfig): Promise<Outcome<string | null>> {
  return read(config, async (mode) => {
    const checked = checkContentPath(filePath);
    if (!COMMIT.test(commit)) return null;
    if (mode.mode === 'remote') return remoteFileAt(mode, checked, commit);
    const found = await runGit(mode.root, ['cat-file', 'blob', `${commit}:${checked}`], { allowExit: [128] });
    return found.exitCode === 0 ? found.stdout.toString('utf8') : null;
  });
}

/** fileAt for several files and commits, in the order asked: remote mode reads them in one fetch from the git host. */
export async function filesAtCommits(
  wanted: { path: string; commit: string }[],
  config: PublishConfig,
): Promise<Outcome<(string | null)[]>> {
  if (config.mode === 'local') {
    const texts: (string | null)[] = [];
    for (const { path: filePath, commit } of wanted) {
      const text = await fileAt(filePath, commit, config);
      if (!text.ok) return text;
      texts.push(text.value);
    }
    return { ok: true, value: texts };
  }
  return read(config, async (mode) => {
    const checked = wanted.map(({ path: filePath, commit }) => ({ path: checkContentPath(filePath), commit }));
    const known = checked.filter(({ commit }) => COMMIT.test(commit));
    const texts = mode.mode === 'remote' && known.length > 0 ? await remoteFilesAt(mode, known) : [];
    // A commit that is not a commit id has no file: null, as fileAt answers.
    return checked.map(({ commit }) => (COMMIT.test(commit) ? (texts.shift() ?? null) : null));
  });
}

/** The last change of each path, for the list page; a path without one (a new file) is absent from the map. */
export async function lastChanges(paths: string[], config: PublishConfig): Promise<Outcome<Map<string, CommitInfo>>> {
  return read(config, async (mode) => {
    const checked = paths.map((p) => checkContentPath(p));
    if (mode.mode === 'remote') return remoteLastChanges(mode, checked);
    const changes = new Map<string, CommitInfo>();
    for (const filePath of checked) {
      const [last] = await localHistory(mode, filePath, 1);
      if (last) changes.set(filePath, last);
    }
    return changes;
  });
}

/** The commit at the branch's tip (remote mode: after one sync with the git host); null on a branch with no commit yet. */
export async function branchTip(config: PublishConfig): Promise<Outcome<string | null>> {
  return read(config, async (mode) => {
    if (mode.mode === 'remote') return remoteTip(mode);
    const head = await runGit(mode.root, ['rev-parse', '-q', '--verify', 'HEAD'], { allowExit: [1] });
    return head.exitCode === 0 ? head.stdout.toString('utf8').trim() : null;
  });
}

/** Every file under `prefix` (a folder ending in "/", e.g. "content/") at the branch's tip, with its blob id, sorted by path. */
export async function listFiles(prefix: string, config: PublishConfig): Promise<Outcome<BranchFile[]>> {
  return read(config, async (mode) => {
    const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
    if (mode.mode === 'remote') return remoteListFiles(mode, folder);
    const head = await runGit(mode.root, ['rev-parse', '-q', '--verify', 'HEAD'], { allowExit: [1] });
    if (head.exitCode !== 0) return [];
    const files: BranchFile[] = (await treeBlobs(mode.root, 'HEAD', [folder])).filter((file) => file.path.startsWith(folder));
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  });
}

/** listFiles for several folders, each answered apart, in the order asked: remote mode reads them in one fetch from the git host. */
export async function listFolders(prefixes: string[], config: PublishConfig): Promise<Outcome<BranchFile[][]>> {
  const folders = prefixes.map((prefix) => (prefix.endsWith('/') ? prefix : `${prefix}/`));
  if (config.mode === 'remote') return read(config, async (mode) => (mode.mode === 'remote' ? remoteListFolders(mode, folders) : []));
  const listed: BranchFile[][] = [];
  for (const folder of folders) {
    const files = await listFiles(folder, config);
    if (!files.ok) return files;
    listed.push(files.value);
  }
  return { ok: true, value: listed };
}

/** The bytes of blobs by id (ids from listFiles), e.g. every content file's text for the list page. */
export async function readBlobs(oids: string[], config: PublishConfig): Promise<Outcome<Map<string, Buffer>>> {
  return read(config, async (mode) => {
    const wanted = [...new Set(oids)];
    if (wanted.some((oid) => !COMMIT.test(oid))) throw new Error('a blob id is 40 hexadecimal digits');
    if (mode.mode === 'remote') return remoteReadBlobs(mode, wanted);
    const blobs = new Map<string, Buffer>();
    for (const oid of wanted) blobs.set(oid, (await runGit(mode.root, ['cat-file', 'blob', oid])).stdout);
    return blobs;
  });
}

/**
 * The files under `prefix` at the tip, the texts of those `select` picks and
 * their last changes, in one read of the branch (remote mode: one fetch, not
 * three). A history that cannot be read leaves `changes` empty rather than
 * failing the list.
 */
export async function branchListing(
  prefix: string,
  select: (path: string) => boolean,
  config: PublishConfig,
): Promise<Outcome<BranchListing>> {
  const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
  if (config.mode === 'remote') return read(config, () => remoteListing(config, folder, select));
  const tip = await filesAtTip(folder, select, config);
  if (!tip.ok) return tip;
  const { files, picked, texts } = tip.value;
  const changes = await lastChanges(
    picked.map((file) => file.path),
    config,
  );
  return { ok: true, value: { files, texts, changes: changes.ok ? changes.value : new Map() } };
}

/** The files under `folder` (ending in "/") at the tip, those `select` picks, and their texts by path. */
export async function filesAtTip(
  folder: string,
  select: (path: string) => boolean,
  config: PublishConfig,
): Promise<Outcome<{ files: BranchFile[]; picked: BranchFile[]; texts: Map<string, string> }>> {
  const files = await listFiles(folder, config);
  if (!files.ok) return files;
  const picked = files.value.filter((file) => select(file.path));
  const blobs = await readBlobs(
    picked.map((file) => file.blobId),
    config,
  );
  if (!blobs.ok) return blobs;
  // readBlobs answers for every id it was given, or fails as a whole.
  const texts = new Map(picked.map((file) => [file.path, blobs.value.get(file.blobId)!.toString('utf8')]));
  return { ok: true, value: { files: files.value, picked, texts } };
}

/** The title a commit message names: the frontmatter's title, site.yml's "site details", else the file's name. */
export function titleOf(filePath: string, text: string | null): string {
  const name = filePath.split('/').pop() ?? filePath;
  if (name === 'site.yml') return 'site details';
  if (name === 'resume.mdx') return 'resume';
  const named = name.replace(/\.[a-z]+$/, '').replace(/-+/g, ' ');
  if (text === null) return named;
  try {
    const data = yamlData(readDocument(text, filePath.endsWith('.mdx') ? 'mdx' : 'yaml').yaml) as { title?: unknown } | null;
    if (typeof data?.title === 'string' && data.title.trim()) return data.title.replace(/\s+/g, ' ').trim();
  } catch {
    // A version that does not parse is still restorable; its file name says which.
  }
  return named;
}

/**
 * The publish that brings back the file as `commit` had it: a new commit on
 * top, based on the version the branch holds now (so a change made since is
 * a conflict, never overwritten). A file absent in that commit is refused:
 * restoring "nothing" would be a delete, which the list's delete does.
 */
export async function restoreRequest(
  filePath: string,
  commit: string,
  config: PublishConfig,
  zone = DEFAULT_TIME_ZONE,
): Promise<Outcome<PublishRequest>> {
  const old = await fileAt(filePath, commit, config);
  if (!old.ok) return old;
  if (old.value === null) return { ok: false, error: 'This page did not exist yet in that version: there is nothing to restore from it.' };
  const text = old.value;
  // The history names the version by its day, as the designer saw it listed; never by its id.
  const history = await fileHistory(filePath, { limit: 100 }, config);
  const date = history.ok ? history.value.find((entry) => entry.commit === commit)?.date : undefined;
  return read(config, async () => {
    const current = await openFile(filePath, config);
    return {
      files: [{ path: filePath, content: text, baseBlobId: current?.blobId ?? null }],
      message: `Restore ${titleOf(filePath, text)} to ${date ? `its version of ${dayOf(date, zone)}` : 'an earlier version'}`,
    };
  });
}

/** A day as the history's messages name it: `27 Nov 2026`, the day it was in her time zone, as her history lists it. */
export function dayOf(date: string, zone = DEFAULT_TIME_ZONE): string {
  return shortDayIn(date, zone);
}

/** The files (blobs, not links) under `paths` in `treeish`, with their blob ids: `git ls-tree -r`, read literally. */
export async function treeBlobs(root: string, treeish: string, paths: string[]): Promise<BranchFile[]> {
  const output = (await runGit(root, ['ls-tree', '-r', '-z', '--full-tree', treeish, '--', ...paths], { env: LITERAL })).stdout.toString(
    'utf8',
  );
  const files: BranchFile[] = [];
  for (const record of output.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [entryMode, type, oid = ''] = record.slice(0, tab).split(' ');
    if (type === 'blob' && entryMode !== '120000') files.push({ path: record.slice(tab + 1), blobId: oid });
  }
  return files;
}
