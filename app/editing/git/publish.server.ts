import { checkContentPath } from '~/editing/documents/content-path.server';
import { goLive } from '~/editing/going-live/live-now.server';
import { type PublishConfig } from './publish-config.server';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { openLocal, publishLocal } from './publish-local.server';
import { planChanges, type OpenedFile, type PublishRequest, type PublishResult } from './publish-plan.server';
import { openRemote, publishRemote } from './publish-remote.server';

export type { OpenedFile, PublishDeletion, PublishFile, PublishRequest, PublishResult, Theirs } from './publish-plan.server';
export { blobIdOf } from './publish-plan.server';

/**
 * Publishing is a git commit: one per publish, with only the files the
 * designer changed, never overwriting a version they did not see (each file
 * carries the blob id it was opened from). Two ways to land it, chosen by
 * publish-config.server.ts: a push over HTTPS (remote mode, Netlify) or a
 * commit in the developer's checkout (local mode). Then the commit is made
 * the site's live content, so visitors see it in seconds (going-live/live-now.server.ts).
 */

/** The file as the branch holds it now, with its blob id; null when it does not exist. Throws ContentPathError for a path outside content/. */
export async function openFile(path: string, config?: PublishConfig): Promise<OpenedFile | null> {
  config ??= await resolvePublishConfig();
  const checked = checkContentPath(path);
  if (config.mode === 'remote') return openRemote(config, checked);
  if (config.mode === 'local') return openLocal(config, checked);
  throw new Error(config.reason);
}

export async function publish(request: PublishRequest, config?: PublishConfig): Promise<PublishResult> {
  config ??= await resolvePublishConfig();
  if (config.mode === 'read-only') return { status: 'failed', reason: config.reason };
  const plan = planChanges(request);
  if ('reason' in plan) return { status: 'invalid', reason: plan.reason };
  const result = config.mode === 'remote' ? await publishRemote(config, plan) : await publishLocal(config, plan);
  // The commit is in git: now it goes live, without a build (going-live/live-now.server.ts). Pushed or committed here, either way.
  if (result.status !== 'published') return result;
  const live = await goLive();
  return live ? { ...result, live } : result;
}
