import { checkEdits, type CheckProblem } from '~/editing/content-check/call.server';
import { slugOf, type DocumentKind } from '~/editing/documents/kinds';
import { draftUploads, settleDraft } from './drafts.server';
import { openDocument } from '~/editing/documents/compose.server';
import { diffHunks, type Hunk } from '~/editing/documents/line-diff';
import { openForEditing } from './open.server';
import { replacedImages } from './replaced-images.server';
import { defaultMessage } from '~/editing/git/publish-config.server';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { blobIdOf, publish } from '~/editing/git/publish.server';
import type { GoLive } from '~/editing/going-live/live-now.server';

/**
 * One publish from the editor: the file and the images uploaded for it that
 * its text still uses (less a replaced photo or card image nothing uses any more), checked by the build's own content checks first, then
 * one commit. The draft goes only once the commit has landed (or there was
 * nothing to publish); a conflict, an invalid edit or a failure keep it.
 */

export type ContentProblem = CheckProblem;

export type SaveResult =
  | { status: 'published'; commit: string; pushed: boolean; warning?: string; live: LiveNote }
  | { status: 'unchanged' }
  | { status: 'conflict'; path: string; theirs: string | null; mine: string; hunks: Hunk[] }
  | { status: 'invalid'; reason: string; problems: ContentProblem[] }
  | { status: 'failed'; reason: string }
  | { status: 'read-only'; reason: string };

/** When and where the change shows. */
export type LiveNote = { when: string; href: string | null };

type PublishDocument = { path: string; kind: DocumentKind; text: string; baseBlobId: string | null; message: string; requestUrl: string };

export async function publishDocument({ path, kind, text, baseBlobId, message }: PublishDocument): Promise<SaveResult> {
  const config = await resolvePublishConfig();
  if (config.mode === 'read-only') return { status: 'read-only', reason: config.reason };
  // Only the uploads the text still uses: an image inserted and then removed again is not committed.
  const uploads = (await draftUploads(path)).filter((upload) => text.includes(upload.path.slice(upload.path.lastIndexOf('/') + 1)));
  // A photo or card image replaced: the old file goes in the same commit when nothing uses it any more.
  const opened = baseBlobId ? await openForEditing(path, config) : null;
  const before = opened?.status === 'opened' && opened.blobId === baseBlobId ? opened.text : null;
  const deleted = await replacedImages({ path, kind, before, after: text }, config);
  const check = await checkEdits([
    { path, bytes: Buffer.from(text) },
    ...uploads.map((upload) => ({ path: upload.path, bytes: upload.bytes })),
    ...deleted.map((file) => ({ path: file.path, bytes: null })),
  ]);
  if (!check.ok) {
    if ('unavailable' in check) return { status: 'failed', reason: check.unavailable };
    return {
      status: 'invalid',
      reason: 'The build would refuse this edit, so it was not published. Nothing is lost: your draft is kept.',
      problems: check.problems,
    };
  }
  const { data } = openDocument(kind, text);
  const title =
    kind === 'site' ? 'site details' : kind === 'resume' ? 'resume' : String((data as { title?: unknown }).title ?? slugOf(path));
  const result = await publish(
    {
      files: [
        { path, content: text, baseBlobId },
        ...uploads.map((upload) => ({ path: upload.path, content: upload.bytes, baseBlobId: null })),
      ],
      ...(deleted.length ? { deleted } : {}),
      message: message || defaultMessage(title),
    },
    config,
  );
  switch (result.status) {
    case 'published':
    case 'unchanged':
      await settleDraft(path, {
        published: text,
        from: baseBlobId,
        to: blobIdOf(Buffer.from(text)),
        uploads: uploads.map((upload) => upload.path),
      });
      return result.status === 'published' ? { ...result, live: liveNote(kind, path, data, result.live) } : result;
    case 'conflict':
      return {
        status: 'conflict',
        path: result.path,
        theirs: result.theirs.text,
        mine: text,
        hunks: diffHunks(result.theirs.text ?? '', text, { context: 2 }),
      };
    case 'invalid':
      return { status: 'invalid', reason: result.reason, problems: [] };
    default:
      return result;
  }
}

function liveNote(kind: DocumentKind, path: string, data: unknown, live: GoLive | undefined): LiveNote {
  const status = (data as { status?: unknown }).status;
  const href = kind === 'resume' ? '/resume' : kind === 'case-study' && status === 'published' ? `/case-study/${slugOf(path)}` : '/';
  switch (live?.shown) {
    case 'now':
      return { when: 'It is live on your site now.', href };
    case 'after-build':
      return {
        when: `It is saved, but your site could not show it right away (${live.reason.replace(/\.$/, '')}). Publish again in a minute, or rebuild the site from the overview.`,
        href,
      };
    default:
      // npm run dev: the running server compiled the new content before this answer (local-content-refresh.server.ts).
      if (process.env.NODE_ENV === 'development')
        return { when: 'The file is written to content/: the dev server shows the change now.', href };
      return { when: 'It shows on your site after its next rebuild.', href };
  }
}
