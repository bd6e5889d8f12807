import { query, transaction } from '~/db/connection.server';
import { oneRow } from '~/db/one-row.server';
import { checkContentPath, ContentPathError } from '~/editing/documents/content-path.server';
import { blobIdOf, type PublishRequest } from '~/editing/git/publish-plan.server';
import type { DraftUpload } from './images.server';
import { forgetDiscarded } from './discarded.server';

/**
 * The editor's drafts: what the designer typed and has not published, kept in
 * the database as they type (debounced by the page), so a closed tab, a
 * failed push or an expired session loses nothing. One owner, so one draft
 * per file and no user id.
 *
 * A draft also holds the images uploaded while editing its document
 * (images.server.ts): they are not in git until the publish that commits
 * them, and they go when the draft is discarded.
 *
 * Like the other stores, a missing or unreachable database throws
 * DatabaseUnavailable (app/db/errors.server.ts), for the route to answer 503
 * or say "not saved"; what the designer can fix comes back as `{ ok: false, error }`.
 */

export type Draft = { path: string; text: string; baseBlobId: string | null; createdAt: Date; updatedAt: Date };
export type DraftSummary = { path: string; updatedAt: Date; uploads: number };

export type DraftResult<T = object> = ({ ok: true } & T) | { ok: false; error: string };

/** A content file is text of this size at most (the largest today is about 30 KB). */
export const MAX_DRAFT_CHARS = 1_000_000;
const BLOB_ID = /^[0-9a-f]{40}$/;

/** A content path checked, or the sentence that says what is wrong with it. */
export function checkPath(input: unknown): { path: string } | { error: string } {
  try {
    return { path: checkContentPath(input) };
  } catch (error) {
    if (error instanceof ContentPathError) return { error: error.message };
    throw error;
  }
}

/**
 * Keeps the text as the file's draft. A text equal to the version it was
 * opened from (its blob id is the base) is no change: no draft is kept, an
 * earlier one is dropped unless it holds images, and `dropped` says so.
 */
export async function saveDraft(
  filePath: string,
  { text, baseBlobId, typedAt = null }: { text: string; baseBlobId: string | null; typedAt?: number | null },
): Promise<DraftResult<{ updatedAt: Date; dropped?: true; superseded?: true }>> {
  const checked = checkPath(filePath);
  if ('error' in checked) return { ok: false, error: checked.error };
  if (typeof text !== 'string') return { ok: false, error: 'A draft is the file’s text.' };
  if (text.length > MAX_DRAFT_CHARS)
    return { ok: false, error: `The draft is too long to keep (${text.length} characters; at most ${MAX_DRAFT_CHARS}).` };
  if (text.includes('\0')) return { ok: false, error: 'The draft contains a NUL character, which no content file may hold.' };
  if (baseBlobId !== null && !(typeof baseBlobId === 'string' && BLOB_ID.test(baseBlobId))) {
    return { ok: false, error: 'This draft does not say which version it was opened from: reload the page and try again.' };
  }
  if (typedAt !== null && !(Number.isSafeInteger(typedAt) && typedAt > 0)) return { ok: false, error: 'When it was typed must be a time.' };
  // An edit ends the undo of an earlier "Discard draft".
  await forgetDiscarded({ query }, checked.path);
  // The very version it was opened from is no draft: nothing changed, so none is kept (and an earlier one goes, unless it holds images).
  if (baseBlobId !== null && blobIdOf(Buffer.from(text, 'utf8')) === baseBlobId) {
    // Typed back to the original, unless newer typing is kept already.
    const [held] = await query<{ path: string }>(
      `DELETE FROM content_drafts WHERE path = $1 AND NOT EXISTS (SELECT 1 FROM content_draft_uploads WHERE document_path = $1)
         AND (typed_at IS NULL OR $2::bigint IS NULL OR typed_at <= $2::bigint)
       RETURNING path`,
      [checked.path, typedAt],
    );
    const left = held ? null : await getDraft(checked.path);
    if (!left) return { ok: true, updatedAt: new Date(), dropped: true };
  }
  // Each save carries the base the page holds: it changes when the designer reloads the file after a conflict.
  // A save typed before the kept draft (one that was still on its way) is older work: the newer text stays.
  const rows = await query<{ updated_at: Date }>(
    `INSERT INTO content_drafts (path, text, base_blob_id, typed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (path) DO UPDATE SET text = excluded.text, base_blob_id = excluded.base_blob_id, typed_at = excluded.typed_at, updated_at = now()
       WHERE content_drafts.typed_at IS NULL OR excluded.typed_at IS NULL OR excluded.typed_at >= content_drafts.typed_at
     RETURNING updated_at`,
    [checked.path, text, baseBlobId, typedAt],
  );
  if (rows.length === 0) return { ok: true, updatedAt: new Date(), superseded: true };
  return { ok: true, updatedAt: new Date(oneRow(rows, `the draft of ${checked.path}`).updated_at) };
}

