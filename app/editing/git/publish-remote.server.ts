import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TreeEntry } from 'isomorphic-git';
import { withEditorMark } from './commit-mark';
import { isoGit } from './isomorphic.server';
import { ContentPathError } from '~/editing/documents/content-path.server';
import { basicAuthHeader, describeGitError, isTimeout, timedHttpClient } from './http.server';
import type { RemotePublishConfig } from './publish-config.server';
import {
  findConflict,
  redact,
  serialize,
  type CurrentBlob,
  type OpenedFile,
  type PublishPlan,
  type PublishResult,
} from './publish-plan.server';

/**
 * Remote mode: the branch is cloned shallowly (depth 1, that branch only)
 * into a cache folder, and later fetches bring only what is new. The
 * commit is made there from blobs and trees written directly (no checkout:
 * only the changed files and the trees above them are new objects), and
 * pushed over smart HTTP. A function instance keeps the
 * cache in its /tmp, so a warm instance only fetches what changed.
 *
 * The push is the only step anyone else sees, and git's receive-pack applies
 * it only if the branch still points at the commit we built on: a publish
 * racing another lands after it, or is checked again (one retry) and becomes
 * a conflict; it can never drop the other commit.
 */

/**
 * Netlify stops a synchronous function after 60 s (older sites: 10 s, or 26 s
 * on request). A publish is a handful of requests; each gets 10 s and the
 * whole publish 25 s, so a stalled host ends in a message, not a killed function.
 */
const REQUEST_TIMEOUT_MS = 10_000;
const PUBLISH_BUDGET_MS = 25_000;
const PUSH_BRANCH = 'refs/heads/publish';

export type Remote = {
  config: RemotePublishConfig;
  dir: string;
  http: ReturnType<typeof timedHttpClient>;
  headers: Record<string, string>;
};

export function remoteOf(config: RemotePublishConfig): Remote {
  const http = timedHttpClient(config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, Date.now() + (config.budgetMs ?? PUBLISH_BUDGET_MS));
  return { config, dir: config.cacheDir, http, headers: basicAuthHeader(config.token) };
}

export async function openRemote(config: RemotePublishConfig, contentPath: string): Promise<OpenedFile | null> {
  const remote = remoteOf(config);
  return serialize(config.cacheDir, async () => {
    const tip = await syncBranch(remote);
    const blob = await blobAt(remote, tip, contentPath);
    return blob ? { text: blob.bytes.toString('utf8'), blobId: blob.blobId } : null;
  }).catch((error) => {
    if (error instanceof ContentPathError) throw error;
    throw new Error(describeGitError(error, config.url, config.token, config.source));
  });
}

export async function publishRemote(config: RemotePublishConfig, plan: PublishPlan): Promise<PublishResult> {
  const remote = remoteOf(config);
  return serialize(config.cacheDir, async () => {
    try {
      for (let attempt = 1; ; attempt++) {
        const tip = await syncBranch(remote);
        const check = await findConflict(plan.changes, (p) => blobAt(remote, tip, p));
        if (check.status !== 'changed') return check;
        const commit = await makeCommit(remote, tip, plan);
        const outcome = await pushCommit(remote, commit);
        if (outcome === 'pushed') {
          await markTip(remote, commit);
          return { status: 'published', commit, pushed: true };
        }
        // Someone pushed between our fetch and our push: look again (a conflict now shows), once.
        if (attempt === 2) {
          return {
            status: 'failed',
            reason:
              'The site kept changing while this was publishing (other changes went live twice meanwhile); nothing was published. Try again.',
          };
        }
      }
    } catch (error) {
      if (error instanceof ContentPathError) return { status: 'invalid', reason: error.message };
      return { status: 'failed', reason: describeGitError(error, config.url, config.token, config.source) };
    }
  });
}

