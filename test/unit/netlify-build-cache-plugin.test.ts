import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/data/content';

/**
 * The local build plugin that keeps the build's caches between Netlify
 * builds. Netlify's build cannot run here, so its `utils.cache` is a stand-in
 * that records the calls; netlify.toml must register the plugin.
 */
describe('netlify/plugins/build-cache', () => {
  it('restores the app cache and the image variants before the build, and saves them after', async () => {
    const calls: string[] = [];
    const utils = {
      cache: {
        restore: async (where: string) => (calls.push(`restore ${where}`), true),
        save: async (where: string) => (calls.push(`save ${where}`), true),
      },
    };
    const plugin = (await import('../../netlify/plugins/build-cache/index.js')) as {
      onPreBuild: (a: unknown) => Promise<void>;
      onPostBuild: (a: unknown) => Promise<void>;
    };
    await plugin.onPreBuild({ utils });
    await plugin.onPostBuild({ utils });
    expect(calls).toEqual(['restore .cache/build', 'restore public/generated', 'save .cache/build', 'save public/generated']);
  });

  it('is registered in netlify.toml', () => {
    expect(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8')).toMatch(
      /\[\[plugins\]\]\s*\n\s*package = "\.\/netlify\/plugins\/build-cache"/,
    );
  });
});
