import { expect } from 'vitest';
import type { PublishConfig } from '~/editing/git/publish-config.server';
import { blobIdOf, openFile, publish, type OpenedFile, type PublishResult } from '~/editing/git/publish.server';

/**
 * Each of `paths` is refused, whichever way the site publishes: publishing a
 * well-formed file there is "invalid", and opening it "cannot be edited".
 * The file's text is valid YAML, so only the path can be the reason.
 */
export async function expectPathsRefused(paths: readonly string[], config: PublishConfig): Promise<void> {
  for (const bad of paths) {
    const result = await publish({ files: [{ path: bad, content: 'x: 1\n', baseBlobId: null }], message: 'Edit' }, config);
    expect(result.status, bad).toBe('invalid');
    await expect(openFile(bad, config), bad).rejects.toThrow(/cannot be edited/);
  }
}

/** The designer's edit of content/site.yml ("name: Mine"), published over the version she `opened`. */
export function publishMySiteEdit(opened: OpenedFile | null, config: PublishConfig, message = 'Edit'): Promise<PublishResult> {
  return publish({ files: [{ path: 'content/site.yml', content: 'name: Mine\n', baseBlobId: opened!.blobId }], message }, config);
}

/** The answer to an edit of `path` that someone else changed to `theirs` meanwhile: their version, to compare with. */
export function conflictWith(path: string, theirs: string): PublishResult {
  return { status: 'conflict', path, theirs: { blobId: blobIdOf(Buffer.from(theirs)), text: theirs } };
}
