import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../pipeline/content/compile';
import { contentTexts, listContent } from '~/editing/content-list/catalog.server';
import { deleteRequest, moveRequest, newCaseStudy } from '~/editing/content-list/manage.server';
import { recentlyDeleted } from '~/editing/content-list/recently-deleted.server';
import { sampleLeftovers } from '~/editing/setup/sample-check.server';
import { publishConfig, type PublishConfig } from '~/editing/git/publish-config.server';
import { publish } from '~/editing/git/publish.server';
import { git, makeBareRepository, startGitRemote, TEST_TOKEN, type SeedFiles } from '../helpers/start/git-remote';
import { ROOT, SAMPLE_SITE_DIR } from '../helpers/data/content';

/**
 * The list page over a real repository holding this site's content/ and one
 * case study the build would refuse, in both modes; then the list's actions
 * published for real (delete, create, move): each is one commit with exactly
 * its files, and the build takes the result.
 */

const BROKEN = 'content/case-studies/broken.mdx';

function seedFiles(): SeedFiles {
  const files: SeedFiles = { [BROKEN]: '---\ntitle: Broken\norder: [\n---\n' };
  // The sample designer (test/fixtures/site), whose titles and files the tests below name.
  for (const entry of readdirSync(SAMPLE_SITE_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[`content/${path.relative(SAMPLE_SITE_DIR, file).split(path.sep).join('/')}`] = readFileSync(file);
  }
  return files;
}

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'catalog-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Mode = { config: PublishConfig; gitDir: string; close: () => Promise<void>; fetches?: () => number };
const AUTHOR = 'Camila Navarro <camila@example.com>';

const MODES: [string, () => Promise<Mode>][] = [
  [
    'local mode',
    async () => {
      const dir = mkdtempSync(path.join(root, 'local-'));
      const bare = makeBareRepository(dir, { files: seedFiles() });
      const checkout = path.join(dir, 'checkout');
      git(dir, ['clone', '--quiet', bare, checkout]);
      return {
        config: publishConfig({ CONTENT_GIT_AUTHOR: AUTHOR }, checkout),
        gitDir: path.join(checkout, '.git'),
        close: async () => {},
      };
    },
  ],
  [
    'remote mode',
    async () => {
      const remote = await startGitRemote({ files: seedFiles() });
      const config = publishConfig({
        CONTENT_GIT_URL: remote.url,
        CONTENT_GIT_TOKEN: TEST_TOKEN,
        CONTENT_GIT_AUTHOR: AUTHOR,
        CONTENT_GIT_CACHE_DIR: mkdtempSync(path.join(root, 'cache-')),
      });
      return {
        config,
        gitDir: remote.bareDir,
        close: () => remote.close(),
        fetches: () => remote.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/git-upload-pack')).length,
      };
    },
  ],
];

describe.each(MODES)('%s', (_name, start) => {
  let mode: Mode;
  const g = (...args: string[]) => git(root, ['--git-dir', mode.gitDir, ...args]);
  beforeAll(async () => {
    mode = await start();
  });
  afterAll(() => mode?.close());

  it('lists site details, resume, then case studies by order; a broken one last, with its problem', async () => {
    const listed = await listContent(mode.config);
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    const rows = listed.value;
    expect(rows.map((row) => [row.path, row.kind, row.order ?? null])).toEqual([
      ['site.yml', 'site', null],
      ['resume.mdx', 'resume', null],
      ['case-studies/office-depot.mdx', 'case-study', 1],
      ['case-studies/mobile-banking.mdx', 'case-study', 2],
      ['case-studies/analytics-dashboard.mdx', 'case-study', 3],
      ['case-studies/broken.mdx', 'case-study', null],
    ]);
    for (const row of rows) expect(row.blobId).toBe(g('rev-parse', `main:${row.contentPath}`));
    for (const row of rows) expect(row.lastChange).toMatchObject({ commit: g('rev-parse', 'main'), author: 'Other Dev', message: 'Seed' });
    expect(rows.slice(0, 5).every((row) => row.problem === undefined)).toBe(true);
    expect(rows[2]).toMatchObject({
      title: 'Office Depot Rewards App Redesign',
      status: 'published',
      visibility: 'public',
      image: './office-depot/card.svg',
    });
    expect(rows[2]?.assets).toHaveLength(readdirSync(path.join(SAMPLE_SITE_DIR, 'case-studies/office-depot')).length);
    expect(rows[3]).toMatchObject({ status: 'coming-soon', title: 'Mobile Banking UX' });
    expect(rows[3]).toBeDefined();
    expect(rows[3]?.visibility).toBeUndefined();
    expect(rows[5]).toMatchObject({
      title: 'broken',
      problem: expect.stringMatching(/^Its details are written in a way the site can’t read\. Open its history/),
    });
    if (mode.fetches) {
      // Warm, the whole list is one fetch from the git host.
      const before = mode.fetches();
      expect((await listContent(mode.config)).ok).toBe(true);
      expect(mode.fetches() - before).toBe(1);
    }
  });

  it('delete, create and move each publish one commit with exactly their files; the build takes the result', async () => {
    const list = async () => {
      const listed = await listContent(mode.config);
      if (!listed.ok) throw new Error(listed.error);
      return listed.value;
    };
    const changed = (commit: string) => g('diff-tree', '--no-commit-id', '--name-only', '-r', commit).split('\n').filter(Boolean).sort();

    const removal = deleteRequest(await list(), 'case-studies/broken.mdx');
    if (!removal.ok) throw new Error(removal.error);
    const deleted = await publish(removal.value, mode.config);
    expect(deleted).toMatchObject({ status: 'published' });
    expect(changed(g('rev-parse', 'main'))).toEqual([BROKEN]);

    const created = newCaseStudy('New Work', await list());
    if (!created.ok) throw new Error(created.error);
    expect(await publish(created.value.request, mode.config)).toMatchObject({ status: 'published' });
    // The case study and its placeholder card image, in its own folder.
    expect(changed(g('rev-parse', 'main'))).toEqual(['content/case-studies/new-work.mdx', 'content/case-studies/new-work/card.svg']);
    const afterCreate = await list();
    expect(afterCreate.at(-1)).toMatchObject({
      path: 'case-studies/new-work.mdx',
      order: 4,
      status: 'coming-soon',
      lastChange: { author: 'Camila Navarro', message: 'Add New Work' },
    });

    const texts = await contentTexts(afterCreate, mode.config);
    if (!texts.ok) throw new Error(texts.error);
    const move = moveRequest(afterCreate, texts.value, 'case-studies/new-work.mdx', 'up');
    if (!move.ok) throw new Error(move.error);
    expect(await publish(move.value, mode.config)).toMatchObject({ status: 'published' });
    const moveCommit = g('rev-parse', 'main');
    expect(changed(moveCommit)).toEqual(['content/case-studies/analytics-dashboard.mdx', 'content/case-studies/new-work.mdx']);
    const diff = g('show', '--format=', '-U0', moveCommit)
      .split('\n')
      .filter((line) => /^[-+][^-+]/.test(line));
    expect(diff).toEqual(['-order: 3', '+order: 4', '-order: 4', '+order: 3']);
    expect((await list()).slice(2).map((row) => row.path)).toEqual([
      'case-studies/office-depot.mdx',
      'case-studies/mobile-banking.mdx',
      'case-studies/new-work.mdx',
      'case-studies/analytics-dashboard.mdx',
    ]);

    // The build on a clone of the branch as it now is.
    const clone = mkdtempSync(path.join(root, 'clone-'));
    git(root, ['clone', '--quiet', mode.gitDir, clone]);
    const { content } = await compileSite(path.join(clone, 'content'), path.join(ROOT, 'public'), path.join(clone, 'private'));
    expect(content.cards.map((card) => card.slug)).toEqual(['office-depot', 'mobile-banking', 'new-work', 'analytics-dashboard']);
  });

  it('the list page after a move reads the sample check in one fetch and Recently deleted in two, whatever the folders and files', async () => {
    // After the test above: the sample's photos and four case studies' images are in folders of their own, and the
    // broken case study is deleted. The list page redrawn after a move waits on these reads, each a round trip to the git host.
    if (!mode.fetches) return;
    const fetches = mode.fetches;
    const listed = await listContent(mode.config);
    if (!listed.ok) throw new Error(listed.error);
    let before = fetches();
    const leftovers = await sampleLeftovers(listed.value, mode.config);
    expect(leftovers.ok).toBe(true);
    expect(fetches() - before).toBe(1);
    before = fetches();
    const deleted = await recentlyDeleted(listed.value, mode.config);
    if (!deleted.ok) throw new Error(deleted.error);
    expect(deleted.value.map((file) => [file.path, file.title])).toEqual([[BROKEN, 'broken']]);
    // One fetch for the history, one for the deleted files' texts (their titles, or, as here, a broken one's file name).
    expect(fetches() - before).toBe(2);
  });
});
