import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitOnRemote, git, gitAsync, startGitRemote, TEST_TOKEN, type GitRemote } from '../helpers/start/git-remote';

/** The test remote itself: the publishing tests are only as good as this server is faithful to a real host. */

let remote: GitRemote & { root: string };
let work: string;

beforeEach(async () => {
  remote = await startGitRemote({ files: { 'content/site.yml': 'name: x\n' } });
  work = mkdtempSync(path.join(os.tmpdir(), 'git-remote-test-'));
});
afterEach(async () => {
  await remote.close();
  rmSync(work, { recursive: true, force: true });
});

const withToken = (token: string) => remote.url.replace('http://', `http://x-access-token:${token}@`);

describe('the test git remote (git http-backend behind Basic auth)', () => {
  it('serves native git: clone, push, and a fetch whose gzip-compressed negotiation it decompresses', async () => {
    const clone = path.join(work, 'clone');
    await gitAsync(work, ['clone', '--quiet', withToken(TEST_TOKEN), clone]);
    // Enough local commits that the fetch's "have" lines pass 1 KB, which git sends gzip-compressed. They are
    // dated after the seed commit, so git offers them first and the negotiation needs a second, larger round.
    const later = Math.floor(Date.now() / 1000) + 3600;
    for (let i = 0; i < 40; i++) {
      writeFileSync(path.join(clone, `local-${i}.txt`), `${i}\n`);
      git(clone, ['add', '-A']);
      git(clone, ['commit', '--quiet', '-m', `local ${i}`], undefined, { GIT_COMMITTER_DATE: `@${later + i * 60} +0000` });
    }
    const theirs = commitOnRemote(remote, { 'content/other.yml': 'other: 1\n' });
    await gitAsync(clone, ['fetch', '--quiet', 'origin']);
    expect(git(clone, ['rev-parse', 'origin/main'])).toBe(theirs);
    expect(remote.requests.some((r) => r.gzip && r.path.endsWith('git-upload-pack'))).toBe(true);

    git(clone, ['reset', '--quiet', '--hard', 'origin/main']);
    writeFileSync(path.join(clone, 'pushed.txt'), 'pushed\n');
    git(clone, ['add', '-A']);
    git(clone, ['commit', '--quiet', '-m', 'pushed']);
    await gitAsync(clone, ['push', '--quiet', 'origin', 'main']);
    expect(remote.git('rev-parse', 'main')).toBe(git(clone, ['rev-parse', 'HEAD']));
    remote.git('fsck', '--strict', '--no-progress');
  });

  it('answers 401 without the right token, to native git as well', async () => {
    await expect(gitAsync(work, ['clone', '--quiet', withToken('wrong'), path.join(work, 'nope')])).rejects.toThrow(
      /Authentication failed|401/,
    );
    await expect(gitAsync(work, ['clone', '--quiet', remote.url, path.join(work, 'anonymous')])).rejects.toThrow();
  });
});
