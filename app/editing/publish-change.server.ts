import { checkEdits, type CheckProblem } from '~/editing/content-check/call.server';
import type { PublishConfig } from '~/editing/git/publish-config.server';
import { blobIdOf, publish, type PublishRequest, type PublishResult } from '~/editing/git/publish.server';
import { refreshLocalContent } from '~/editing/going-live/local-content-refresh.server';
import { goLive, type GoLive } from '~/editing/going-live/live-now.server';
import { discardDraft, settleDraft } from './drafts.server';

/**
 * One change published, whoever asks: the editor's Publish
 * (publish-document.server.ts), the list's move and delete, a restore from
 * the history. In this order, and only here:
 *
 * 1. the build's own content checks, on the branch plus the change
 *    (content-check/), so nothing the build would refuse is committed;
 * 2. one commit (git/), with the caller's config: resolved once for its
 *    request, never looked up again on the way;
 * 3. the commit made live: the live store under a production server
 *    (going-live/live-now.server.ts), or, under `npm run dev`, the running
 *    server's content refreshed once the files are in the checkout
 *    (going-live/local-content-refresh.server.ts);
 * 4. the draft settled, once the change has landed (or was already there).
 *
 * A change that is not checked, refused or not committed leaves the draft
 * as it was.
 */

export type ChangeResult =
  /** The check could not run (not configured, the function down): neither known good nor bad, so not published. */
  | { status: 'unchecked'; reason: string }
  /** The build would refuse it. */
  | { status: 'refused'; problems: CheckProblem[] }
  | Exclude<PublishResult, { status: 'published' }>
  /** `live` is absent outside a production server (go-live's own rule). */
  | (Extract<PublishResult, { status: 'published' }> & { live?: GoLive });

/**
 * What becomes of a draft once its change has landed: `settle` keeps newer
 * work typed meanwhile (drafts.server.ts, settleDraft), `discard` drops it.
 */
export type DraftAfter = { settle: { path: string; text: string; from: string | null; uploads: string[] } } | { discard: string };

export async function publishChange(request: PublishRequest, config: PublishConfig, draft?: DraftAfter): Promise<ChangeResult> {
  if (config.mode === 'read-only') return { status: 'failed', reason: config.reason };
  // A draft's images are read by the check from the database, where their uploads kept them: never one request of images.
  const fromDraft = new Set(draft && 'settle' in draft ? draft.settle.uploads : []);
  const check = await checkEdits([
    ...request.files.map((file) => ({ path: file.path, bytes: Buffer.from(file.content), fromDraft: fromDraft.has(file.path) })),
    ...(request.deleted ?? []).map((file) => ({ path: file.path, bytes: null })),
  ]);
  if (!check.ok)
    return 'unavailable' in check ? { status: 'unchecked', reason: check.unavailable } : { status: 'refused', problems: check.problems };
  const result = await publish(request, config, { checkoutWritten: refreshLocalContent });
  if (result.status !== 'published' && result.status !== 'unchanged') return result;
  // The commit is in git: now it goes live, without a build. Pushed or committed here, either way.
  const live = result.status === 'published' ? await goLive() : undefined;
  if (draft) await settle(draft);
  return result.status === 'published' && live ? { ...result, live } : result;
}

async function settle(draft: DraftAfter): Promise<void> {
  if ('discard' in draft) {
    await discardDraft(draft.discard);
    return;
  }
  const { path, text, from, uploads } = draft.settle;
  await settleDraft(path, { published: text, from, to: blobIdOf(Buffer.from(text)), uploads });
}
