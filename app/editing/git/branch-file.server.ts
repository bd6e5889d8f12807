import fs from 'node:fs';
import { checkContentPath } from '~/editing/documents/content-path.server';
import { runGit } from './command.server';
import { type PublishConfig, type RemotePublishConfig } from './publish-config.server';
import { serialize } from './publish-plan.server';
import { blobAt, remoteOf, syncBranch } from './publish-remote.server';

/**
 * One file's bytes as the branch holds it, for the owner's media route (the
 * editor's image previews and the preview page). Remote mode reads the
 * publish cache as last fetched, and fetches only when that is more than a
 * minute old or the file is not there: a preview names a dozen images, and a
 * fetch per image would be a dozen round trips to the git host for files the
 * check fetched a moment before.
 */

const FRESH_MS = 60_000;
const lastSync = new Map<string, { at: number; tip: string }>();

/** `public/…` paths follow the same rules as `content/…` ones (checked as if under content/). */
function checkPath(repoPath: string): string {
  if (repoPath.startsWith('public/')) checkContentPath(`content/${repoPath.slice('public/'.length)}`);
  else checkContentPath(repoPath);
  return repoPath;
}

export async function readBranchFile(repoPath: string, config: PublishConfig): Promise<Buffer | null> {
  const checked = checkPath(repoPath);
  if (config.mode === 'local') {
    const shown = await runGit(config.root, ['cat-file', 'blob', `HEAD:${checked}`], { allowExit: [128] });
    return shown.exitCode === 0 ? shown.stdout : null;
  }
  if (config.mode === 'remote') return readRemote(config, checked);
  return null;
}

async function readRemote(config: RemotePublishConfig, repoPath: string): Promise<Buffer | null> {
  const remote = remoteOf(config);
  return serialize(config.cacheDir, async () => {
    const known = lastSync.get(config.cacheDir);
    if (known && Date.now() - known.at < FRESH_MS && fs.existsSync(config.cacheDir)) {
      const cached = await blobAt(remote, known.tip, repoPath).catch(() => null);
      if (cached) return cached.bytes;
    }
    const tip = await syncBranch(remote);
    lastSync.set(config.cacheDir, { at: Date.now(), tip });
    return (await blobAt(remote, tip, repoPath))?.bytes ?? null;
  });
}

/** For tests and a publish that moved the branch: forget when the cache was fetched. */
export function forgetBranchReads(): void {
  lastSync.clear();
}
