import path from 'node:path';
import { resolveCurrentVersion } from '~/content/current-content.server';
import { checkEdits, type CheckProblem } from '~/editing/content-check/call.server';
import { exposedPublishSentence, UNCHECKED_PUBLISH_SENTENCE } from '~/editing/connection/visibility';
import { repositoryVisibility } from '~/editing/connection/visibility.server';
import { openDocument } from '~/editing/documents/compose.server';
import { documentKind } from '~/editing/documents/kinds';
import type { PublishConfig } from '~/editing/git/publish-config.server';
import { blobIdOf, publish, type PublishRequest, type PublishResult } from '~/editing/git/publish.server';
import { refreshLocalContent } from '~/editing/going-live/local-content-refresh.server';
import { goLive, type GoLive } from '~/editing/going-live/live-now.server';
import { discardDraft, settleDraft } from './drafts/texts.server';

/**
 * One change published, whoever asks: the editor's Publish
 * (publish-document.server.ts), the list's move and delete, a restore from
 * the history. In this order, and only here:
 *
 * 0. a change that makes or keeps a private case study asks GitHub first
 *    whether the repository is public (connection/visibility.server.ts):
 *    if it is, or GitHub does not say, nothing is published;
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
  /** It holds private work, and the repository is public (or GitHub did not say): not published. */
  | { status: 'exposed'; reason: string }
  | Exclude<PublishResult, { status: 'published' }>
  /** `live` is absent outside a production server (go-live's own rule). */
  | (Extract<PublishResult, { status: 'published' }> & { live?: GoLive });

/**
 * What becomes of a draft once its change has landed: `settle` keeps newer
 * work typed meanwhile (drafts/texts.server.ts, settleDraft), `discard` drops it.
 */
export type DraftAfter = { settle: { path: string; text: string; from: string | null; uploads: string[] } } | { discard: string };

export async function publishChange(request: PublishRequest, config: PublishConfig, draft?: DraftAfter): Promise<ChangeResult> {
  if (config.mode === 'read-only') return { status: 'failed', reason: config.reason };
  if (request.files.some(isPrivateCaseStudy)) {
    const visibility = await repositoryVisibility(config);
    if (visibility.state === 'public') return { status: 'exposed', reason: exposedPublishSentence(visibility) };
    // A checkout or another host cannot be asked: the owner's screens say what to check there.
    if (visibility.state === 'unknown' && visibility.why === 'no-answer') return { status: 'exposed', reason: UNCHECKED_PUBLISH_SENTENCE };
  }
  // A draft's images are read by the check from the database, where their uploads kept them: never one request of images.
  const fromDraft = new Set(draft && 'settle' in draft ? draft.settle.uploads : []);
  const check = await checkEdits([
    ...request.files.map((file) => ({ path: file.path, bytes: Buffer.from(file.content), fromDraft: fromDraft.has(file.path) })),
    ...(request.deleted ?? []).map((file) => ({ path: file.path, bytes: null })),
  ]);
  if (!check.ok)
    return 'unavailable' in check ? { status: 'unchecked', reason: check.unavailable } : { status: 'refused', problems: check.problems };
  const result = await publish({ ...request, needsBuild: await madePrivateSentence(request) }, config, {
    checkoutWritten: refreshLocalContent,
  });
  if (result.status !== 'published' && result.status !== 'unchanged') return result;
  // The commit is in git: now it goes live, without a build. Pushed or committed here, either way.
  const live = result.status === 'published' ? await goLive() : undefined;
  if (draft) await settle(draft);
  return result.status === 'published' && live ? { ...result, live } : result;
}

/**
 * When the change makes a public case study private: why the deployed site
 * must be built again (a Needs-build trailer on the commit, which the ignore
 * step builds, scripts/netlify-ignore.mjs). Its story images are static files
 * of the deploy at public addresses until a build leaves them out; the live
 * content stops naming them at once. A case study that is new, or was private
 * already, has nothing in the deploy to take out, so it costs no build.
 */
async function madePrivateSentence(request: PublishRequest): Promise<string | undefined> {
  const privateNow = request.files.filter(isPrivateCaseStudy).map((file) => path.basename(file.path, '.mdx'));
  if (privateNow.length === 0) return undefined;
  let shown: { slug: string; private: boolean }[];
  try {
    shown = (await resolveCurrentVersion()).content.cards;
  } catch {
    // What the site shows is not known: building in doubt costs a deploy, skipping it would leave the images out there.
    return `made ${privateNow.join(', ')} private; the deployed site may serve its images until it is built again`;
  }
  const madePrivate = privateNow.filter((slug) => shown.some((card) => card.slug === slug && !card.private));
  if (madePrivate.length === 0) return undefined;
  return `made ${madePrivate.join(', ')} private; the deployed site serves its images until it is built again`;
}

/** A case study whose text, as it would be published, says `visibility: private`. */
function isPrivateCaseStudy(file: PublishRequest['files'][number]): boolean {
  if (documentKind(file.path) !== 'case-study') return false;
  const text = typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('utf8');
  const { data } = openDocument('case-study', text);
  return (data as { visibility?: unknown }).visibility === 'private';
}

async function settle(draft: DraftAfter): Promise<void> {
  if ('discard' in draft) {
    await discardDraft(draft.discard);
    return;
  }
  const { path, text, from, uploads } = draft.settle;
  await settleDraft(path, { published: text, from, to: blobIdOf(Buffer.from(text)), uploads });
}
