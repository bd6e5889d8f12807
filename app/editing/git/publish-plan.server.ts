import { createHash } from 'node:crypto';
import { checkContentPath, ContentPathError } from '~/editing/documents/content-path.server';
import { withBuildTrailer } from './commit-mark';

/** What both ways of publishing share: the request's types and checks, the conflict rule, redaction. */

export type PublishFile = {
  path: string;
  content: Buffer | string;
  /** The blob id the file was opened from; null for a file that is new. */
  baseBlobId: string | null;
};

export type PublishDeletion = { path: string; baseBlobId: string };

export type PublishRequest = {
  files: PublishFile[];
  deleted?: PublishDeletion[];
  message: string;
  /** Why the deployed site must be built again for this change (a Needs-build trailer, git/commit-mark.ts); set by the server, never by the browser. */
  needsBuild?: string;
};

export type Theirs = { blobId: string | null; text: string | null };

export type PublishResult =
  | { status: 'published'; commit: string; pushed: boolean; warning?: string }
  | { status: 'unchanged' }
  | { status: 'conflict'; path: string; theirs: Theirs }
  | { status: 'invalid'; reason: string }
  | { status: 'failed'; reason: string };

export type OpenedFile = { text: string; blobId: string };

/** One change, validated: the bytes to write (null: delete) and the version it was made from. */
export type PlannedChange = { path: string; bytes: Buffer | null; baseBlobId: string | null; blobId: string | null };

export type CurrentBlob = { blobId: string; bytes: Buffer } | null;

/** A draft's document, its images (at most 50 and 60 MB: drafts/images.server.ts) and the image they replace. */
const MAX_FILES = 60;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_MESSAGE = 2000;

/** git's blob id: SHA-1 of "blob <size>\0" and the bytes (what `git hash-object` prints). */
export function blobIdOf(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

export type PublishPlan = { changes: PlannedChange[]; message: string };

/** Checks the request as it came from the browser; nothing is read or written yet. */
export function planChanges(request: PublishRequest): PublishPlan | { reason: string } {
  const files = Array.isArray(request?.files) ? request.files : [];
  const deleted = Array.isArray(request?.deleted) ? request.deleted : [];
  if (files.length + deleted.length === 0) return { reason: 'Nothing to publish.' };
  if (files.length + deleted.length > MAX_FILES) return { reason: `At most ${MAX_FILES} files per publish.` };

  const message = typeof request.message === 'string' ? request.message.replace(/\r\n/g, '\n').trim() : '';
  if (!message) return { reason: 'The change has no description.' };
  if (message.length > MAX_MESSAGE || message.includes('\0'))
    return { reason: `The description of the change must be text of at most ${MAX_MESSAGE} characters.` };

  const changes: PlannedChange[] = [];
  const seen = new Set<string>();
  let total = 0;
  try {
    for (const file of files) {
      const path = checkContentPath(file?.path);
      const bytes =
        typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : Buffer.isBuffer(file.content) ? file.content : null;
      if (!bytes) return { reason: 'A page in this publish has no text.' };
      total += bytes.length;
      changes.push({ path, bytes, baseBlobId: checkBlobId(file.baseBlobId, path, true), blobId: blobIdOf(bytes) });
    }
    for (const file of deleted) {
      const path = checkContentPath(file?.path);
      changes.push({ path, bytes: null, baseBlobId: checkBlobId(file.baseBlobId, path, false), blobId: null });
    }
  } catch (error) {
    if (error instanceof ContentPathError || error instanceof InvalidRequest) return { reason: error.message };
    throw error;
  }
  if (total > MAX_BYTES) return { reason: `At most ${MAX_BYTES / 1024 / 1024} MB per publish.` };
  for (const change of changes) {
    if (seen.has(change.path)) return { reason: 'A page appears twice in this publish.' };
    seen.add(change.path);
  }
  // A file and a folder of the same name cannot both exist in one tree.
  for (const change of changes) {
    for (const other of seen)
      if (other.startsWith(`${change.path}/`)) return { reason: 'A page in this publish has the name of a folder in it.' };
  }
  return { changes, message: request.needsBuild ? withBuildTrailer(message, request.needsBuild) : message };
}

class InvalidRequest extends Error {}

function checkBlobId(value: unknown, path: string, nullable: boolean): string | null {
  if (value === null && nullable) return null;
  if (typeof value === 'string' && /^[0-9a-f]{40}$/.test(value)) return value;
  throw new InvalidRequest(
    `A page in this publish does not say which version it was opened from${nullable ? ' (or that it is new)' : ''}: reload it and publish again.`,
  );
}

/**
 * Compares each change with what the branch holds now. The first file whose
 * version differs from the one the designer opened (and from what they
 * would write) is a conflict; if every file already holds what would be
 * written, the publish is 'unchanged'.
 */
export async function findConflict(
  changes: PlannedChange[],
  current: (path: string) => Promise<CurrentBlob>,
): Promise<{ status: 'conflict'; path: string; theirs: Theirs } | { status: 'unchanged' } | { status: 'changed' }> {
  let changed = false;
  for (const change of changes) {
    const now = await current(change.path);
    const nowId = now?.blobId ?? null;
    // Already what we would write: a publish that landed though its answer was lost (a timeout), retried.
    if (nowId === change.blobId) continue;
    if (nowId !== change.baseBlobId) {
      return { status: 'conflict', path: change.path, theirs: { blobId: nowId, text: now ? now.bytes.toString('utf8') : null } };
    }
    changed = true;
  }
  return changed ? { status: 'changed' } : { status: 'unchanged' };
}

/** A publish's messages reach the designer: the token, in any form a client could have sent it, never does. */
export function redact(text: string, secret: string | undefined): string {
  if (!secret) return text;
  const forms = [secret, encodeURIComponent(secret), Buffer.from(`x-access-token:${secret}`).toString('base64')];
  let out = text;
  for (const form of forms) if (form) out = out.split(form).join('[token]');
  return out;
}

/** Runs publishes one at a time per key (a cache folder, a checkout): git's own locks would make the second fail. */
const queues = new Map<string, Promise<unknown>>();
export function serialize<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
