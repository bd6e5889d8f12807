import { expect } from 'vitest';
import type { PublishConfig } from '~/editing/publish-config.server';
import { openFile, publish } from '~/editing/publish.server';

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
