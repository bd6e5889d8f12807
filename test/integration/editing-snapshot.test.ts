import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishConfig, type RemotePublishConfig } from '~/editing/git/publish-config.server';
import { readSnapshot } from '~/editing/git/snapshot.server';
import { checkContent } from '../../pipeline/content/check';
import { CONTENT_DIR, ROOT } from '../helpers/data/content';
import { committedSiteFiles } from '../helpers/suite/editor-stack';
import {
  commitOnRemote,
  git,
  makeBareRepository,
  startGitRemote,
  TEST_TOKEN,
  type GitRemote,
  type SeedFiles,
} from '../helpers/start/git-remote';

/** The files a check starts from: the branch tip, in local mode (HEAD) and remote mode (a real smart-HTTP remote). */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SEED: SeedFiles = {
  'content/site.yml': 'name: Camila Navarro\n',
  'content/case-studies/a/shot.png': PNG,
  'public/images/profile.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  'app/root.tsx': 'export default 1;\n',
  'README.md': '# site\n',
};
const EXPECTED = ['content/case-studies/a/shot.png', 'content/site.yml', 'public/images/profile.svg'];

/** The bytes of every file under `dir`. */
function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'snapshot-test-'));
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await (await import('esbuild')).stop();
});

describe('local mode: HEAD, not the working tree', () => {
  it('reads the committed files under content/ and public/, byte for byte, and nothing uncommitted', async () => {
    const root = mkdtempSync(path.join(scratch, 'local-'));
    const checkout = path.join(root, 'checkout');
    git(root, ['clone', '--quiet', makeBareRepository(root, { files: SEED }), checkout]);
    // The developer's uncommitted work: not part of the commit a publish makes, so not part of the check.
    writeFileSync(path.join(checkout, 'content/site.yml'), 'name: Draft\n');
    writeFileSync(path.join(checkout, 'content/untracked.yml'), 'x: 1\n');
    symlinkSync('/etc/passwd', path.join(checkout, 'content/link.yml'));
    git(checkout, ['add', 'content/link.yml']);
    git(checkout, ['commit', '--quiet', '-m', 'A link']);

    const config = publishConfig({}, checkout);
    const snapshot = await readSnapshot(config);
    expect(snapshot.commit).toBe(git(checkout, ['rev-parse', 'HEAD']));
    expect([...snapshot.files.keys()].sort()).toEqual(EXPECTED);
    expect(snapshot.files.get('content/site.yml')!.toString()).toBe(SEED['content/site.yml']);
    expect(snapshot.files.get('content/case-studies/a/shot.png')!.equals(PNG)).toBe(true);
    expect([...(await readSnapshot(config, ['content/'])).files.keys()].sort()).toEqual(EXPECTED.slice(0, 2));
  });

  it('refuses in read-only mode with the configuration’s own sentence', async () => {
    const config = publishConfig({ NETLIFY: 'true' }, ROOT);
    await expect(readSnapshot(config)).rejects.toThrow(/CONTENT_GIT_URL/);
  });
});

