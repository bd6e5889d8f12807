import type { Outcome } from '~/editing/documents/outcome';
import { checkContentPath } from '~/editing/documents/content-path.server';
import { gitText, runGit } from './command.server';
import type { LocalPublishConfig, PublishConfig } from './publish-config.server';
import { read, treeBlobs } from './read.server';
import { remoteDeletedFiles, remoteFilesBefore } from './remote-deleted.server';

/**
 * What the history knows of deleted files: which commits removed a file
 * from a folder, and the files as they were just before, so a delete can be
 * undone by a new commit that writes the same bytes back (history is never
 * rewritten). Both modes read the branch the publish writes.
 */

/** A file `commit` removed; `parent` (its first parent) still had it. */
export type DeletedFile = { path: string; commit: string; parent: string; date: string };
export type FileBytes = { path: string; bytes: Buffer };

const COMMIT = /^[0-9a-f]{40}$/;
const LITERAL = { GIT_LITERAL_PATHSPECS: '1' };

/**
 * Files directly in each of `folders` (no trailing slash) removed by one of
 * the last `scan` commits, newest first within a folder; a file deleted
 * twice is listed each time. Remote mode reads them in one fetch from the
 * git host, whatever the number of folders: the list page waits on it.
 */
export async function deletedFiles(
  folders: string[],
  config: PublishConfig,
  { scan = 100 }: { scan?: number } = {},
): Promise<Outcome<DeletedFile[]>> {
  return read(config, async (mode) => {
    const checked = folders.map((folder) => checkContentPath(`${folder}/x.mdx`).replace(/\/x\.mdx$/, ''));
    if (mode.mode === 'remote') return remoteDeletedFiles(mode, checked, scan);
    return (await Promise.all(checked.map((folder) => localDeletedFiles(mode, folder, scan)))).flat();
  });
}

async function localDeletedFiles(config: LocalPublishConfig, folder: string, scan: number): Promise<DeletedFile[]> {
  const head = await runGit(config.root, ['rev-parse', '-q', '--verify', 'HEAD'], { allowExit: [1] });
  if (head.exitCode !== 0) return [];
  const output = await gitText(
    config.root,
    [
      'log',
      `-n${scan}`,
      '--first-parent',
      '--diff-filter=D',
      '--no-renames',
      '--name-only',
      '--format=%x1e%H %P%x00%at',
      'HEAD',
      '--',
      `${folder}/`,
    ],
    { env: LITERAL },
  );
  const found: DeletedFile[] = [];
  for (const record of output.split('\x1e').filter((part) => part.trim())) {
    const [header = '', ...names] = record.split('\n');
    const [ids = '', seconds = '0'] = header.split('\0');
    const [commit = '', parent = ''] = ids.split(' ');
    const date = new Date(Number(seconds) * 1000).toISOString();
    for (const name of names) {
      // Only the folder's own files: a file in a subfolder goes with its case study.
      if (name && name.startsWith(`${folder}/`) && !name.slice(folder.length + 1).includes('/'))
        found.push({ path: name, commit, parent, date });
    }
  }
  return found;
}

/**
 * `file` and every file under `folder` (ending in "/") as the first parent
 * of `commit` had them, when `commit` is one that deleted `file`; null when
 * it is not (or there is no such commit).
 */
export async function filesBeforeDelete(
  file: string,
  folder: string,
  commit: string,
  config: PublishConfig,
): Promise<Outcome<FileBytes[] | null>> {
  return read(config, async (mode) => {
    const checkedFile = checkContentPath(file);
    const checkedFolder = `${checkContentPath(`${folder.replace(/\/$/, '')}/x.mdx`).replace(/\/x\.mdx$/, '')}/`;
    if (!COMMIT.test(commit)) return null;
    if (mode.mode === 'remote') return remoteFilesBefore(mode, commit, checkedFile, checkedFolder);
    const parent = await runGit(mode.root, ['rev-parse', '-q', '--verify', `${commit}^1^{commit}`], { allowExit: [1, 128] });
    if (parent.exitCode !== 0) return null;
    const parentId = parent.stdout.toString('utf8').trim();
    const after = await runGit(mode.root, ['cat-file', '-e', `${commit}:${checkedFile}`], { allowExit: [1, 128] });
    if (after.exitCode === 0) return null;
    const files: FileBytes[] = [];
    for (const blob of await treeBlobs(mode.root, parentId, [checkedFile, checkedFolder]))
      files.push({ path: blob.path, bytes: (await runGit(mode.root, ['cat-file', 'blob', blob.blobId])).stdout });
    return files.some((entry) => entry.path === checkedFile) ? files : null;
  });
}