/** A new file's first draft, only if nobody holds that path yet: two "New case study" at once never share one. */
export async function createDraft(filePath: string, text: string): Promise<DraftResult<{ created: boolean }>> {
  const checked = checkPath(filePath);
  if ('error' in checked) return { ok: false, error: checked.error };
  if (text.length > MAX_DRAFT_CHARS || text.includes('\0')) return { ok: false, error: 'That text cannot be kept as a draft.' };
  const rows = await query(
    'INSERT INTO content_drafts (path, text, base_blob_id) VALUES ($1, $2, NULL) ON CONFLICT (path) DO NOTHING RETURNING path',
    [checked.path, text],
  );
  return { ok: true, created: rows.length === 1 };
}

type DraftRow = { path: string; text: string; base_blob_id: string | null; created_at: Date; updated_at: Date };

export async function getDraft(filePath: string): Promise<Draft | null> {
  const checked = checkPath(filePath);
  if ('error' in checked) return null;
  const [row] = await query<DraftRow>('SELECT path, text, base_blob_id, created_at, updated_at FROM content_drafts WHERE path = $1', [
    checked.path,
  ]);
  return row
    ? {
        path: row.path,
        text: row.text,
        baseBlobId: row.base_blob_id,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      }
    : null;
}

/** Every draft, newest first, with how many images it holds (for the list page). */
export async function listDrafts(): Promise<DraftSummary[]> {
  const rows = await query<{ path: string; updated_at: Date; uploads: number }>(
    `SELECT d.path, d.updated_at, (SELECT count(*)::int FROM content_draft_uploads u WHERE u.document_path = d.path) AS uploads
       FROM content_drafts d ORDER BY d.updated_at DESC, d.path`,
  );
  return rows.map((row) => ({ path: row.path, updatedAt: new Date(row.updated_at), uploads: Number(row.uploads) }));
}

/** Deletes the draft and its uploads (after a publish, or when the designer discards it). True when there was something. */
export async function discardDraft(filePath: string): Promise<boolean> {
  const checked = checkPath(filePath);
  if ('error' in checked) return false;
  return transaction(async (tx) => {
    const uploads = await tx.query('DELETE FROM content_draft_uploads WHERE document_path = $1 RETURNING path', [checked.path]);
    const drafts = await tx.query('DELETE FROM content_drafts WHERE path = $1 RETURNING path', [checked.path]);
    return uploads.length + drafts.length > 0;
  });
}

/**
 * After a publish landed: the draft goes only if it still holds what was
 * published. An autosave that came in while the commit was being pushed is
 * newer work; it stays, rebased on the version just published (its base was
 * the one before), so its own publish is not taken for a conflict. Published
 * images leave the draft (they are on the branch now); unpublished ones stay
 * while the draft does.
 */
export async function settleDraft(
  filePath: string,
  { published, from, to, uploads }: { published: string; from: string | null; to: string; uploads: string[] },
): Promise<'cleared' | 'kept'> {
  const checked = checkPath(filePath);
  if ('error' in checked) return 'kept';
  return transaction(async (tx) => {
    if (uploads.length)
      await tx.query('DELETE FROM content_draft_uploads WHERE document_path = $1 AND path = ANY($2)', [checked.path, uploads]);
    const cleared = await tx.query('DELETE FROM content_drafts WHERE path = $1 AND text = $2 RETURNING path', [checked.path, published]);
    if (cleared.length) {
      await tx.query('DELETE FROM content_draft_uploads WHERE document_path = $1', [checked.path]);
      return 'cleared';
    }
    await tx.query('UPDATE content_drafts SET base_blob_id = $2 WHERE path = $1 AND base_blob_id IS NOT DISTINCT FROM $3', [
      checked.path,
      to,
      from,
    ]);
    return 'kept';
  });
}

/**
 * What publishing a draft commits: the file as drafted, on the version it
 * was opened from, and its new images (new files: one that exists on the
 * branch meanwhile is a conflict, never overwritten). The route sends it to
 * publish(), then discards the draft once it is published or unchanged.
 */
export function draftPublishRequest(
  draft: Pick<Draft, 'path' | 'text' | 'baseBlobId'>,
  uploads: Pick<DraftUpload, 'path' | 'bytes'>[],
  message: string,
): PublishRequest {
  return {
    files: [
      { path: draft.path, content: draft.text, baseBlobId: draft.baseBlobId },
      ...uploads.map((upload) => ({ path: upload.path, content: upload.bytes, baseBlobId: null })),
    ],
    message,
  };
}
