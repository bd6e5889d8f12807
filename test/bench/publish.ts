import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { publishConfig, type RemotePublishConfig } from '../../app/editing/git/publish-config.server';
import { blobIdOf, openFile, publish } from '../../app/editing/git/publish.server';
import { remoteModeEnv, startGitRemote } from '../helpers/start/git-remote';
import { median, ms } from './stats';

/**
 * Publish time against the local test remote (git http-backend behind the
 * tests' Node server, Basic auth), the remote being a bare clone of this
 * repository with its whole history, as the issue asks.
 *
 * - warm: a publish from an instance that has published before (the cache
 *   in /tmp holds the branch): fetch, check, commit, push. `runs` of them.
 * - cold: a first publish from a fresh instance (empty cache): a shallow
 *   clone of the branch first. `coldRuns` of them.
 *
 * Each publish changes content/site.yml (a comment line at its end), so every
 * one is a real commit pushed to the remote.
 *
 *   npx tsx test/bench/publish.ts            # prints the figures
 *   import { measurePublish } from './bench/publish'  # from test/bench/run.ts
 */

export type PublishBench = {
  warmMs: number[];
  coldMs: number[];
  medianWarmMs: number;
  medianColdMs: number;
  historyCommits: number;
  packBytes: number;
  /** HTTP requests a warm publish makes (each a round trip to the host; on GitHub that is what the time is made of). */
  requestsPerWarmPublish: number;
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILE = 'content/site.yml';

export async function measurePublish({
  runs = 9,
  coldRuns = 3,
  repository = ROOT,
}: { runs?: number; coldRuns?: number; repository?: string } = {}): Promise<PublishBench> {
  const remote = await startGitRemote({ cloneFrom: repository });
  const caches = mkdtempSync(path.join(os.tmpdir(), 'bench-publish-'));
  try {
    const branch = remote.git('symbolic-ref', '--short', 'HEAD');
    const historyCommits = Number(remote.git('rev-list', '--count', '--all'));
    const packBytes = Number(/size-pack: (\d+)/.exec(remote.git('count-objects', '-v'))?.[1] ?? 0) * 1024;
    const configFor = (name: string): RemotePublishConfig => {
      const config = publishConfig({
        ...remoteModeEnv(remote, 'Bench <bench@example.com>', branch),
        CONTENT_GIT_CACHE_DIR: path.join(caches, name),
      });
      if (config.mode !== 'remote') throw new Error(config.mode === 'read-only' ? config.reason : 'expected remote mode');
      return config;
    };

    let counter = 0;
    const publishOnce = async (config: RemotePublishConfig, base: { text: string; blobId: string }) => {
      const text = `${base.text.replace(/\n# bench \d+\n$/, '\n')}# bench ${++counter}\n`;
      const started = performance.now();
      const result = await publish(
        { files: [{ path: FILE, content: text, baseBlobId: base.blobId }], message: `Edit Site (bench ${counter})` },
        config,
      );
      const elapsed = performance.now() - started;
      if (result.status !== 'published') throw new Error(`bench publish ${counter}: ${JSON.stringify(result)}`);
      return { elapsed, next: { text, blobId: blobIdOf(Buffer.from(text)) } };
    };

    // Cold: each on an empty cache, as the first publish of a new function instance.
    const coldMs: number[] = [];
    for (let i = 0; i < coldRuns; i++) {
      const config = configFor(`cold-${i}`);
      const current = await openRemoteText(remote.git('show', `${branch}:${FILE}`));
      coldMs.push((await publishOnce(config, current)).elapsed);
    }

    // Warm: one instance, publishing again and again.
    const warm = configFor('warm');
    let current = (await openFile(FILE, warm))!;
    const warmMs: number[] = [];
    const requestsBefore = remote.requests.length;
    for (let i = 0; i < runs; i++) {
      const { elapsed, next } = await publishOnce(warm, current);
      warmMs.push(elapsed);
      current = next;
    }
    const requestsPerWarmPublish = (remote.requests.length - requestsBefore) / runs;
    remote.git('fsck', '--no-progress', '--connectivity-only');
    const landed = Number(remote.git('rev-list', '--count', `--author=bench@example.com`, branch));
    if (landed !== runs + coldRuns) throw new Error(`expected ${runs + coldRuns} bench commits on ${branch}, found ${landed}`);
    return {
      warmMs,
      coldMs,
      medianWarmMs: median(warmMs),
      medianColdMs: median(coldMs),
      historyCommits,
      packBytes,
      requestsPerWarmPublish,
    };
  } finally {
    rmSync(caches, { recursive: true, force: true });
    await remote.close();
  }
}

/** The text as `git show` prints it lost its last newline; the file's blob is what the branch holds. */
async function openRemoteText(shown: string): Promise<{ text: string; blobId: string }> {
  const text = `${shown}\n`;
  return { text, blobId: blobIdOf(Buffer.from(text)) };
}

export function renderPublishBench(result: PublishBench): string {
  return [
    `Publish to the local test remote (git http-backend, ${result.historyCommits} commits of history, ${(result.packBytes / 1024 / 1024).toFixed(1)} MB packed):`,
    `  warm (cache in /tmp): median ${ms(result.medianWarmMs)} over ${result.warmMs.length} (${result.warmMs.map(ms).join(', ')}), ${result.requestsPerWarmPublish} HTTP requests each`,
    `  cold (first publish of an instance, shallow clone): median ${ms(result.medianColdMs)} over ${result.coldMs.length} (${result.coldMs.map(ms).join(', ')})`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measurePublish();
  console.log(renderPublishBench(result));
}