/** Clones (shallow, one branch, no checkout) or fetches into the cache; returns the branch's tip. */
export async function syncBranch(remote: Remote): Promise<string> {
  const git = await isoGit();
  const { config, dir, http, headers } = remote;
  const common = { fs, http, dir, url: config.url, ref: config.branch, singleBranch: true, headers } as const;
  if (fs.existsSync(path.join(dir, '.git', 'HEAD'))) {
    try {
      // No depth here: git then sends only the commits since the cache's tip, and the cache stays as shallow as
      // its clone. Any depth, even 1, makes git send the tip's whole tree again, every photo of every story.
      const result = await git.fetch({ ...common, tags: false });
      if (result.fetchHead) return markTip(remote, result.fetchHead);
    } catch (error) {
      // A branch rewritten since (a force push) has no commit in common with the cache, so its whole history
      // would come: past the time allowed, the cache goes, and the next call starts again from a depth-1 clone.
      if (isTimeout(error)) await rm(dir, { recursive: true, force: true });
      if (!isCacheProblem(error)) throw error;
      // A broken cache (a killed instance mid-write) is rebuilt rather than trusted.
    }
  }
  await rm(dir, { recursive: true, force: true });
  await git.clone({ ...common, depth: 1, noCheckout: true, noTags: true });
  return git.resolveRef({ fs, dir, ref: `refs/remotes/origin/${config.branch}` });
}

/**
 * The branch's tip as the cache last saw it, fetched or pushed. The local
 * branch ref matters most: it is the one commit a fetch tells the host the
 * cache has, so left at the clone's commit, every fetch would bring again
 * all that was published since (each new photo, every time).
 */
async function markTip(remote: Remote, commit: string): Promise<string> {
  const git = await isoGit();
  for (const ref of [`refs/heads/${remote.config.branch}`, `refs/remotes/origin/${remote.config.branch}`])
    await git.writeRef({ fs, dir: remote.dir, ref, value: commit, force: true });
  return commit;
}

/** Network and HTTP errors are the remote's; anything else (a missing object, a bad pack) is the cache's. */
function isCacheProblem(error: unknown): boolean {
  const e = error as { code?: string; name?: string; cause?: unknown };
  return !(e?.code === 'HttpError' || e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.cause);
}

/** The blob at `contentPath` in the commit `tip`, or null; a symlink or a folder there is refused. */
export async function blobAt(remote: Remote, tip: string, contentPath: string): Promise<CurrentBlob> {
  const git = await isoGit();
  const entry = await entryAt(remote, tip, contentPath);
  if (!entry) return null;
  if (entry.type !== 'blob') throw new ContentPathError(contentPath, 'it is a folder on the branch');
  if (entry.mode === '120000') throw new ContentPathError(contentPath, 'it is a symbolic link on the branch');
  const { blob } = await git.readBlob({ fs, dir: remote.dir, oid: entry.oid });
  return { blobId: entry.oid, bytes: Buffer.from(blob) };
}

async function entryAt(remote: Remote, tip: string, contentPath: string): Promise<TreeEntry | null> {
  const git = await isoGit();
  const parent = path.posix.dirname(contentPath);
  const name = path.posix.basename(contentPath);
  try {
    const { tree } = await git.readTree({ fs, dir: remote.dir, oid: tip, filepath: parent });
    return tree.find((entry) => entry.path === name) ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === 'NotFoundError') return null;
    throw error;
  }
}

async function makeCommit(remote: Remote, tip: string, plan: PublishPlan): Promise<string> {
  const git = await isoGit();
  const { dir, config } = remote;
  const changes = new Map<string, string | null>();
  for (const change of plan.changes) changes.set(change.path, change.bytes ? await git.writeBlob({ fs, dir, blob: change.bytes }) : null);
  const { commit: parent } = await git.readCommit({ fs, dir, oid: tip });
  const tree = (await rewriteTree(remote, parent.tree, changes)) ?? (await git.writeTree({ fs, dir, tree: [] }));
  const now = { timestamp: Math.floor(Date.now() / 1000), timezoneOffset: 0 };
  const person = { name: config.author.name, email: config.author.email, ...now };
  return git.writeCommit({
    fs,
    dir,
    commit: { message: `${withEditorMark(plan.message)}\n`, tree, parent: [tip], author: person, committer: person },
  });
}

