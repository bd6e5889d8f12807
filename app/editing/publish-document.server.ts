import { slugOf, type DocumentKind } from '~/editing/documents/kinds';
import { openDocument } from '~/editing/documents/compose.server';
import { defaultMessage, type PublishConfig } from '~/editing/git/publish-config.server';
import type { GoLive } from '~/editing/going-live/live-now.server';
import { conflictResult } from './conflicts.server';
import { draftUploads } from './drafts/images.server';
import type { Opened } from './open.server';
import { publishChange } from './publish-change.server';
import { replacedImages } from './replaced-images.server';
import type { LiveNote, SaveResult } from './save-result';

export type { ContentProblem, LiveNote, SaveResult } from './save-result';

/**
 * One publish from the editor: the file and the images uploaded for it that
 * its text still uses (less a replaced photo or card image nothing uses any
 * more), checked, committed and made live by publish-change.server.ts. The
 * draft goes only once the commit has landed (or there was nothing to
 * publish); a conflict, an invalid edit or a failure keep it.
 *
 * The route has opened the file and resolved the config for its request
 * already: both come in, so neither is read again here.
 */

type PublishDocument = {
  path: string;
  kind: DocumentKind;
  text: string;
  baseBlobId: string | null;
  message: string;
  requestUrl: string;
  /** The file as the route opened it for this request (openForEditing). */
  opened: Opened;
  config: PublishConfig;
};

export async function publishDocument({ path, kind, text, baseBlobId, message, opened, config }: PublishDocument): Promise<SaveResult> {
  if (config.mode === 'read-only') return { status: 'read-only', reason: config.reason };
  // Only the uploads the text still uses: an image inserted and then removed again is not committed.
  const uploads = (await draftUploads(path)).filter((upload) => text.includes(upload.path.slice(upload.path.lastIndexOf('/') + 1)));
  // A photo or card image replaced: the old file goes in the same commit when nothing uses it any more.
  const before = baseBlobId && opened.status === 'opened' && opened.blobId === baseBlobId ? opened.text : null;
  const deleted = await replacedImages({ path, kind, before, after: text }, config);
  const { data } = openDocument(kind, text);
  const title =
    kind === 'site' ? 'site details' : kind === 'resume' ? 'resume' : String((data as { title?: unknown }).title ?? slugOf(path));
  const result = await publishChange(
    {
      files: [
        { path, content: text, baseBlobId },
        ...uploads.map((upload) => ({ path: upload.path, content: upload.bytes, baseBlobId: null })),
      ],
      ...(deleted.length ? { deleted } : {}),
      message: message || defaultMessage(title),
    },
    config,
    { settle: { path, text, from: baseBlobId, uploads: uploads.map((upload) => upload.path) } },
  );
  switch (result.status) {
    case 'unchecked':
      return { status: 'failed', reason: result.reason };
    case 'exposed':
      return { status: 'failed', reason: result.reason, exposed: true };
    case 'refused':
      return {
        status: 'invalid',
        reason: 'The build would refuse this edit, so it was not published. Nothing is lost: your draft is kept.',
        problems: result.problems,
      };
    case 'published':
      return { ...result, live: liveNote(kind, path, data, result.live) };
    case 'conflict':
      // A new image whose name was taken on the branch meanwhile: the page itself may not have changed.
      if (result.path !== path) return { status: 'conflict', fields: [], story: [], deleted: false, image: true };
      return conflictResult({ kind, baseBlobId, mine: text, theirs: result.theirs.text, config });
    case 'invalid':
      return { status: 'invalid', reason: result.reason, problems: [] };
    default:
      return result;
  }
}

export function liveNote(kind: DocumentKind, path: string, data: unknown, live: GoLive | undefined): LiveNote {
  const status = (data as { status?: unknown }).status;
  const href =
    kind === 'resume'
      ? '/resume'
      : kind === 'page'
        ? `/${slugOf(path)}`
        : kind === 'case-study' && status === 'published'
          ? `/case-study/${slugOf(path)}`
          : '/';
  // A case study still "coming soon" has no page of its own yet: only its card on the home page shows it.
  const comingSoon = kind === 'case-study' && status !== 'published';
  switch (live?.shown) {
    case 'now':
      return comingSoon
        ? {
            when: 'Its card is on your home page now, as coming soon. Its own page opens once you set Status to Published.',
            href,
            linkText: 'Open the home page',
          }
        : { when: 'It is live on your site now.', href };
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
