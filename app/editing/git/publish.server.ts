import { checkContentPath } from '~/editing/documents/content-path.server';
import { type PublishConfig } from './publish-config.server';
import { openLocal, publishLocal, type CheckoutWritten } from './publish-local.server';
import { planChanges, type OpenedFile, type PublishRequest, type PublishResult } from './publish-plan.server';
import { openRemote, publishRemote } from './publish-remote.server';

export type { OpenedFile, PublishDeletion, PublishFile, PublishRequest, PublishResult, Theirs } from './publish-plan.server';
export type { CheckoutWritten } from './publish-local.server';
export { blobIdOf } from './publish-plan.server';

/**
 * Publishing is a git commit: one per publish, with only the files the
 * designer changed, never overwriting a version they did not see (each file
 * carries the blob id it was opened from). Two ways to land it, chosen by
 * publish-config.server.ts: a push over HTTPS (remote mode, Netlify) or a
 * commit in the developer's checkout (local mode). The config comes from
 * the caller, resolved once for its request; what comes before and after a
 * commit (the content check, going live) is the use case's
 * (app/editing/publish-change.server.ts).
 */

/** The file as the branch holds it now, with its blob id; null when it does not exist. Throws ContentPathError for a path outside content/. */
export async function openFile(path: string, config: PublishConfig): Promise<OpenedFile | null> {
  const checked = checkContentPath(path);
  if (config.mode === 'remote') return openRemote(config, checked);
  if (config.mode === 'local') return openLocal(config, checked);
  throw new Error(config.reason);
}

/** `checkoutWritten`: local mode only, run once the commit's files are in the checkout (publish-local.server.ts). */
export async function publish(
  request: PublishRequest,
  config: PublishConfig,
  { checkoutWritten }: { checkoutWritten?: CheckoutWritten } = {},
): Promise<PublishResult> {
  if (config.mode === 'read-only') return { status: 'failed', reason: config.reason };
  const plan = planChanges(request);
  if ('reason' in plan) return { status: 'invalid', reason: plan.reason };
  return config.mode === 'remote' ? publishRemote(config, plan) : publishLocal(config, plan, checkoutWritten);
}
