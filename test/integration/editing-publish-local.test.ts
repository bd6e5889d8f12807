import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EDITOR_COMMIT_MARK } from '~/editing/git/commit-mark';
import { publishConfig, type LocalPublishConfig } from '~/editing/git/publish-config.server';
import { blobIdOf, openFile, publish } from '~/editing/git/publish.server';
import { conflictWith, expectPathsRefused, publishMySiteEdit } from '../helpers/site/publish-checks';
import { git, gitAsync, makeBareRepository, startGitRemote, TEST_TOKEN } from '../helpers/start/git-remote';
import { closedPort } from '../helpers/start/ports';

const SEED = {
  'content/site.yml': 'name: Camila Navarro\n',
  'content/resume.mdx': '---\nheadline: Designer\n---\n',
  'app/root.tsx': 'export default 1;\n',
};

let root: string;
let upstream: string;
let checkout: string;

function localConfig(): LocalPublishConfig {
  const config = publishConfig({ CONTENT_GIT_AUTHOR: 'Camila Navarro <camila@example.com>' }, checkout);
  if (config.mode !== 'local') throw new Error(`expected local mode: ${JSON.stringify(config)}`);
  return config;
}

const status = () => git(checkout, ['status', '--porcelain']);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'publish-local-'));
  upstream = makeBareRepository(root, { files: SEED });
  checkout = path.join(root, 'checkout');
  git(root, ['clone', '--quiet', upstream, checkout]);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('local mode: a commit in the developer checkout', () => {
  it('writes the file, commits only it, pushes to the upstream, and leaves the developer’s other work alone', async () => {
    // The developer's own work in progress: one file staged, one changed, one untracked.
    writeFileSync(path.join(checkout, 'app/root.tsx'), 'export default 2;\n');
    git(checkout, ['add', 'app/root.tsx']);
    writeFileSync(path.join(checkout, 'content/resume.mdx'), '---\nheadline: Draft\n---\n');
    writeFileSync(path.join(checkout, 'notes.txt'), 'mine\n');
    const statusBefore = status();

    const config = localConfig();
    const opened = await openFile('content/site.yml', config);
    expect(opened).toEqual({ text: SEED['content/site.yml'], blobId: git(checkout, ['rev-parse', 'HEAD:content/site.yml']) });
    const before = git(checkout, ['rev-parse', 'HEAD']);
    const result = await publish(
      { files: [{ path: 'content/site.yml', content: 'name: Camila N.\n', baseBlobId: opened!.blobId }], message: 'Edit Site' },
      config,
    );

    expect(result).toEqual({ status: 'published', commit: expect.stringMatching(/^[0-9a-f]{40}$/), pushed: true });
    const commit = (result as { commit: string }).commit;
    expect(git(checkout, ['rev-parse', 'HEAD'])).toBe(commit);
    expect(git(checkout, ['rev-parse', `${commit}^`])).toBe(before);
    expect(git(checkout, ['diff-tree', '--no-commit-id', '--name-only', '-r', commit])).toBe('content/site.yml');
    expect(git(checkout, ['log', '-1', '--format=%an <%ae>|%s', commit])).toBe('Camila Navarro <camila@example.com>|Edit Site');
    // The editor's mark, a git trailer, lets Netlify's ignore step skip the build of a commit already live.
    expect(git(checkout, ['log', '-1', '--format=%B', commit])).toBe(`Edit Site\n\n${EDITOR_COMMIT_MARK}`);
    expect(git(checkout, ['log', '-1', '--format=%(trailers:key=Published-with,valueonly)', commit])).toBe('portfolio editor');
    expect(readFileSync(path.join(checkout, 'content/site.yml'), 'utf8')).toBe('name: Camila N.\n');
    // Staged stays staged, changed stays unstaged, untracked stays untracked; the published file is clean.
    expect(status()).toBe(statusBefore);
    expect(git(checkout, ['diff', '--cached', '--name-only'])).toBe('app/root.tsx');
    expect(git(upstream, ['--git-dir', upstream, 'rev-parse', 'main'])).toBe(commit);
    git(checkout, ['fsck', '--no-progress']);
  });

  it('commits without pushing when the branch has no upstream', async () => {
    git(checkout, ['checkout', '--quiet', '-b', 'solo']);
    const config = localConfig();
    const opened = await openFile('content/site.yml', config);
    const result = await publish(
      { files: [{ path: 'content/site.yml', content: 'name: Solo\n', baseBlobId: opened!.blobId }], message: 'Edit Site' },
      config,
    );
    expect(result).toEqual({ status: 'published', commit: git(checkout, ['rev-parse', 'solo']), pushed: false });
    expect(status()).toBe('');
  });

  it('keeps the local commit and says so when the push fails', async () => {
    git(checkout, ['remote', 'set-url', 'origin', `http://127.0.0.1:${await closedPort()}/site.git`]);
    const config = localConfig();
    const opened = await openFile('content/site.yml', config);
    const result = await publish(
      { files: [{ path: 'content/site.yml', content: 'name: Offline\n', baseBlobId: opened!.blobId }], message: 'Edit Site' },
      config,
    );
    expect(result).toMatchObject({ status: 'published', pushed: false, warning: expect.stringMatching(/push to origin failed/) });
    expect(git(checkout, ['log', '-1', '--format=%s'])).toBe('Edit Site');
  });

  it('pushes over HTTPS-style smart HTTP with the developer’s own credentials, and never shows them', async () => {
    const remote = await startGitRemote({ files: SEED });
    try {
      const withCredentials = remote.url.replace('http://', `http://x-access-token:${TEST_TOKEN}@`);
      const clone = path.join(root, 'http-clone');
      await gitAsync(root, ['clone', '--quiet', withCredentials, clone]);
      checkout = clone;
      const config = localConfig();
      const opened = await openFile('content/site.yml', config);
      const result = await publish(
        { files: [{ path: 'content/site.yml', content: 'name: Over HTTP\n', baseBlobId: opened!.blobId }], message: 'Edit Site' },
        config,
      );
      expect(result).toMatchObject({ status: 'published', pushed: true });
      expect(remote.git('rev-parse', 'main')).toBe((result as { commit: string }).commit);

      // The same checkout with a wrong password in its remote URL: the commit stays, the message hides the credentials.
      git(clone, ['remote', 'set-url', 'origin', remote.url.replace('http://', 'http://x-access-token:wrong-secret@')]);
      const again = await publish(
        {
          files: [{ path: 'content/site.yml', content: 'name: Refused\n', baseBlobId: blobIdOf(Buffer.from('name: Over HTTP\n')) }],
          message: 'Edit Site',
        },
        config,
      );
      expect(again).toMatchObject({ status: 'published', pushed: false, warning: expect.stringMatching(/push to origin failed/) });
      expect(JSON.stringify(again)).not.toContain('wrong-secret');
      expect(remote.git('rev-parse', 'main')).toBe((result as { commit: string }).commit);
    } finally {
      await remote.close();
    }
  });

  it('makes no commit when nothing changed', async () => {
    const config = localConfig();
    const before = git(checkout, ['rev-parse', 'HEAD']);
    const opened = await openFile('content/site.yml', config);
    expect(
      await publish({ files: [{ path: 'content/site.yml', content: opened!.text, baseBlobId: opened!.blobId }], message: 'Edit' }, config),
    ).toEqual({ status: 'unchanged' });
    expect(git(checkout, ['rev-parse', 'HEAD'])).toBe(before);
  });

  it('is a conflict when the file changed since it was opened: committed, or only edited on disk', async () => {
    const config = localConfig();
    const opened = await openFile('content/site.yml', config);
    writeFileSync(path.join(checkout, 'content/site.yml'), 'name: Edited by the developer\n');
    const onDisk = await publishMySiteEdit(opened, config);
    expect(onDisk).toEqual(conflictWith('content/site.yml', 'name: Edited by the developer\n'));

    git(checkout, ['commit', '--quiet', '-am', 'Developer edit']);
    const head = git(checkout, ['rev-parse', 'HEAD']);
    const committed = await publishMySiteEdit(opened, config);
    expect(committed).toMatchObject({ status: 'conflict', path: 'content/site.yml' });
    expect(git(checkout, ['rev-parse', 'HEAD'])).toBe(head);
    expect(readFileSync(path.join(checkout, 'content/site.yml'), 'utf8')).toBe('name: Edited by the developer\n');
  });

  it('is a conflict for a new file whose path now exists', async () => {
    const config = localConfig();
    writeFileSync(path.join(checkout, 'content/new.yml'), 'theirs: 1\n');
    const result = await publish({ files: [{ path: 'content/new.yml', content: 'mine: 1\n', baseBlobId: null }], message: 'Add' }, config);
    expect(result).toMatchObject({ status: 'conflict', path: 'content/new.yml', theirs: { text: 'theirs: 1\n' } });
  });

  it('adds a new file in a new folder', async () => {
    const config = localConfig();
    const result = await publish(
      {
        files: [{ path: 'content/case-studies/new/pic.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), baseBlobId: null }],
        message: 'Add picture',
      },
      config,
    );
    expect(result.status).toBe('published');
    expect(git(checkout, ['ls-tree', '-r', '--name-only', 'HEAD', 'content/case-studies'])).toBe('content/case-studies/new/pic.png');
    expect(status()).toBe('');
  });

  it('refuses path tricks and symlinks, touching nothing', async () => {
    const config = localConfig();
    const outside = path.join(root, 'outside.yml');
    writeFileSync(outside, 'secret: 1\n');
    symlinkSync(outside, path.join(checkout, 'content/link.yml'));
    mkdirSync(path.join(root, 'elsewhere'));
    symlinkSync(path.join(root, 'elsewhere'), path.join(checkout, 'content/linked-dir'));
    const before = git(checkout, ['rev-parse', 'HEAD']);
    await expectPathsRefused(
      [
        'content/link.yml',
        'content/linked-dir/x.yml',
        '../outside.yml',
        'content/../app/root.tsx',
        path.join(checkout, 'content/site.yml'),
        'CONTENT/site.yml',
        'content/Site.yml',
        'content/.gitattributes',
        'content/site.yml/',
      ],
      config,
    );
    expect(git(checkout, ['rev-parse', 'HEAD'])).toBe(before);
    expect(readFileSync(outside, 'utf8')).toBe('secret: 1\n');
  });
});
