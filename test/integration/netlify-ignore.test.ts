import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_COMMIT_MARK, hasEditorMark, NEEDS_BUILD_KEY, withEditorMark, withoutEditorMark } from '~/editing/git/commit-mark';
import { publishConfig, type LocalPublishConfig } from '~/editing/git/publish-config.server';
import { openFile, publish } from '~/editing/git/publish.server';
import { commitAndPush, git, makeBareRepository } from '../helpers/start/git-remote';
import { ROOT } from '../helpers/data/content';

/**
 * Netlify's build `ignore` step on real commit ranges. The repository is
 * pushed to by the editor's own publish (local mode, with an upstream) and by
 * hand, like a developer; the script then runs as Netlify runs it, as a child
 * process in a clone of the pushed repository, with Netlify's variables.
 * That clone is blobless like Netlify's (--filter=blob:none) and has lost its
 * remote, so a script that needed an old file's contents would fail (and build).
 * Exit 0 cancels the build, 1 builds.
 */

const SCRIPT = path.join(ROOT, 'scripts/netlify-ignore.mjs');
const SEED = {
  'content/site.yml': 'name: Test Designer\n',
  'content/case-studies/alpha.mdx': '---\ntitle: Alpha\n---\n\nText.\n',
  'app/root.tsx': 'export default 1;\n',
};

let root: string;
let bare: string;
let work: string;
let config: LocalPublishConfig;
let counter = 0;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'netlify-ignore-'));
  bare = makeBareRepository(root, { files: SEED });
  git(bare, ['config', 'uploadpack.allowFilter', 'true']);
  work = path.join(root, 'work');
  git(root, ['clone', '--quiet', bare, work]);
  const local = publishConfig({ CONTENT_GIT_AUTHOR: 'Test Designer <designer@example.com>' }, work);
  if (local.mode !== 'local') throw new Error(`expected local mode: ${JSON.stringify(local)}`);
  config = local;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const head = () => git(work, ['rev-parse', 'HEAD']);

/** A publish from the editor: its real path, which commits and pushes to the upstream. */
async function editorPublish(file: string, content: string): Promise<string> {
  const opened = await openFile(file, config);
  const result = await publish(
    { files: [{ path: file, content, baseBlobId: opened?.blobId ?? null }], message: `Edit ${path.basename(file)}` },
    config,
  );
  if (result.status !== 'published' || !result.pushed) throw new Error(`publish failed: ${JSON.stringify(result)}`);
  return result.commit;
}

/** A commit made by hand (a developer, or the designer in GitHub's web editor), pushed. */
function handCommit(files: Record<string, string>, message: string): string {
  return commitAndPush(work, files, message);
}

/** A clone of what was pushed, as Netlify makes one: full history, no file contents but the checkout's. */
function netlifyClone(options: string[] = ['--filter=blob:none']): string {
  const dir = path.join(root, `netlify-${++counter}`);
  git(root, ['clone', '--quiet', ...options, pathToFileURL(bare).href, dir]);
  git(dir, ['remote', 'remove', 'origin']);
  return dir;
}

