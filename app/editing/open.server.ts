import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type PublishConfig } from '~/editing/git/publish-config.server';
import { openFile } from '~/editing/git/publish.server';

/**
 * A file as the editor opens it. With publishing configured, from the branch
 * (the version a publish is checked against). Read-only (no repository to
 * publish to), from the files beside the server when there are any, so the
 * designer can still look; the page says what to set to edit.
 */

export type Opened =
  | { status: 'opened'; text: string; blobId: string }
  | { status: 'missing' }
  | { status: 'read-only'; text: string; reason: string }
  | { status: 'unreachable'; reason: string };

export async function openForEditing(contentPath: string, config: PublishConfig): Promise<Opened> {
  if (config.mode === 'read-only') {
    const text = await readFile(path.join(process.cwd(), contentPath), 'utf8').catch(() => null);
    return text === null ? { status: 'unreachable', reason: config.reason } : { status: 'read-only', text, reason: config.reason };
  }
  try {
    const opened = await openFile(contentPath, config);
    return opened ? { status: 'opened', ...opened } : { status: 'missing' };
  } catch (error) {
    return { status: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** fixHref: the owner's page where a read-only editor is made to publish (Publishing), when that is where it is fixed. */
export type ModeSummary = { mode: 'remote' | 'local' | 'read-only'; branch: string | null; reason: string | null; fixHref: string | null };

/** What the editor says about where a publish goes; never the URL's credentials or the token. */
export function modeSummary(config: PublishConfig): ModeSummary {
  if (config.mode === 'read-only') return { mode: 'read-only', branch: null, reason: config.reason, fixHref: config.fixHref ?? null };
  return { mode: config.mode, branch: config.mode === 'remote' ? config.branch : null, reason: null, fixHref: null };
}
