import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem } from '~/editing/content-list/catalog.server';
import { recentlyDeleted, restoreDeletedRequest } from '~/editing/content-list/recently-deleted.server';
import { publishConfig, type PublishConfig } from '~/editing/git/publish-config.server';
import { publish } from '~/editing/git/publish.server';
import { git, remoteModeEnv, startGitRemote } from '../helpers/start/git-remote';

/**
 * Recently deleted, in both modes, against real git: which case studies (and pages of hers) a
 * commit deleted (one deleted 40 commits back, beyond remote mode's depth-1
 * cache; one deleted and made again, which is not listed), and the restore:
 * one new commit with the same bytes, the study's images with it.
 */

const ALPHA = 'content/case-studies/alpha.mdx';
const ALPHA_IMAGE = 'content/case-studies/alpha/cover.png';
const BETA = 'content/case-studies/beta.mdx';
const GAMMA = 'content/case-studies/gamma.mdx';
/** A page of her own, with its folder: deleted and restored like a case study. */
const TALKS = 'content/pages/talks.mdx';
const TALKS_IMAGE = 'content/pages/talks/stage.png';
const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10, 0x80]);
const study = (title: string) => `---\ntitle: ${title}\n---\n\n## The problem\n\n${title}.\n`;

let root: string;
let source: string;
let clock = Date.UTC(2026, 0, 1) / 1000;
const commits: Record<string, string> = {};

function commit(files: Record<string, string | Buffer>, removed: string[], message: string): string {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
    writeFileSync(path.join(source, file), content);
  }
  if (removed.length) git(source, ['rm', '--quiet', '-r', ...removed]);
  clock += 3600;
  const when = `${clock} +0000`;
  git(source, ['add', '-A']);
  git(source, ['commit', '--quiet', '-m', message], undefined, { GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when });
  return git(source, ['rev-parse', 'HEAD']);
}

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'recently-deleted-'));
  source = path.join(root, 'source');
  git(root, ['init', '--quiet', '--initial-branch=main', source]);
  commit(
    {
      [ALPHA]: study('Alpha'),
      [ALPHA_IMAGE]: IMAGE,
      [BETA]: study('Beta'),
      [GAMMA]: study('Gamma'),
      [TALKS]: study('Talks'),
      [TALKS_IMAGE]: IMAGE,
      'content/site.yml': 'name: A\n',
    },
    [],
    'Add',
  );
  commits.alpha = commit({}, [ALPHA, 'content/case-studies/alpha'], 'Delete Alpha');
  for (let i = 0; i < 40; i++) commit({ 'notes.txt': `note ${i}\n` }, [], `Note ${i}`);
  commits.gamma = commit({}, [GAMMA], 'Delete Gamma');
  commit({ [GAMMA]: study('Gamma again') }, [], 'Add Gamma again');
  commits.beta = commit({}, [BETA], 'Delete Beta');
  commits.talks = commit({}, [TALKS, 'content/pages/talks'], 'Delete Talks');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The list's items at the tip, as far as these functions read them: which case studies are there. */
const itemsNow = (paths: string[]) => paths.map((contentPath) => ({ contentPath }) as ContentItem);

/** `blobId`: git's id of the file's exact bytes at `ref`. */
type Mode = { config: PublishConfig; blobId: (ref: string, file: string) => string; head: () => string; close: () => Promise<void> };

const MODES: [string, () => Promise<Mode>][] = [
  [
    'local mode',
    async () => {
      const checkout = mkdtempSync(path.join(root, 'checkout-'));
      git(root, ['clone', '--quiet', source, checkout]);
      return {
        config: publishConfig({ CONTENT_GIT_AUTHOR: 'Dana Designer <dana@example.com>' }, checkout),
        blobId: (ref, file) => git(checkout, ['rev-parse', `${ref}:${file}`]),
        head: () => git(checkout, ['rev-parse', 'HEAD']),
        close: async () => {},
      };
    },
  ],
  [
    'remote mode',
    async () => {
      const remote = await startGitRemote({ cloneFrom: source });
      return {
        config: publishConfig({
          ...remoteModeEnv(remote, 'Dana Designer <dana@example.com>'),
          CONTENT_GIT_CACHE_DIR: mkdtempSync(path.join(root, 'cache-')),
        }),
        blobId: (ref, file) => remote.git('rev-parse', `${ref}:${file}`).trim(),
        head: () => remote.git('rev-parse', 'main').trim(),
        close: () => remote.close(),
      };
    },
  ],
];

describe.each(MODES)('%s', (_name, start) => {
  let mode: Mode;
  beforeAll(() => start().then((started) => (mode = started)));
  afterAll(() => mode?.close());

  it('lists the deleted case studies not back, newest first, with title, commit and date', async () => {
    const listed = await recentlyDeleted(itemsNow([GAMMA]), mode.config);
    expect(listed).toEqual({
      ok: true,
      value: [
        { path: TALKS, title: 'Talks', commit: commits.talks, date: expect.stringMatching(/^2026-01-0/) },
        { path: BETA, title: 'Beta', commit: commits.beta, date: expect.stringMatching(/^2026-01-0/) },
        { path: ALPHA, title: 'Alpha', commit: commits.alpha, date: '2026-01-01T02:00:00.000Z' },
      ],
    });
  });

  it('a restore is one commit that writes back the study and its images, byte for byte', async () => {
    const before = mode.head();
    const planned = await restoreDeletedRequest(ALPHA, commits.alpha!, itemsNow([GAMMA]), mode.config);
    if (!planned.ok) throw new Error(planned.error);
    expect(planned.value.message).toBe('Restore Alpha');
    expect(planned.value.files.map((file) => file.path).sort()).toEqual([ALPHA_IMAGE, ALPHA].sort());
    const result = await publish(planned.value, mode.config);
    if (result.status !== 'published') throw new Error(JSON.stringify(result));
    expect(mode.head()).toBe(result.commit);
    for (const file of [ALPHA, ALPHA_IMAGE]) expect(mode.blobId(result.commit, file)).toBe(mode.blobId(`${commits.alpha}^`, file));
    expect(before).not.toBe(result.commit);
    const listed = await recentlyDeleted(itemsNow([GAMMA, ALPHA]), mode.config);
    expect(listed.ok && listed.value.map((item) => item.path)).toEqual([TALKS, BETA]);
  });

  it('a page of hers comes back the same way, with its folder', async () => {
    const planned = await restoreDeletedRequest(TALKS, commits.talks!, itemsNow([GAMMA, ALPHA]), mode.config);
    if (!planned.ok) throw new Error(planned.error);
    expect(planned.value.message).toBe('Restore Talks');
    expect(planned.value.files.map((file) => file.path).sort()).toEqual([TALKS_IMAGE, TALKS].sort());
    const result = await publish(planned.value, mode.config);
    if (result.status !== 'published') throw new Error(JSON.stringify(result));
    for (const file of [TALKS, TALKS_IMAGE]) expect(mode.blobId(result.commit, file)).toBe(mode.blobId(`${commits.talks}^`, file));
  });

  it('refuses a commit that deleted something else, or a study that is back, with a sentence', async () => {
    expect(await restoreDeletedRequest(BETA, commits.alpha!, itemsNow([GAMMA]), mode.config)).toEqual({
      ok: false,
      error: expect.stringMatching(/not in the history/),
    });
    expect(await restoreDeletedRequest(GAMMA, commits.gamma!, itemsNow([GAMMA]), mode.config)).toEqual({
      ok: false,
      error: expect.stringMatching(/already back/),
    });
  });
});