function runIgnore(env: Record<string, string | undefined>, cwd = netlifyClone(), PATH = process.env.PATH!) {
  const clean = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  const result = spawnSync(process.execPath, [SCRIPT], {
    cwd,
    env: { PATH, HOME: root, ...clean } as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = result.stdout.split('\n').filter(Boolean);
  // Netlify shows this in the deploy log: exactly one line that says why.
  expect(lines, `stdout: ${result.stdout}\nstderr: ${result.stderr}`).toHaveLength(1);
  expect(lines[0]).toMatch(/^netlify-ignore: (Building|Skipping the build): /);
  expect(result.stderr).toBe('');
  return { status: result.status, line: lines[0] };
}

const production = (cached: string | undefined, commit: string | undefined) => ({
  CONTEXT: 'production',
  CACHED_COMMIT_REF: cached,
  COMMIT_REF: commit,
});

describe('the editor’s mark', () => {
  it('is the same in the app and in the script (the script cannot import TypeScript before npm install)', async () => {
    const script = (await import(pathToFileURL(SCRIPT).href)) as { EDITOR_COMMIT_MARK: string };
    expect(script.EDITOR_COMMIT_MARK).toBe(EDITOR_COMMIT_MARK);
    expect((script as unknown as { NEEDS_BUILD_KEY: string }).NEEDS_BUILD_KEY).toBe(NEEDS_BUILD_KEY);
    expect(EDITOR_COMMIT_MARK).toBe('Published-with: portfolio editor');
  });

  it('is a trailer added once, and taken off again for the designer’s screens', () => {
    expect(withEditorMark('Edit Alpha')).toBe(`Edit Alpha\n\n${EDITOR_COMMIT_MARK}`);
    expect(withEditorMark(withEditorMark('Edit Alpha\n\nWhy.'))).toBe(`Edit Alpha\n\nWhy.\n\n${EDITOR_COMMIT_MARK}`);
    expect(withoutEditorMark(`Edit Alpha\n\n${EDITOR_COMMIT_MARK}\n`)).toBe('Edit Alpha');
    expect(withoutEditorMark('Edit Alpha\n\nSigned-off-by: Someone')).toBe('Edit Alpha\n\nSigned-off-by: Someone');
    expect(hasEditorMark(`Edit\n\n${EDITOR_COMMIT_MARK}\n`)).toBe(true);
    expect(hasEditorMark(`${EDITOR_COMMIT_MARK} was here\n\nEdit`)).toBe(false);
  });

  it('git reads it as a trailer on the editor’s commit', async () => {
    const commit = await editorPublish('content/site.yml', 'name: Trailer Check\n');
    expect(git(work, ['log', '-1', '--format=%(trailers:key=Published-with,valueonly)', commit])).toBe('portfolio editor');
  });

  it('netlify.toml runs the script as the ignore step, by a path that starts with ./', () => {
    const toml = parseToml(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8')) as { build: { ignore?: string } };
    expect(toml.build.ignore).toBe('node ./scripts/netlify-ignore.mjs');
  });
});

describe('production builds', () => {
  it('an editor publish skips the build; so do several in a row', async () => {
    const before = head();
    const one = await editorPublish('content/site.yml', 'name: One Publish\n');
    expect(runIgnore(production(before, one))).toEqual({
      status: 0,
      line: expect.stringContaining('the 1 new commit is an editor publish that changes only content/'),
    });
    const two = await editorPublish('content/case-studies/alpha.mdx', '---\ntitle: Alpha\n---\n\nNew text.\n');
    const three = await editorPublish('content/case-studies/new-one.mdx', '---\ntitle: New\n---\n\nA new one.\n');
    expect(three).not.toBe(two);
    expect(runIgnore(production(before, three))).toEqual({
      status: 0,
      line: expect.stringContaining('the 3 new commits are editor publishes'),
    });
  });

  it('an editor publish that takes an image out builds, so the deploy stops serving it; one that only adds an image skips', async () => {
    const before = head();
    const image = 'content/case-studies/alpha/old-photo.png';
    const added = await editorPublish(image, 'not really a PNG, only its place in the tree');
    expect(runIgnore(production(before, added))).toMatchObject({ status: 0 });
    const opened = await openFile(image, config);
    const result = await publish(
      { files: [], deleted: [{ path: image, baseBlobId: opened!.blobId }], message: 'Take the photo out' },
      config,
    );
    if (result.status !== 'published') throw new Error(`publish failed: ${JSON.stringify(result)}`);
    expect(runIgnore(production(added, result.commit))).toEqual({
      status: 1,
      line: expect.stringContaining(`removed ${image}, which the deployed site still serves`),
    });
    // Added and taken out again since the last build: the deployed site never had it, so there is nothing to drop.
    expect(runIgnore(production(before, result.commit))).toMatchObject({ status: 0 });
  });

  it('an editor publish that makes a case study private builds, so the deploy stops serving its images; her history shows her words only', async () => {
    const before = head();
    const file = 'content/case-studies/alpha.mdx';
    const opened = await openFile(file, config);
    const result = await publish(
      {
        files: [
          { path: file, content: '---\ntitle: Alpha\nvisibility: private\n---\n\nNow private.\n', baseBlobId: opened?.blobId ?? null },
        ],
        message: 'Make Alpha private',
        // What publishChange sets when the live content showed the case study in public (publish-change.server.ts).
        needsBuild: 'made alpha private; the deployed site serves its images until it is built again',
      },
      config,
    );
    if (result.status !== 'published') throw new Error(`publish failed: ${JSON.stringify(result)}`);
    expect(runIgnore(production(before, result.commit))).toEqual({
      status: 1,
      line: expect.stringContaining('made alpha private; the deployed site serves its images until it is built again'),
    });
    const message = git(work, ['log', '-1', '--format=%B', result.commit]);
    expect(hasEditorMark(message)).toBe(true);
    expect(withoutEditorMark(message)).toBe('Make Alpha private');
    // A later publish that only edits text does not make the range skip: the build is still owed.
    const later = await editorPublish('content/site.yml', 'name: After Private\n');
    expect(runIgnore(production(before, later))).toMatchObject({ status: 1 });
    expect(runIgnore(production(result.commit, later))).toMatchObject({ status: 0 });
  });

  it('a code commit builds', () => {
    const before = head();
    const code = handCommit({ 'app/root.tsx': 'export default 2;\n' }, 'Change the layout');
    expect(runIgnore(production(before, code))).toEqual({
      status: 1,
      line: expect.stringContaining(`commit ${code.slice(0, 7)} ("Change the layout") was not published from the editor`),
    });
  });

  it('a content commit made by hand (no mark) builds', () => {
    const before = head();
    const content = handCommit({ 'content/site.yml': 'name: By Hand\n' }, 'Fix a typo');
    expect(runIgnore(production(before, content))).toMatchObject({
      status: 1,
      line: expect.stringContaining('was not published from the editor'),
    });
  });

  it('a mixed range builds: editor publishes around a code commit, or around a hand-made content commit', async () => {
    let before = head();
    await editorPublish('content/site.yml', 'name: Mixed One\n');
    const code = handCommit({ 'app/root.tsx': 'export default 3;\n' }, 'Code between publishes');
    const last = await editorPublish('content/site.yml', 'name: Mixed Two\n');
    expect(runIgnore(production(before, last))).toEqual({ status: 1, line: expect.stringContaining(`commit ${code.slice(0, 7)}`) });

    before = head();
    await editorPublish('content/site.yml', 'name: Mixed Three\n');
    handCommit({ 'content/case-studies/alpha.mdx': '---\ntitle: Alpha\n---\n\nBy hand.\n' }, 'Edit Alpha by hand');
    const tip = await editorPublish('content/site.yml', 'name: Mixed Four\n');
    expect(runIgnore(production(before, tip))).toMatchObject({
      status: 1,
      line: expect.stringContaining('("Edit Alpha by hand") was not published from the editor'),
    });
  });

  it('a commit with the mark that changes a file outside content/ builds', () => {
    const before = head();
    const forged = handCommit(
      { 'app/root.tsx': 'export default 4;\n', 'content/site.yml': 'name: Forged\n' },
      `Edit site\n\n${EDITOR_COMMIT_MARK}`,
    );
    expect(runIgnore(production(before, forged))).toEqual({
      status: 1,
      line: 'netlify-ignore: Building: the new commits change files outside content/ (app/root.tsx).',
    });
  });

  it('a merge of editor publishes builds (the merge itself is nobody’s publish)', async () => {
    const before = head();
    git(work, ['checkout', '--quiet', '-b', 'side']);
    handCommit({ 'content/side.yml': 'x: 1\n' }, `Side\n\n${EDITOR_COMMIT_MARK}`);
    git(work, ['checkout', '--quiet', 'main']);
    await editorPublish('content/site.yml', 'name: Before Merge\n');
    git(work, ['merge', '--quiet', '--no-ff', '-m', 'Merge side', 'side']);
    git(work, ['push', '--quiet', 'origin', 'main']);
    expect(runIgnore(production(before, head()))).toMatchObject({
      status: 1,
      line: expect.stringContaining('("Merge side") was not published from the editor'),
    });
  });
});

describe('every doubt builds', () => {
  let before: string;
  let publishCommit: string;
  beforeAll(async () => {
    before = head();
    publishCommit = await editorPublish('content/site.yml', 'name: Doubts\n');
    // The control: this very range skips, so each case below builds because of its one difference.
    expect(runIgnore(production(before, publishCommit)).status).toBe(0);
  });

  it('a first build, or one without cache: CACHED_COMMIT_REF is COMMIT_REF', () => {
    expect(runIgnore(production(publishCommit, publishCommit))).toEqual({
      status: 1,
      line: expect.stringContaining('no earlier build to compare with (CACHED_COMMIT_REF is COMMIT_REF'),
    });
  });

  it('a missing or malformed ref', () => {
    expect(runIgnore(production(undefined, publishCommit))).toMatchObject({
      status: 1,
      line: expect.stringContaining('CACHED_COMMIT_REF is not set'),
    });
    expect(runIgnore(production('', publishCommit))).toMatchObject({ status: 1 });
    expect(runIgnore(production(before, undefined))).toMatchObject({ status: 1, line: expect.stringContaining('COMMIT_REF is not set') });
    expect(runIgnore(production('--output=/tmp/x', publishCommit))).toMatchObject({
      status: 1,
      line: expect.stringContaining('CACHED_COMMIT_REF is not a commit id'),
    });
    expect(runIgnore(production('HEAD~1', publishCommit))).toMatchObject({ status: 1 });
  });

  it('a last built commit this clone does not have (unknown, or beyond a shallow clone)', () => {
    expect(runIgnore(production('f'.repeat(40), publishCommit))).toMatchObject({
      status: 1,
      line: expect.stringContaining(`the last built commit ffffff`),
    });
    const shallow = netlifyClone(['--depth=1', '--no-local']);
    expect(git(shallow, ['rev-parse', '--is-shallow-repository'])).toBe('true');
    expect(runIgnore(production(before, publishCommit), shallow)).toEqual({
      status: 1,
      line: expect.stringContaining(`the last built commit ${before.slice(0, 7)} is not in this clone`),
    });
  });

  it('a last built commit that is not an ancestor (another branch, or rewritten history)', () => {
    git(work, ['checkout', '--quiet', '-b', `elsewhere-${counter}`, before]);
    const elsewhere = handCommit({ 'content/other.yml': 'x: 2\n' }, `Elsewhere\n\n${EDITOR_COMMIT_MARK}`);
    git(work, ['push', '--quiet', 'origin', 'HEAD']);
    git(work, ['checkout', '--quiet', 'main']);
    expect(runIgnore(production(elsewhere, publishCommit))).toMatchObject({
      status: 1,
      line: expect.stringContaining('is not an ancestor'),
    });
  });

  it('git missing or failing', () => {
    expect(runIgnore(production(before, publishCommit), netlifyClone(), '/nonexistent')).toMatchObject({
      status: 1,
      line: expect.stringContaining('could not tell whether the new commits are editor publishes'),
    });
    const notARepository = mkdtempSync(path.join(root, 'plain-'));
    expect(runIgnore(production(before, publishCommit), notARepository)).toMatchObject({ status: 1 });
  });

  it('deploy previews and branch deploys always build (they cost no credits; the live store is production’s)', () => {
    for (const CONTEXT of ['deploy-preview', 'branch-deploy']) {
      expect(runIgnore({ CONTEXT, CACHED_COMMIT_REF: before, COMMIT_REF: publishCommit })).toEqual({
        status: 1,
        line: expect.stringContaining(`this is a ${CONTEXT} build`),
      });
    }
    expect(runIgnore({ CACHED_COMMIT_REF: before, COMMIT_REF: publishCommit })).toMatchObject({
      status: 1,
      line: expect.stringContaining('CONTEXT is not set'),
    });
  });

  it('a build a build hook started (the owner’s "Rebuild the site")', () => {
    expect(
      runIgnore({
        ...production(before, publishCommit),
        INCOMING_HOOK_TITLE: 'Rebuild',
        INCOMING_HOOK_URL: 'https://api.netlify.com/build_hooks/x',
      }),
    ).toMatchObject({ status: 1, line: expect.stringContaining('a build hook asked') });
  });
});
