import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withEditorMark } from './commit-mark';
import { ContentPathError, refuseSymlinks } from '~/editing/documents/content-path.server';
import { GitCommandError, gitText, parseEntries, runGit } from './command.server';
import type { LocalPublishConfig } from './publish-config.server';
import {
  blobIdOf,
  findConflict,
  serialize,
  type OpenedFile,
  type PublishPlan,
  type PublishResult,
  type Theirs,
} from './publish-plan.server';

/**
 * Local mode: the developer's checkout under `npm run dev` / `npm start`.
 *
 * The commit is built with git's plumbing in a private index (read-tree HEAD,
 * then only our paths), so whatever the developer has staged or changed
 * elsewhere stays exactly as it was, staged or not: never `git add -A`. The
 * branch moves with `update-ref <new> <old>`, which refuses if HEAD moved
 * meanwhile (a commit from the terminal), so no commit is ever lost. Only
 * then are the files written and the real index told about those paths.
 */

/**
 * What the caller runs once the commit's files are in the checkout, beside
 * the push and inside this checkout's lock: under `npm run dev` the use case
 * passes the running server's content refresh (publish-change.server.ts).
 * Its answer is a warning for the designer, or none.
 */
export type CheckoutWritten = () => Promise<string | undefined>;

const ZERO = '0'.repeat(40);
// Pathspecs are file names here, never patterns ('*' or ':(glob)' in a name must not widen a command).
const LITERAL = { GIT_LITERAL_PATHSPECS: '1' };

export async function openLocal(config: LocalPublishConfig, contentPath: string): Promise<OpenedFile | null> {
  await refuseSymlinks(config.root, contentPath);
  const bytes = await readWorkingFile(config.root, contentPath);
  return bytes ? { text: bytes.toString('utf8'), blobId: blobIdOf(bytes) } : null;
}

export async function publishLocal(
  config: LocalPublishConfig,
  plan: PublishPlan,
  checkoutWritten?: CheckoutWritten,
): Promise<PublishResult> {
  const { root } = config;
  return serialize(root, async () => {
    try {
      for (const change of plan.changes) await refuseSymlinks(root, change.path);
      const branch = await gitText(root, ['symbolic-ref', '-q', '--short', 'HEAD'], { allowExit: [1] });
      if (!branch)
        return { status: 'failed', reason: 'The checkout is not on a branch (detached HEAD): check out a branch, then publish again.' };
      const head = await gitText(root, ['rev-parse', '--verify', 'HEAD']);
      const paths = plan.changes.map((change) => change.path);
      const inHead = parseEntries((await runGit(root, ['ls-tree', '-z', head, '--', ...paths], { env: LITERAL })).stdout, 'tree');
      const inIndex = parseEntries((await runGit(root, ['ls-files', '-s', '-z', '--', ...paths], { env: LITERAL })).stdout, 'index');

      const check = await findConflict(plan.changes, async (p) => {
        const entry = inHead.get(p);
        if (!entry) return null;
        if (entry.type !== 'blob') throw new ContentPathError(p, 'it is a folder in the repository');
        if (entry.mode === '120000') throw new ContentPathError(p, 'it is a symbolic link in the repository');
        return { blobId: entry.oid, bytes: await catBlob(root, entry.oid) };
      });
      if (check.status === 'conflict') return check;
      // The developer's own unsaved work on the same file wins too: it is a version the designer never saw.
      // (Already holding exactly what would be written is no conflict: nothing of theirs is lost.)
      for (const change of plan.changes) {
        const onDisk = await readWorkingFile(root, change.path);
        const diskId = onDisk ? blobIdOf(onDisk) : null;
        if (diskId !== change.baseBlobId && diskId !== change.blobId)
          return conflict(change.path, { blobId: diskId, text: onDisk?.toString('utf8') ?? null });
        const staged = inIndex.get(change.path)?.oid ?? null;
        if (staged !== change.baseBlobId && staged !== change.blobId) {
          return conflict(change.path, { blobId: staged, text: staged ? (await catBlob(root, staged)).toString('utf8') : null });
        }
      }
      if (check.status === 'unchanged') return check;

      const indexInfo = await writeBlobs(root, plan, inHead);
      const commit = await commitTree(config, head, indexInfo, plan.message);
      try {
        await runGit(root, ['update-ref', '-m', `publish: ${plan.message.split('\n')[0]}`, `refs/heads/${branch}`, commit, head]);
      } catch (error) {
        if (error instanceof GitCommandError) {
          return {
            status: 'failed',
            reason: `The branch ${branch} moved while publishing (a commit made meanwhile); nothing was published. Reload and publish again.`,
          };
        }
        throw error;
      }
      // From here the commit is on the branch: a later failure is a warning on a published result, never 'failed'.
      let warning: string | undefined;
      try {
        await writeWorkingFiles(root, plan);
        // The real index learns the new versions of these paths only, so `git status` shows them as committed.
        await runGit(root, ['update-index', '--index-info'], { input: indexInfo });
      } catch (error) {
        warning = `Committed ${commit.slice(0, 7)} to ${branch}, but updating the files in the checkout failed (${(error as Error).message}). Run: git checkout HEAD -- ${paths.join(' ')}`;
      }
      // The caller's step after the files are written (under npm run dev, the server's content refresh), beside the push.
      const [pushed, refreshed] = await Promise.all([pushToUpstream(root, branch, commit), warning ? undefined : checkoutWritten?.()]);
      const warnings = [warning, refreshed, pushed.warning].filter(Boolean).join(' ');
      return { status: 'published', commit, pushed: pushed.pushed, ...(warnings ? { warning: warnings } : {}) };
    } catch (error) {
      if (error instanceof ContentPathError) return { status: 'invalid', reason: error.message };
      if (error instanceof GitCommandError) return { status: 'failed', reason: `Publishing failed: ${error.message}` };
      return { status: 'failed', reason: `Publishing failed: ${(error as Error).message}` };
    }
  });
}

