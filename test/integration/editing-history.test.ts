import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_COMMIT_MARK } from '~/editing/git/commit-mark';
import { diffHunks, formatUnified } from '~/editing/documents/line-diff';
import { dayOf, fileAt, fileHistory, lastChanges, listFiles, restoreRequest } from '~/editing/git/read.server';
import { publishConfig, type PublishConfig } from '~/editing/git/publish-config.server';
import { publish } from '~/editing/git/publish.server';
import { git, startGitRemote, TEST_TOKEN, type GitRemote, remoteModeEnv } from '../helpers/start/git-remote';
import { at, must } from '../helpers/must';

/**
 * The history of a file, in both modes, against real git: a repository whose
 * case study changed three times (by two people), with 60 unrelated commits
 * in between so that remote mode must fetch further back than its depth-1
 * cache. What the editor lists must be what `git log -- <file>` lists.
 */

const STUDY = 'content/case-studies/alpha.mdx';
const version = (n: number) => `---\ntitle: Alpha ${n}\n---\n\n## Problem\n\nLine one.\nVersion ${n}.\n`;
const ANA = { GIT_AUTHOR_NAME: 'Ana Designer', GIT_AUTHOR_EMAIL: 'ana@example.com' };
const BEN = { GIT_AUTHOR_NAME: 'Ben Dev', GIT_AUTHOR_EMAIL: 'ben@example.com' };

let root: string;
let source: string;
let clock = Date.UTC(2026, 0, 1) / 1000;

function commit(files: Record<string, string>, message: string, who: Record<string, string> = BEN): string {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
    writeFileSync(path.join(source, file), content);
  }
  clock += 3600;
  const when = `${clock} +0000`;
  git(source, ['add', '-A']);
  git(source, ['commit', '--quiet', '-m', message], undefined, { ...who, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when });
  return git(source, ['rev-parse', 'HEAD']);
}

const commits: string[] = [];

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'history-'));
  source = path.join(root, 'source');
  git(root, ['init', '--quiet', '--initial-branch=main', source]);
  commits.push(commit({ [STUDY]: version(1), 'content/site.yml': 'name: Camila\n', 'README.md': '# site\n' }, 'Add Alpha', ANA));
  commits.push(commit({ [STUDY]: version(2) }, 'Edit Alpha\n\nWith a body.'));
  for (let i = 0; i < 60; i++) commit({ 'notes.txt': `note ${i}\n` }, `Note ${i}`);
  commits.push(commit({ [STUDY]: version(3) }, 'Edit Alpha again', ANA));
  commit({ 'content/site.yml': 'name: Camila N.\n' }, 'Edit site details');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What git itself says: the source of truth the editor is compared with. */
function gitLog(file: string) {
  return git(source, ['log', '--format=%H %an', '--', file]).split('\n').filter(Boolean);
}

type Mode = {
  config: PublishConfig;
  remote?: GitRemote;
  branchHead: () => string;
  messageOf: (commit: string) => string;
  close: () => Promise<void>;
};

const MODES: [string, () => Promise<Mode>][] = [
  [
    'local mode (system git on the checkout)',
    async () => {
      const checkout = mkdtempSync(path.join(root, 'checkout-'));
      git(root, ['clone', '--quiet', source, checkout]);
      return {
        config: publishConfig({ CONTENT_GIT_AUTHOR: 'Camila Navarro <camila@example.com>' }, checkout),
        branchHead: () => git(checkout, ['rev-parse', 'HEAD']),
        messageOf: (commit) => git(checkout, ['log', '-1', '--format=%B', commit]),
        close: async () => {},
      };
    },
  ],
  [
    'remote mode (isomorphic-git on the publish cache, over smart HTTP)',
    async () => {
      const remote = await startGitRemote({ cloneFrom: source });
      const config = publishConfig({
        ...remoteModeEnv(remote, 'Camila Navarro <camila@example.com>'),
        CONTENT_GIT_CACHE_DIR: mkdtempSync(path.join(root, 'cache-')),
      });
      return {
        config,
        remote,
        branchHead: () => remote.git('rev-parse', 'main'),
        messageOf: (commit) => remote.git('log', '-1', '--format=%B', commit),
        close: () => remote.close(),
      };
    },
  ],
];

