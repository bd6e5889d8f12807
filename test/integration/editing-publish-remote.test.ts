import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_COMMIT_MARK } from '~/editing/git/commit-mark';
import { publishConfig, type RemotePublishConfig } from '~/editing/git/publish-config.server';
import { blobIdOf, openFile, publish } from '~/editing/git/publish.server';
import { conflictWith, expectPathsRefused, publishMySiteEdit } from '../helpers/site/publish-checks';
import { commitOnRemote, startGitRemote, TEST_TOKEN, type GitRemote } from '../helpers/start/git-remote';
import { closedPort } from '../helpers/start/ports';
import { waitFor } from '../helpers/wait';

// A 1×1 PNG: the bytes must arrive exactly, not as text.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const SEED = {
  'content/site.yml': 'name: Camila Navarro\nrole: Designer\n',
  'content/case-studies/office-depot.mdx': '---\ntitle: Office Depot\n---\n\n## Problem\n\nText.\n',
  'README.md': '# site\n',
};

let remote: GitRemote & { root: string };
let caches: string;

function configFor(overrides: Partial<RemotePublishConfig> = {}): RemotePublishConfig {
  const config = publishConfig({
    CONTENT_GIT_URL: remote.url,
    CONTENT_GIT_TOKEN: TEST_TOKEN,
    CONTENT_GIT_AUTHOR: 'Camila Navarro <camila@example.com>',
    CONTENT_GIT_CACHE_DIR: mkdtempSync(path.join(caches, 'cache-')),
  });
  if (config.mode !== 'remote') throw new Error(`expected remote mode: ${JSON.stringify(config)}`);
  return { ...config, ...overrides };
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function headOf(): string {
  return remote.git('rev-parse', 'main');
}

function changedFiles(commit: string): string[] {
  return remote.git('diff-tree', '--no-commit-id', '--name-only', '-r', commit).split('\n').filter(Boolean);
}

beforeAll(() => {
  caches = mkdtempSync(path.join(os.tmpdir(), 'publish-caches-'));
});
afterAll(() => rmSync(caches, { recursive: true, force: true }));

beforeEach(async () => {
  remote = await startGitRemote({ files: SEED });
});
afterEach(async () => {
  await remote.close();
});

describe('remote mode: publishing is one commit pushed over smart HTTP', () => {
  it('publishes one changed file as exactly one commit with only that file, the author and the message', async () => {
    const config = configFor();
    const before = headOf();
    const opened = await openFile('content/site.yml', config);
    expect(opened).toEqual({ text: SEED['content/site.yml'], blobId: blobIdOf(Buffer.from(SEED['content/site.yml'])) });
    expect(opened!.blobId).toBe(remote.git('rev-parse', 'main:content/site.yml'));

    const result = await publish(
      {
        files: [{ path: 'content/site.yml', content: 'name: Camila Navarro\nrole: Lead Designer\n', baseBlobId: opened!.blobId }],
        message: 'Edit Site',
      },
      config,
    );

    expect(result).toEqual({ status: 'published', commit: expect.stringMatching(/^[0-9a-f]{40}$/), pushed: true });
    const after = headOf();
    expect(after).toBe((result as { commit: string }).commit);
    expect(remote.git('rev-list', '--count', `${before}..${after}`)).toBe('1');
    expect(remote.git('rev-parse', `${after}^`)).toBe(before);
    expect(changedFiles(after)).toEqual(['content/site.yml']);
    expect(remote.git('log', '-1', '--format=%an <%ae>|%cn <%ce>|%B', after)).toBe(
      `Camila Navarro <camila@example.com>|Camila Navarro <camila@example.com>|Edit Site\n\n${EDITOR_COMMIT_MARK}`,
    );
    expect(remote.git('show', `${after}:content/site.yml`)).toBe('name: Camila Navarro\nrole: Lead Designer');
    // Every other file is the same object as before.
    expect(remote.git('rev-parse', `${after}:content/case-studies`)).toBe(remote.git('rev-parse', `${before}:content/case-studies`));
    remote.git('fsck', '--strict', '--no-progress');
    // The cache keeps the URL in its config, never the token.
    expect(filesUnder(config.cacheDir).some((file) => readFileSync(file).includes(TEST_TOKEN))).toBe(false);
  });

  it('makes no commit when nothing changed', async () => {
    const config = configFor();
    const before = headOf();
    const opened = await openFile('content/site.yml', config);
    const result = await publish(
      { files: [{ path: 'content/site.yml', content: opened!.text, baseBlobId: opened!.blobId }], message: 'Edit Site' },
      config,
    );
    expect(result).toEqual({ status: 'unchanged' });
    expect(headOf()).toBe(before);
    expect(remote.requests.filter((r) => r.service === 'git-receive-pack' || r.path.endsWith('git-receive-pack'))).toEqual([]);
  });

  it('publishes a text file and a new PNG in one commit, the image byte for byte', async () => {
    const config = configFor();
    const before = headOf();
    const story = await openFile('content/case-studies/office-depot.mdx', config);
    const result = await publish(
      {
        files: [
          {
            path: 'content/case-studies/office-depot.mdx',
            content: `${story!.text}\n![A dot](./office-depot/dot.png)\n`,
            baseBlobId: story!.blobId,
          },
          { path: 'content/case-studies/office-depot/dot.png', content: PNG, baseBlobId: null },
        ],
        message: 'Edit Office Depot',
      },
      config,
    );
    expect(result.status).toBe('published');
    const after = headOf();
    expect(remote.git('rev-list', '--count', `${before}..${after}`)).toBe('1');
    expect(changedFiles(after).sort()).toEqual(['content/case-studies/office-depot.mdx', 'content/case-studies/office-depot/dot.png']);
    expect(remote.git('rev-parse', `${after}:content/case-studies/office-depot/dot.png`)).toBe(blobIdOf(PNG));
    expect(remote.git('cat-file', '-s', `${after}:content/case-studies/office-depot/dot.png`)).toBe(String(PNG.length));
    remote.git('fsck', '--strict', '--no-progress');
  });

  it('refuses a stale file as a conflict, with their version, and pushes nothing', async () => {
    const config = configFor();
    const opened = await openFile('content/site.yml', config);
    const theirs = 'name: Camila Navarro\nrole: Changed elsewhere\n';
    const elsewhere = commitOnRemote(remote, { 'content/site.yml': theirs });

    const result = await publishMySiteEdit(opened, config, 'Edit Site');

    expect(result).toEqual(conflictWith('content/site.yml', theirs));
    expect(headOf()).toBe(elsewhere);
    expect(remote.requests.some((r) => r.path.endsWith('git-receive-pack'))).toBe(false);
  });

  it('refuses a new file whose path now exists on the branch', async () => {
    const config = configFor();
    await openFile('content/site.yml', config); // warms the cache before the other commit
    const elsewhere = commitOnRemote(remote, { 'content/case-studies/new.mdx': 'theirs\n' });
    const result = await publish(
      { files: [{ path: 'content/case-studies/new.mdx', content: 'mine\n', baseBlobId: null }], message: 'Add New' },
      config,
    );
    expect(result).toMatchObject({ status: 'conflict', path: 'content/case-studies/new.mdx', theirs: { text: 'theirs\n' } });
    expect(headOf()).toBe(elsewhere);
  });

  it('deletes a file in its own commit, and refuses to delete one that changed', async () => {
    const config = configFor();
    const opened = await openFile('content/case-studies/office-depot.mdx', config);
    const result = await publish(
      {
        files: [],
        deleted: [{ path: 'content/case-studies/office-depot.mdx', baseBlobId: opened!.blobId }],
        message: 'Remove Office Depot',
      },
      config,
    );
    expect(result.status).toBe('published');
    expect(remote.git('ls-tree', '-r', '--name-only', 'main')).toBe('README.md\ncontent/site.yml');
    remote.git('fsck', '--strict', '--no-progress');

    const site = await openFile('content/site.yml', config);
    const elsewhere = commitOnRemote(remote, { 'content/site.yml': 'changed: yes\n' });
    const refused = await publish(
      { files: [], deleted: [{ path: 'content/site.yml', baseBlobId: site!.blobId }], message: 'Remove Site' },
      config,
    );
    expect(refused).toMatchObject({ status: 'conflict', path: 'content/site.yml', theirs: { text: 'changed: yes\n' } });
    expect(headOf()).toBe(elsewhere);
  });

  it('answers a wrong token in plain words (refused, and where to paste a new one), never the token, and nothing in the logs', async () => {
    const wrong = 'ghp_WRONGtoken_should_never_show_1234';
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method));
    const config = configFor({ token: wrong });
    const before = headOf();
    const result = await publish({ files: [{ path: 'content/site.yml', content: 'x\n', baseBlobId: null }], message: 'Edit Site' }, config);
    expect(result.status).toBe('failed');
    const reason = (result as { reason: string }).reason;
    expect(reason).toMatch(/refused the token: it is wrong or has expired/);
    expect(reason).toMatch(/paste it in Publishing/);
    expect(reason).not.toContain(wrong);
    expect(JSON.stringify(result)).not.toContain(Buffer.from(`x-access-token:${wrong}`).toString('base64'));
    const logged = spies.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' '))).join('\n');
    expect(logged).not.toContain(wrong);
    expect(spies.every((spy) => spy.mock.calls.length === 0)).toBe(true);
    expect(headOf()).toBe(before);
    await expect(openFile('content/site.yml', config)).rejects.toThrow(/refused the token/);
  });

  it('names the branch when it does not exist on the remote', async () => {
    const config = configFor({ branch: 'no-such-branch' });
    const result = await publish({ files: [{ path: 'content/site.yml', content: 'x\n', baseBlobId: null }], message: 'Edit Site' }, config);
    expect(result).toEqual({ status: 'failed', reason: expect.stringMatching(/no-such-branch/) });
  });

  it('fails quickly, with a message, when the remote is down', async () => {
    const port = await closedPort();
    const config = configFor({ url: `http://127.0.0.1:${port}/site.git` });
    const started = Date.now();
    const result = await publish({ files: [{ path: 'content/site.yml', content: 'x\n', baseBlobId: null }], message: 'Edit Site' }, config);
    expect(result).toEqual({ status: 'failed', reason: expect.stringMatching(/Could not reach 127\.0\.0\.1:\d+; nothing was published/) });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up on a remote that never answers, within the time limit, with a message', async () => {
    const config = configFor({ requestTimeoutMs: 300, budgetMs: 1_000 });
    remote.beforeRequest = () => new Promise(() => undefined);
    const started = Date.now();
    const result = await publish({ files: [{ path: 'content/site.yml', content: 'x\n', baseBlobId: null }], message: 'Edit Site' }, config);
    expect(result).toEqual({ status: 'failed', reason: expect.stringMatching(/did not answer in time; nothing was published/) });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('says a push that got no answer may have landed, and publishing the same draft again is then not a conflict', async () => {
    const config = configFor({ requestTimeoutMs: 1_500 });
    const opened = await openFile('content/site.yml', config);
    remote.beforeResponse = async (info) => {
      // git applies the push, but its answer is held past the client's limit.
      if (info.method === 'POST' && info.path.endsWith('git-receive-pack')) await new Promise((resolve) => setTimeout(resolve, 2_000));
    };
    const request = { files: [{ path: 'content/site.yml', content: 'name: Landed?\n', baseBlobId: opened!.blobId }], message: 'Edit Site' };
    const first = await publish(request, config);
    expect(first).toEqual({
      status: 'failed',
      reason: expect.stringMatching(/did not confirm in time that it took the change: it may still have gone through/),
    });
    remote.beforeResponse = null;
    await waitFor(() => remote.git('show', 'main:content/site.yml') === 'name: Landed?', {
      timeoutMs: 10_000,
      what: 'the held push to land',
    });
    const before = headOf();
    expect(await publish(request, config)).toEqual({ status: 'unchanged' });
    expect(headOf()).toBe(before);
  });

  it('re-checks and lands after a push rejected because the branch moved meanwhile', async () => {
    const config = configFor();
    const opened = await openFile('content/site.yml', config);
    let moved = '';
    remote.beforeRequest = (info) => {
      // The first push's POST: someone else's commit lands just before ours reaches git.
      if (!moved && info.method === 'POST' && info.path.endsWith('git-receive-pack')) {
        moved = commitOnRemote(remote, { 'content/other.yml': 'other: 1\n' });
      }
    };
    const result = await publishMySiteEdit(opened, config, 'Edit Site');
    expect(result).toEqual({ status: 'published', commit: expect.any(String), pushed: true });
    const commit = (result as { commit: string }).commit;
    expect(remote.git('rev-parse', `${commit}^`)).toBe(moved);
    expect(changedFiles(commit)).toEqual(['content/site.yml']);
    expect(remote.git('show', 'main:content/other.yml')).toBe('other: 1');
    remote.git('fsck', '--strict', '--no-progress');
  });

  it('two publishes at once from two instances on different files: both land, no commit lost', async () => {
    const [one, two] = [configFor(), configFor()];
    const before = headOf();
    const [site, story] = await Promise.all([openFile('content/site.yml', one), openFile('content/case-studies/office-depot.mdx', two)]);
    const results = await Promise.all([
      publish({ files: [{ path: 'content/site.yml', content: 'name: One\n', baseBlobId: site!.blobId }], message: 'Edit Site' }, one),
      publish(
        {
          files: [{ path: 'content/case-studies/office-depot.mdx', content: 'two\n', baseBlobId: story!.blobId }],
          message: 'Edit Office Depot',
        },
        two,
      ),
    ]);
    const published = results.filter((r) => r.status === 'published');
    // Each either landed or was told cleanly why not; whatever landed is on main.
    for (const result of results) {
      expect(['published', 'failed']).toContain(result.status);
      if (result.status === 'failed') expect(result.reason).toMatch(/kept changing/);
    }
    expect(published.length).toBeGreaterThanOrEqual(1);
    expect(remote.git('rev-list', '--count', `${before}..main`)).toBe(String(published.length));
    for (const result of published)
      expect(remote.git('merge-base', '--is-ancestor', (result as { commit: string }).commit, 'main')).toBe('');
    remote.git('fsck', '--strict', '--no-progress');
  });

  it('two publishes of the same file at once: one lands, the other is a conflict', async () => {
    const [one, two] = [configFor(), configFor()];
    const [a, b] = await Promise.all([openFile('content/site.yml', one), openFile('content/site.yml', two)]);
    const results = await Promise.all([
      publish({ files: [{ path: 'content/site.yml', content: 'name: One\n', baseBlobId: a!.blobId }], message: 'Edit One' }, one),
      publish({ files: [{ path: 'content/site.yml', content: 'name: Two\n', baseBlobId: b!.blobId }], message: 'Edit Two' }, two),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[1]).toBe('published');
    expect(['conflict', 'failed']).toContain(statuses[0]);
    const winner = results.find((r) => r.status === 'published') as { commit: string };
    expect(headOf()).toBe(winner.commit);
  });

  it('refuses paths outside content/ before touching the remote', async () => {
    const config = configFor();
    await expectPathsRefused(
      [
        '../etc/passwd',
        '/etc/passwd',
        'content/../package.json',
        'Content/site.yml',
        'content/SITE.yml',
        'content/.git/config',
        'app/root.tsx',
        'content\\site.yml',
        'content//site.yml',
      ],
      config,
    );
    expect(remote.requests).toEqual([]);
  });
});