describe('remote mode: the branch in the publish cache', () => {
  let remote: GitRemote & { root: string };
  /** Remote mode on `target` (the file's remote unless told), with a cache folder of its own. */
  const configFor = (token = TEST_TOKEN, target: GitRemote = remote): RemotePublishConfig => {
    const config = publishConfig({
      CONTENT_GIT_URL: target.url,
      CONTENT_GIT_TOKEN: token,
      CONTENT_GIT_CACHE_DIR: mkdtempSync(path.join(scratch, 'cache-')),
    });
    if (config.mode !== 'remote') throw new Error(JSON.stringify(config));
    return config;
  };

  beforeAll(async () => {
    // The content under test and the public images, so the snapshot can be checked for real.
    const seed: SeedFiles = { 'app/root.tsx': 'export default 1;\n', ...committedSiteFiles() };
    remote = await startGitRemote({ files: seed });
  });
  afterAll(async () => remote?.close());

  it('reads the tip, follows new commits, and the build’s check passes on it', async () => {
    const config = configFor();
    let started = performance.now();
    const cold = await readSnapshot(config);
    const coldMs = performance.now() - started;
    expect(cold.commit).toBe(remote.git('rev-parse', 'main'));
    expect(cold.files.has('app/root.tsx')).toBe(false);
    expect(cold.files.get('content/site.yml')!.equals(readFileSync(path.join(CONTENT_DIR, 'site.yml')))).toBe(true);
    expect(await checkContent({ files: cold.files, changes: [] })).toEqual({ ok: true });

    const commit = commitOnRemote(remote, { 'content/case-studies/office-depot/extra.png': PNG });
    started = performance.now();
    const warm = await readSnapshot(config);
    const warmMs = performance.now() - started;
    expect(warm.commit).toBe(commit);
    expect(warm.files.get('content/case-studies/office-depot/extra.png')!.equals(PNG)).toBe(true);
    console.info(
      `remote snapshot (${cold.files.size} files): first ${Math.round(coldMs)} ms (shallow clone), then ${Math.round(warmMs)} ms (fetch)`,
    );
  });

  it('a warm cache fetches only what is new: once 16 photos of 1 MB are in it, a sentence changed beside them brings kilobytes, not the photos again', async () => {
    const heavy = await startGitRemote({ files: { 'content/site.yml': 'name: Camila Navarro\n' } });
    try {
      const config = configFor(TEST_TOKEN, heavy);
      const cacheDir = config.cacheDir;
      expect((await readSnapshot(config)).files.size).toBe(1);
      // The photos come once, after the clone: as when she publishes a story with them.
      const photos: SeedFiles = {};
      for (let i = 0; i < 16; i++) photos[`content/case-studies/a/photo-${i}.jpg`] = randomBytes(1_000_000);
      commitOnRemote(heavy, photos);
      expect((await readSnapshot(config)).files.size).toBe(17);
      const withPhotos = folderBytes(path.join(cacheDir, '.git'));
      expect(withPhotos).toBeGreaterThan(16_000_000);
      for (const name of ['Camila', 'Camila N.']) {
        const commit = commitOnRemote(heavy, { 'content/site.yml': `name: ${name}\n` });
        const warm = await readSnapshot(config);
        expect(warm.commit).toBe(commit);
        expect(warm.files.get('content/site.yml')!.toString()).toBe(`name: ${name}\n`);
        expect(warm.files.get('content/case-studies/a/photo-15.jpg')!.equals(photos['content/case-studies/a/photo-15.jpg'] as Buffer)).toBe(
          true,
        );
      }
      // Nothing changed: nothing comes.
      await readSnapshot(config);
      expect(folderBytes(path.join(cacheDir, '.git')) - withPhotos).toBeLessThan(200_000);
    } finally {
      await heavy.close();
    }
  });

  it('a branch rewritten by a force push, with no commit in common: the next read has its tip; a fetch out of time leaves no cache behind', async () => {
    const rewritten = await startGitRemote({ files: { 'content/site.yml': 'name: Before\n' } });
    try {
      const config = configFor(TEST_TOKEN, rewritten);
      const cacheDir = config.cacheDir;
      await readSnapshot(config);
      const work = mkdtempSync(path.join(scratch, 'rewrite-'));
      git(work, ['clone', '--quiet', rewritten.bareDir, '.']);
      git(work, ['checkout', '--quiet', '--orphan', 'fresh']);
      git(work, ['rm', '-r', '--quiet', '--cached', '.']);
      writeFileSync(path.join(work, 'content/site.yml'), 'name: After\n');
      git(work, ['add', 'content/site.yml']);
      git(work, ['commit', '--quiet', '-m', 'History rewritten']);
      git(work, ['push', '--quiet', '--force', 'origin', 'fresh:main']);
      const after = await readSnapshot(config);
      expect(after.commit).toBe(rewritten.git('rev-parse', 'main'));
      expect(after.files.get('content/site.yml')!.toString()).toBe('name: After\n');
      expect(after.parents).toEqual([]);

      // No time at all for the fetch: it fails in a sentence, and the folder is gone, so the next read clones afresh.
      commitOnRemote(rewritten, { 'content/site.yml': 'name: Later\n' });
      await expect(readSnapshot({ ...config, budgetMs: 0 })).rejects.toThrow();
      expect(existsSync(cacheDir)).toBe(false);
      expect((await readSnapshot(config)).files.get('content/site.yml')!.toString()).toBe('name: Later\n');
    } finally {
      await rewritten.close();
    }
  });

  it('says what is wrong with the token, and never shows it', async () => {
    const error = await readSnapshot(configFor('ghp_wrongTOKEN')).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/refused the token: it is wrong or has expired/);
    expect((error as Error).message).not.toContain('ghp_wrongTOKEN');
  });
});

// A folder the branch does not have is simply empty.
it('reads an empty snapshot from a branch without public/', async () => {
  const root = mkdtempSync(path.join(scratch, 'bare-'));
  const checkout = path.join(root, 'checkout');
  git(root, ['clone', '--quiet', makeBareRepository(root, { files: { 'content/site.yml': 'a: 1\n' } }), checkout]);
  mkdirSync(path.join(checkout, 'public'));
  const { files } = await readSnapshot(publishConfig({}, checkout));
  expect([...files.keys()]).toEqual(['content/site.yml']);
});
