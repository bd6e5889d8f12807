import fs from 'node:fs';
import { isoGit } from './isomorphic.server';
import type { RemotePublishConfig } from './publish-config.server';
import { filesAt, readCommit, readTree, shallowCommits, withHistory, type Reader } from './remote-read.server';
import type { DeletedFile, FileBytes } from './deleted.server';

/**
 * Remote mode's side of deleted.server.ts, on the publish layer's cache:
 * the files a commit removed from a folder (its first parent had them), and
 * a folder's files as they were just before such a commit.
 */

/** The tree's id at `folder` ("content/case-studies", no trailing slash) in a tree, or null. */
async function subtree(reader: Reader, treeOid: string, folder: string): Promise<string | null> {
  let oid = treeOid;
  for (const segment of folder.split('/')) {
    const entry = (await readTree(reader, oid)).find((candidate) => candidate.path === segment);
    if (!entry || entry.type !== 'tree') return null;
    oid = entry.oid;
  }
  return oid;
}

/** Files directly in each of `folders` that each first-parent commit removed, newest first within a folder, among the last `scan` commits: one walk, one fetch. */
export function remoteDeletedFiles(config: RemotePublishConfig, folders: string[], scan: number): Promise<DeletedFile[]> {
  return withHistory(config, async (reader, tip, last) => {
    const shallow = await shallowCommits(reader.remote.dir);
    const found: DeletedFile[][] = folders.map(() => []);
    let oid: string | undefined = tip;
    for (let seen = 0; oid && seen < scan; seen++) {
      // Its parent is not fetched: whether it deleted anything is unknown.
      if (shallow.has(oid)) {
        if (!last) return 'deeper';
        break;
      }
      const current = await readCommit(reader, oid);
      const parentOid = current.commit.parent[0];
      if (!parentOid) break;
      const parent = await readCommit(reader, parentOid);
      for (const [index, folder] of folders.entries()) {
        const now = await subtree(reader, current.commit.tree, folder);
        const before = await subtree(reader, parent.commit.tree, folder);
        if (!before || now === before) continue;
        const kept = new Set(now ? (await readTree(reader, now)).map((entry) => entry.path) : []);
        for (const entry of await readTree(reader, before)) {
          if (entry.type !== 'blob' || kept.has(entry.path)) continue;
          found[index]!.push({
            path: `${folder}/${entry.path}`,
            commit: oid,
            parent: parentOid,
            date: new Date(current.commit.author.timestamp * 1000).toISOString(),
          });
        }
      }
      oid = parentOid;
    }
    return found.flat();
  });
}

/**
 * The bytes of `file` and of every file under `folder` (ending in "/") in
 * the first parent of `commit`, when `commit` is one that removed `file`;
 * null otherwise (no such commit within reach, or it did not delete it).
 */
export function remoteFilesBefore(config: RemotePublishConfig, commit: string, file: string, folder: string): Promise<FileBytes[] | null> {
  return withHistory(config, async (reader, _tip, last) => {
    let parentOid: string | undefined;
    try {
      parentOid = (await readCommit(reader, commit)).commit.parent[0];
      if (parentOid) await readCommit(reader, parentOid);
    } catch (error) {
      if ((error as { code?: string }).code !== 'NotFoundError') throw error;
      return last ? null : 'deeper';
    }
    if (!parentOid) return null;
    const git = await isoGit();
    const inCommit = await filesAt(reader, commit, file);
    if (inCommit.some((entry) => entry.path === file)) return null;
    const before = [...(await filesAt(reader, parentOid, file)), ...(await filesAt(reader, parentOid, folder))].filter(
      (entry) => entry.path === file || entry.path.startsWith(folder),
    );
    if (!before.some((entry) => entry.path === file)) return null;
    const files: FileBytes[] = [];
    for (const entry of before) {
      const { blob } = await git.readBlob({ fs, dir: reader.remote.dir, oid: entry.blobId, cache: reader.cache });
      files.push({ path: entry.path, bytes: Buffer.from(blob) });
    }
    return files;
  });
}
