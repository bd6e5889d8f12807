import path from 'node:path';
import { query, transaction } from '~/db/connection.server';
import { oneRow } from '~/db/one-row.server';
import { pictureOnlyByType } from '~/editing/uploads/picture-only.server';
import { checkPath, type DraftResult } from './texts.server';

/**
 * The images uploaded while a document is edited, kept with its draft until
 * the publish that commits them (texts.server.ts drops them with the draft).
 * Read back with only their picture (uploads/picture-only.server.ts), so the
 * media route, the content check and the commit see the same clean bytes.
 */

export type DraftUpload = { path: string; documentPath: string; mediaType: string; bytes: Buffer; size: number; createdAt: Date };
export type DraftUploadSummary = Omit<DraftUpload, 'bytes'>;

/**
 * Per document, what its not-yet-published images may add up to. Each image
 * is at most 3 MB once made the size the site uses (uploads/fit-for-site),
 * so 20 of them at the worst, and many more as photos usually come out; a
 * publish commits them all in one (git/publish-plan.server.ts allows a
 * little more, for the document itself and a replaced image). Never one
 * request: each image came in its own upload, and the content check reads
 * them from here.
 */
export const MAX_DRAFT_UPLOAD_FILES = 50;
export const MAX_DRAFT_UPLOAD_BYTES = 60 * 1024 * 1024;

/** The site details hold two photos: their uploads are kept with its draft. */
const SITE_DOCUMENT = 'content/site.yml';
const MEDIA_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;

/** Where a document's images live: content/case-studies/<slug>.mdx → content/case-studies/<slug>/; the site's photos → content/images/. */
export function uploadFolderOf(documentPath: string): string {
  if (documentPath === SITE_DOCUMENT) return 'content/images/';
  const { dir, name } = path.posix.parse(documentPath);
  return `${dir}/${name}/`;
}

/**
 * Keeps an uploaded image for `documentPath` until it is published or
 * discarded. The bytes were checked by the upload layer (type, size, name);
 * here only where it goes and how much a document may hold. Saving the same
 * path again replaces it.
 */
export async function saveDraftUpload(
  documentPath: string,
  { path: filePath, bytes, mediaType }: { path: string; bytes: Buffer; mediaType: string },
): Promise<DraftResult<{ path: string; size: number }>> {
  const document = checkPath(documentPath);
  if ('error' in document) return { ok: false, error: document.error };
  if (!document.path.endsWith('.mdx') && document.path !== SITE_DOCUMENT)
    return { ok: false, error: 'This page takes no images: only the site details, a case study or the resume does.' };
  const upload = checkPath(filePath);
  if ('error' in upload) return { ok: false, error: upload.error };
  const folder = uploadFolderOf(document.path);
  if (!upload.path.startsWith(folder) || upload.path.slice(folder.length).includes('/')) {
    return { ok: false, error: 'That image belongs with another page: add it from the page it goes with.' };
  }
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) return { ok: false, error: 'The image is empty.' };
  if (typeof mediaType !== 'string' || !MEDIA_TYPE.test(mediaType)) return { ok: false, error: 'The image’s media type is missing.' };

  return transaction(async (tx) => {
    // One upload at a time per document, so two at once cannot both pass the limits.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`content-draft-uploads:${document.path}`]);
    const [owner] = await tx.query<{ document_path: string }>('SELECT document_path FROM content_draft_uploads WHERE path = $1', [
      upload.path,
    ]);
    if (owner && owner.document_path !== document.path) {
      return {
        ok: false as const,
        error: `An image named “${fileName(upload.path)}” is already in the draft of another page; choose another name.`,
      };
    }
    const held = oneRow(
      await tx.query<{ files: number; bytes: string | number }>(
        'SELECT count(*)::int AS files, coalesce(sum(size), 0)::bigint AS bytes FROM content_draft_uploads WHERE document_path = $1 AND path <> $2',
        [document.path, upload.path],
      ),
      'the images a draft holds',
    );
    if (Number(held.files) + 1 > MAX_DRAFT_UPLOAD_FILES) {
      return { ok: false as const, error: `A draft holds at most ${MAX_DRAFT_UPLOAD_FILES} new images; publish or remove some first.` };
    }
    if (Number(held.bytes) + bytes.length > MAX_DRAFT_UPLOAD_BYTES) {
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      return {
        ok: false as const,
        error: `The draft’s new images would add up to ${mb(Number(held.bytes) + bytes.length)} MB; at most ${MAX_DRAFT_UPLOAD_BYTES / 1024 / 1024} MB go in one publish. Publish the others first, or use a smaller image.`,
      };
    }
    await tx.query(
      `INSERT INTO content_draft_uploads (path, document_path, media_type, bytes, size) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (path) DO UPDATE SET media_type = excluded.media_type, bytes = excluded.bytes, size = excluded.size, created_at = now()`,
      [upload.path, document.path, mediaType, bytes, bytes.length],
    );
    return { ok: true as const, path: upload.path, size: bytes.length };
  });
}

type UploadRow = { path: string; document_path: string; media_type: string; bytes?: Buffer; size: number; created_at: Date };

/** A row with its bytes as a draft image: its picture only, whenever it was kept. */
function withBytes(row: UploadRow & { bytes: Buffer }): DraftUpload {
  const bytes = pictureOnlyByType(row.media_type, Buffer.from(row.bytes));
  return { ...toUpload(row), bytes, size: bytes.length };
}

function toUpload(row: UploadRow): DraftUploadSummary {
  return {
    path: row.path,
    documentPath: row.document_path,
    mediaType: row.media_type,
    size: Number(row.size),
    createdAt: new Date(row.created_at),
  };
}

/** A document's draft images with their bytes, oldest first: what its publish commits. */
export async function draftUploads(documentPath: string): Promise<DraftUpload[]> {
  const checked = checkPath(documentPath);
  if ('error' in checked) return [];
  const rows = await query<UploadRow & { bytes: Buffer }>(
    'SELECT path, document_path, media_type, bytes, size, created_at FROM content_draft_uploads WHERE document_path = $1 ORDER BY created_at, path',
    [checked.path],
  );
  return rows.map(withBytes);
}

/** One draft image by where it will live (the media route serves it before it is published). */
export async function draftUploadByPath(filePath: string): Promise<DraftUpload | null> {
  const checked = checkPath(filePath);
  if ('error' in checked) return null;
  const [row] = await query<UploadRow & { bytes: Buffer }>(
    'SELECT path, document_path, media_type, bytes, size, created_at FROM content_draft_uploads WHERE path = $1',
    [checked.path],
  );
  return row ? withBytes(row) : null;
}

/** Removes one draft image (the designer took it out again). True when it was there. */
export async function discardDraftUpload(filePath: string): Promise<boolean> {
  const checked = checkPath(filePath);
  if ('error' in checked) return false;
  return (await query('DELETE FROM content_draft_uploads WHERE path = $1 RETURNING path', [checked.path])).length === 1;
}

/** A file's own name, as she chose it: `content/case-studies/x/a.png` reads `a.png`. */
function fileName(filePath: string): string {
  return filePath.split('/').pop() ?? filePath;
}
