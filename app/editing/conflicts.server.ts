import { conflictView, reapply } from '~/editing/documents/conflict.server';
import type { DocumentKind } from '~/editing/documents/kinds';
import type { PublishConfig } from '~/editing/git/publish-config.server';
import { readBlobs } from '~/editing/git/read.server';
import type { SaveResult } from './save-result';

/**
 * After a conflict (the page changed elsewhere since she opened it): what the
 * editor shows, and the safe way on, her changes re-applied to the published
 * version (documents/conflict.server.ts). Both need the version she opened,
 * read from git by the id her page holds.
 */

/** The text of the version she opened, or null (a new page, or a version that cannot be read: then all of hers counts as changed). */
async function versionOpened(blobId: string | null, config: PublishConfig): Promise<string | null> {
  if (!blobId) return null;
  const read = await readBlobs([blobId], config);
  return read.ok ? (read.value.get(blobId)?.toString('utf8') ?? null) : null;
}

type Versions = { kind: DocumentKind; baseBlobId: string | null; mine: string; theirs: string | null; config: PublishConfig };

export async function conflictResult({
  kind,
  baseBlobId,
  mine,
  theirs,
  config,
}: Versions): Promise<Extract<SaveResult, { status: 'conflict' }>> {
  const base = await versionOpened(baseBlobId, config);
  return { status: 'conflict', ...conflictView({ kind, base, mine, theirs }), deleted: theirs === null };
}

/** The published text with her changes on top, for her to review as a draft before she publishes it. */
export async function reapplyOnPublished({ kind, baseBlobId, mine, theirs, config }: Versions & { theirs: string }): Promise<string> {
  return reapply({ kind, base: await versionOpened(baseBlobId, config), mine, theirs });
}