describe.each(MODES)('%s', (_name, start) => {
  let mode: Mode;
  beforeAll(async () => {
    mode = await start();
  });
  afterAll(() => mode?.close());

  it('lists the three commits that changed a file, newest first, with date, author and message, as git log does', async () => {
    const fetches = () => mode.remote?.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/git-upload-pack')).length ?? 0;
    const result = await fileHistory(STUDY, {}, mode.config);
    if (mode.remote) {
      // The clone (depth 1), then 50 and 100 commits further back: the first version is 62 commits down.
      expect(fetches()).toBe(3);
      await fileHistory(STUDY, {}, mode.config);
      // Warm: only the sync's fetch, nothing further back.
      expect(fetches()).toBe(4);
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.map((c) => `${c.commit} ${c.author}`)).toEqual(gitLog(STUDY));
    expect(result.value.map((c) => c.commit)).toEqual([...commits].reverse());
    expect(result.value[1]).toEqual({
      commit: commits[1],
      date: expect.stringMatching(/^2026-01-01T02:00:00\.000Z$/),
      author: 'Ben Dev',
      message: 'Edit Alpha\n\nWith a body.',
    });
    expect((await fileHistory(STUDY, { limit: 2 }, mode.config)).ok && (await fileHistory(STUDY, { limit: 2 }, mode.config))).toMatchObject(
      { value: [{ commit: commits[2] }, { commit: commits[1] }] },
    );
  });

  it('a file no commit touched has an empty history; a path outside content/ is refused with a sentence', async () => {
    expect(await fileHistory('content/case-studies/never.mdx', {}, mode.config)).toEqual({ ok: true, value: [] });
    expect(await fileHistory('app/root.tsx', {}, mode.config)).toEqual({
      ok: false,
      error: expect.stringContaining('only files under content/'),
    });
  });

  it('gives a file as each commit had it, and each commit’s diff', async () => {
    const texts = await Promise.all(commits.map((c) => fileAt(STUDY, c, mode.config)));
    expect(texts).toEqual([1, 2, 3].map((n) => ({ ok: true, value: version(n) })));
    expect(await fileAt('content/case-studies/never.mdx', at(commits, 0, 'a first commit'), mode.config)).toEqual({
      ok: true,
      value: null,
    });
    expect(await fileAt(STUDY, 'f'.repeat(40), mode.config)).toEqual({ ok: true, value: null });
    expect(await fileAt(STUDY, 'HEAD', mode.config)).toEqual({ ok: true, value: null });
    const diff = formatUnified(diffHunks(version(1), version(2)));
    expect(diff).toBe(
      '@@ -1,8 +1,8 @@\n ---\n-title: Alpha 1\n+title: Alpha 2\n ---\n \n ## Problem\n \n Line one.\n-Version 1.\n+Version 2.',
    );
  });

  it('lists the files at the tip with their blob ids, and the last change of each', async () => {
    const files = await listFiles('content/', mode.config);
    const expected = git(source, ['ls-tree', '-r', 'HEAD', '--', 'content/'])
      .split('\n')
      .map((line) => {
        const [meta, file] = line.split('\t');
        return { path: file, blobId: must(meta, 'a tree entry').split(' ')[2] };
      });
    expect(files).toEqual({ ok: true, value: expected });
    const last = await lastChanges([STUDY, 'content/site.yml', 'content/case-studies/never.mdx'], mode.config);
    expect(last.ok).toBe(true);
    if (!last.ok) return;
    expect([...last.value.keys()]).toEqual([STUDY, 'content/site.yml']);
    expect(last.value.get(STUDY)).toMatchObject({ commit: commits[2], author: 'Ana Designer', message: 'Edit Alpha again' });
    expect(last.value.get('content/site.yml')!.message).toBe('Edit site details');
  });

  it('restoring a version is a new commit with the old text, on top of the branch', async () => {
    const first = at(commits, 0, 'a first commit');
    const before = mode.branchHead();
    const request = await restoreRequest(STUDY, first, mode.config);
    // Named by the day of the version, as the history lists it; never by its id.
    const listed = await fileHistory(STUDY, {}, mode.config);
    const firstDate = must(listed.ok ? listed.value.find((entry) => entry.commit === first)?.date : undefined, 'the first version’s date');
    const restored = `Restore Alpha 1 to its version of ${dayOf(firstDate)}`;
    expect(restored).toMatch(/ of \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(request).toEqual({
      ok: true,
      value: {
        files: [{ path: STUDY, content: version(1), baseBlobId: git(source, ['rev-parse', `HEAD:${STUDY}`]) }],
        message: restored,
      },
    });
    if (!request.ok) return;
    const published = await publish(request.value, mode.config);
    expect(published).toMatchObject({ status: 'published' });
    const head = mode.branchHead();
    expect(head).not.toBe(before);
    expect(published.status === 'published' && published.commit).toBe(head);
    const history = await fileHistory(STUDY, {}, mode.config);
    expect(history.ok && history.value.map((c) => c.commit)).toEqual([head, ...[...commits].reverse()]);
    // The commit carries the editor's mark for the build; the designer's history shows her words only.
    expect(mode.messageOf(head)).toBe(`${restored}\n\n${EDITOR_COMMIT_MARK}`);
    expect(history.ok && history.value[0]).toMatchObject({
      author: 'Camila Navarro',
      message: restored,
    });
    const last = await lastChanges([STUDY], mode.config);
    expect(last.ok && last.value.get(STUDY)!.message).toBe(restored);
    expect(await fileAt(STUDY, head, mode.config)).toEqual({ ok: true, value: version(1) });
    // A version the file never had is refused, not turned into a delete.
    expect(await restoreRequest('content/case-studies/never.mdx', first, mode.config)).toEqual({
      ok: false,
      error: 'This page did not exist yet in that version: there is nothing to restore from it.',
    });
  });
});

describe('remote mode: reading fails with a sentence', () => {
  it('a wrong token: said as refused, the token never in the message', async () => {
    const remote = await startGitRemote({ cloneFrom: source });
    try {
      const config = publishConfig({
        CONTENT_GIT_URL: remote.url,
        CONTENT_GIT_TOKEN: 'wrong-token-SECRET',
        CONTENT_GIT_CACHE_DIR: mkdtempSync(path.join(root, 'cache-')),
      });
      const result = await fileHistory(STUDY, {}, config);
      expect(result).toEqual({ ok: false, error: expect.stringContaining('refused the token: it is wrong or has expired') });
      expect(JSON.stringify(result)).not.toContain('wrong-token-SECRET');
    } finally {
      await remote.close();
    }
  });

  it('read-only: the reason to set the variables', async () => {
    const config = publishConfig({ NETLIFY: 'true' }, root);
    expect(await fileHistory(STUDY, {}, config)).toEqual({ ok: false, error: expect.stringContaining('CONTENT_GIT_URL') });
  });
});

describe('merges: listed as git log -- <file> lists them, in both modes', () => {
  let repo: string;
  const FILE = 'content/case-studies/merged.mdx';
  beforeAll(() => {
    repo = mkdtempSync(path.join(root, 'merges-'));
    let time = Date.UTC(2026, 1, 1) / 1000;
    const at = (cwd: string, args: string[], who = BEN) => {
      time += 600;
      return git(cwd, args, undefined, { ...who, GIT_AUTHOR_DATE: `${time} +0000`, GIT_COMMITTER_DATE: `${time} +0000` });
    };
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      writeFileSync(path.join(repo, file), text);
      git(repo, ['add', file]);
    };
    git(root, ['init', '--quiet', '--initial-branch=main', repo]);
    write(FILE, 'one\ntwo\nthree\n');
    at(repo, ['commit', '--quiet', '-m', 'Start']);
    // A branch that changes the file, merged with a merge commit, while main changes something else.
    git(repo, ['checkout', '--quiet', '-b', 'side']);
    write(FILE, 'one\nTWO\nthree\n');
    at(repo, ['commit', '--quiet', '-m', 'Side: change two'], ANA);
    git(repo, ['checkout', '--quiet', 'main']);
    write('content/site.yml', 'name: x\n');
    at(repo, ['commit', '--quiet', '-m', 'Main: site']);
    at(repo, ['merge', '--quiet', '--no-ff', '-m', 'Merge side', 'side']);
    // Both sides change the file; the merge takes both (it differs from each parent).
    git(repo, ['checkout', '--quiet', '-b', 'other']);
    write(FILE, 'zero\none\nTWO\nthree\n');
    at(repo, ['commit', '--quiet', '-m', 'Other: add zero'], ANA);
    git(repo, ['checkout', '--quiet', 'main']);
    write(FILE, 'one\nTWO\nthree\nfour\n');
    at(repo, ['commit', '--quiet', '-m', 'Main: add four']);
    at(repo, ['merge', '--quiet', '--no-ff', '-m', 'Merge other', 'other']);
  });

  it('the same commits as git log, newest first', async () => {
    const expected = git(repo, ['log', '--format=%s', '--', FILE]).split('\n');
    expect(expected).toEqual(['Merge other', 'Main: add four', 'Other: add zero', 'Side: change two', 'Start']);
    const local = await fileHistory(FILE, {}, publishConfig({}, repo));
    expect(local.ok && local.value.map((c) => c.message)).toEqual(expected);
    const remote = await startGitRemote({ cloneFrom: repo });
    try {
      const config = publishConfig({
        CONTENT_GIT_URL: remote.url,
        CONTENT_GIT_TOKEN: TEST_TOKEN,
        CONTENT_GIT_CACHE_DIR: mkdtempSync(path.join(root, 'cache-')),
      });
      const result = await fileHistory(FILE, {}, config);
      expect(result.ok && result.value.map((c) => c.message)).toEqual(expected);
      expect(result.ok && result.value.map((c) => c.commit)).toEqual(git(repo, ['log', '--format=%H', '--', FILE]).split('\n'));
    } finally {
      await remote.close();
    }
  });
});
