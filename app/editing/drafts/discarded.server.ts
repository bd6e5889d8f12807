import { query, transaction, type Transaction } from '~/db/connection.server';
import { checkContentPath, ContentPathError } from '~/editing/documents/content-path.server';

/**
 * "Discard draft" that can be undone for a while: the draft's row moves to
 * content_discarded_drafts, its images stay where they are, and Undo moves
 * it back. It is gone for good after UNDO_MINUTES, or as soon as the page
 * is edited again (saveDraft calls forgetDiscarded): then its images go too.
 */

export const UNDO_MINUTES = 10;

/** A transaction, or the pool's query for one statement. */
type Runs = Pick<Transaction, 'query'>;

const WITHIN = `discarded_at > now() - interval '${UNDO_MINUTES} minutes'`;

function pathOf(input: string): string | null {
  try {
    return checkContentPath(input);
  } catch (error) {
    if (error instanceof ContentPathError) return null;
    throw error;
  }
}

/**
 * Ends the discarded drafts `which` picks (SQL on content_discarded_drafts, `$1` free for it), with the images
 * they held: those uploaded before the discard (one uploaded since belongs to what she does next).
 */
async function forget(tx: Runs, which: string, params: unknown[] = []): Promise<void> {
  await tx.query(
    `WITH gone AS (DELETE FROM content_discarded_drafts WHERE ${which} RETURNING path, discarded_at)
     DELETE FROM content_draft_uploads u USING gone WHERE u.document_path = gone.path AND u.created_at <= gone.discarded_at`,
    params,
  );
}

const purgeExpired = (tx: Transaction) => forget(tx, `NOT (${WITHIN})`);

/** Discards the draft, keeping it for Undo. True when there was one. */
export async function discardDraftForUndo(filePath: string): Promise<boolean> {
  const path = pathOf(filePath);
  if (!path) return false;
  return transaction(async (tx) => {
    await purgeExpired(tx);
    const [draft] = await tx.query('DELETE FROM content_drafts WHERE path = $1 RETURNING text, base_blob_id, created_at', [path]);
    if (!draft) return false;
    await tx.query(
      `INSERT INTO content_discarded_drafts (path, text, base_blob_id, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (path) DO UPDATE SET text = excluded.text, base_blob_id = excluded.base_blob_id, created_at = excluded.created_at, discarded_at = now()`,
      [path, draft.text, draft.base_blob_id, draft.created_at],
    );
    return true;
  });
}

/** When the draft of `filePath` was discarded, while it can still be brought back. */
export async function discardedAt(filePath: string): Promise<Date | null> {
  const path = pathOf(filePath);
  if (!path) return null;
  const [row] = await query<{ discarded_at: Date }>(
    `SELECT discarded_at FROM content_discarded_drafts WHERE path = $1 AND ${WITHIN}
       AND NOT EXISTS (SELECT 1 FROM content_drafts d WHERE d.path = $1)`,
    [path],
  );
  return row ? new Date(row.discarded_at) : null;
}

/** Brings the discarded draft back, with its images. False when its time is up or the page was edited since. */
export async function undoDiscard(filePath: string): Promise<boolean> {
  const path = pathOf(filePath);
  if (!path) return false;
  return transaction(async (tx) => {
    const [kept] = await tx.query(
      `DELETE FROM content_discarded_drafts WHERE path = $1 AND ${WITHIN} RETURNING text, base_blob_id, created_at`,
      [path],
    );
    if (!kept) return false;
    const back = await tx.query(
      `INSERT INTO content_drafts (path, text, base_blob_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (path) DO NOTHING RETURNING path`,
      [path, kept.text, kept.base_blob_id, kept.created_at],
    );
    return back.length === 1;
  });
}

/** The page is edited again: a discarded draft of it can no longer come back, and its images go (with any whose time is up). */
export function forgetDiscarded(tx: Runs, path: string): Promise<void> {
  return forget(tx, `path = $1 OR NOT (${WITHIN})`, [path]);
}