function conflict(contentPath: string, theirs: Theirs): PublishResult {
  return { status: 'conflict', path: contentPath, theirs };
}

async function readWorkingFile(root: string, contentPath: string): Promise<Buffer | null> {
  return readFile(path.join(root, contentPath)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
}

async function catBlob(root: string, oid: string): Promise<Buffer> {
  return (await runGit(root, ['cat-file', 'blob', oid])).stdout;
}

/** Stores the new blobs (no filters: the bytes are the blob, as in remote mode) and returns `update-index --index-info` lines. */
async function writeBlobs(root: string, plan: PublishPlan, inHead: Map<string, { mode: string }>): Promise<string> {
  let lines = '';
  for (const change of plan.changes) {
    if (!change.bytes) {
      lines += `0 ${ZERO}\t${change.path}\n`;
      continue;
    }
    const oid = await gitText(root, ['hash-object', '-w', '--no-filters', '--stdin'], { input: change.bytes });
    if (oid !== change.blobId) throw new Error(`git stored ${change.path} as ${oid}, expected ${change.blobId}`);
    const mode = inHead.get(change.path)?.mode === '100755' ? '100755' : '100644';
    lines += `${mode} ${oid}\t${change.path}\n`;
  }
  return lines;
}

/** HEAD's tree with our paths replaced, in a throwaway index; returns the new commit (not yet on any branch). */
async function commitTree(config: LocalPublishConfig, head: string, indexInfo: string, message: string): Promise<string> {
  const indexFile = path.join(os.tmpdir(), `portfolio-publish-${randomUUID()}.index`);
  const env = { GIT_INDEX_FILE: indexFile };
  try {
    await runGit(config.root, ['read-tree', head], { env });
    await runGit(config.root, ['update-index', '--index-info'], { env, input: indexInfo });
    const tree = await gitText(config.root, ['write-tree'], { env });
    const { name, email } = config.author;
    const who = { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
    return await gitText(config.root, ['commit-tree', tree, '-p', head, '-F', '-'], { env: who, input: `${withEditorMark(message)}\n` });
  } finally {
    await rm(indexFile, { force: true });
  }
}

/** Each file is written whole (a temporary file, then rename), so the dev server never reads half a file. */
async function writeWorkingFiles(root: string, plan: PublishPlan): Promise<void> {
  for (const change of plan.changes) {
    const target = path.join(root, change.path);
    if (!change.bytes) {
      await rm(target, { force: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, change.bytes);
    await rename(temporary, target);
  }
}

/**
 * With an upstream, the commit goes there too, with the developer's own
 * credentials (their git, their helper or SSH agent). A failed push keeps the
 * local commit: the result says so, and `git push` later sends it.
 */
async function pushToUpstream(root: string, branch: string, commit: string): Promise<{ pushed: boolean; warning?: string }> {
  const upstream = await runGit(root, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{u}'], { allowExit: [128] });
  if (upstream.exitCode !== 0) return { pushed: false };
  const remote = await gitText(root, ['config', `branch.${branch}.remote`]);
  const merge = await gitText(root, ['config', `branch.${branch}.merge`]);
  try {
    await runGit(root, ['push', '--porcelain', remote, `refs/heads/${branch}:${merge}`], { timeoutMs: 60_000 });
    return { pushed: true };
  } catch (error) {
    // git's message may name the remote's URL; credentials written into it stay out of what the editor shows.
    const why = (error as Error).message.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1[credentials]@');
    return {
      pushed: false,
      warning: `Committed ${commit.slice(0, 7)} to ${branch} here, but the push to ${remote} failed (${why}). Run git push when the remote can be reached.`,
    };
  }
}