/**
 * Writes new trees from the changed leaves up to the root, reusing every
 * untouched subtree by its id. Returns null for a tree left empty (git keeps
 * no empty folders).
 */
async function rewriteTree(remote: Remote, treeOid: string | null, changes: Map<string, string | null>): Promise<string | null> {
  const git = await isoGit();
  const entries = treeOid ? (await git.readTree({ fs, dir: remote.dir, oid: treeOid })).tree : [];
  const byName = new Map(entries.map((entry) => [entry.path, entry]));
  const below = new Map<string, Map<string, string | null>>();
  for (const [changedPath, oid] of changes) {
    const slash = changedPath.indexOf('/');
    if (slash === -1) {
      const existing = byName.get(changedPath);
      if (oid === null) byName.delete(changedPath);
      else
        byName.set(changedPath, {
          path: changedPath,
          oid,
          type: 'blob',
          mode: existing?.type === 'blob' && existing.mode === '100755' ? '100755' : '100644',
        });
      continue;
    }
    const folder = changedPath.slice(0, slash);
    const inFolder = below.get(folder) ?? new Map();
    below.set(folder, inFolder);
    inFolder.set(changedPath.slice(slash + 1), oid);
  }
  for (const [folder, subChanges] of below) {
    const existing = byName.get(folder);
    const subtree = await rewriteTree(remote, existing?.type === 'tree' ? existing.oid : null, subChanges);
    if (subtree === null) byName.delete(folder);
    else byName.set(folder, { path: folder, oid: subtree, type: 'tree', mode: '040000' });
  }
  if (byName.size === 0) return null;
  return git.writeTree({ fs, dir: remote.dir, tree: [...byName.values()] });
}

/** 'pushed', or 'rejected' when the branch moved since the fetch; any other failure throws. */
async function pushCommit(remote: Remote, commit: string): Promise<'pushed' | 'rejected'> {
  const git = await isoGit();
  const { dir, config, http, headers } = remote;
  await git.writeRef({ fs, dir, ref: PUSH_BRANCH, value: commit, force: true });
  let why: string;
  try {
    const result = await git.push({ fs, http, dir, url: config.url, ref: PUSH_BRANCH, remoteRef: `refs/heads/${config.branch}`, headers });
    const refResult = result.refs[`refs/heads/${config.branch}`];
    if (result.ok && refResult?.ok !== false) return 'pushed';
    why = refResult?.error ?? result.error ?? 'refused';
  } catch (error) {
    const e = error as { code?: string; data?: { reason?: string; prettyDetails?: string } };
    // Sent, but no answer: receive-pack may have applied it. Say so rather than "nothing was published".
    if (isTimeout(error as Error)) throw Object.assign(new Error('push timed out'), { code: 'PushUncertain' });
    // isomorphic-git refuses a non-fast-forward itself when it has the new tip, and cannot find it when it has not.
    if (e.code === 'PushRejectedError' && e.data?.reason === 'not-fast-forward') return 'rejected';
    if (e.code === 'NotFoundError') return 'rejected';
    // receive-pack's own answer ("failed to update ref" when the branch moved under it, or a hook's refusal).
    if (e.code !== 'GitPushError') throw error;
    why = e.data?.prettyDetails ?? 'refused';
  }
  if (/fetch first|non-fast-forward|stale info|failed to update ref|failed to lock|cannot lock/i.test(why)) return 'rejected';
  throw Object.assign(new Error(redact(`the git host refused the push: ${why.replace(/\s+/g, ' ').trim()}`, config.token)), {
    code: 'PushRefused',
  });
}
