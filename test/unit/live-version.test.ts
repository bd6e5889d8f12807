import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changedTags, isRetiredImage, liveIsNewer, tagHashes, type VersionPointer } from '~/content/live-version';
import type { CompiledContent } from '~/content/schema';
import { rebuildIfImagesRetired, REBUILD_TITLE } from '~/editing/going-live/retired-deploy-images.server';
import type { RebuildSetting } from '~/editing/going-live/rebuild.server';
import { hiddenImages, MEMO_MS, type HiddenImagesRecord } from '../../netlify/edge-functions/hidden-images';

/**
 * Which version the site serves (a live one only over an older build), and
 * which cache tags a publish purges (only those whose piece changed).
 */

const pointer = (commit: string | null, ancestors: string[] = [], committedAt: string | null = null): VersionPointer => ({
  id: `v-${commit ?? 'none'}`,
  commit,
  committedAt,
  ancestors,
  renderedAt: '2026-11-26T00:00:00.000Z',
});

describe('liveIsNewer', () => {
  it('serves a live version over a build it contains', () => {
    expect(liveIsNewer(pointer('c3', ['c2', 'c1']), pointer('c1'))).toBe(true);
  });
  it('serves the build of the same commit (it has all of it, and any hand edit made since)', () => {
    expect(liveIsNewer(pointer('c3', ['c2']), pointer('c3', ['c2']))).toBe(false);
  });
  it('serves a newer build: a code push after the publish contains it', () => {
    expect(liveIsNewer(pointer('c3', ['c2']), pointer('c4', ['c3', 'c2']))).toBe(false);
  });
  it('without known ancestry, orders by commit time, and serves the build when that is unknown too', () => {
    expect(liveIsNewer(pointer('x', [], '2026-11-26T10:00:00Z'), pointer('y', [], '2026-11-26T09:00:00Z'))).toBe(true);
    expect(liveIsNewer(pointer('x', [], '2026-11-26T08:00:00Z'), pointer('y', [], '2026-11-26T09:00:00Z'))).toBe(false);
    expect(liveIsNewer(pointer('x'), pointer('y'))).toBe(false);
  });
  it('serves a live version over a build made outside git', () => {
    expect(liveIsNewer(pointer('c1'), pointer(null))).toBe(true);
  });
});

const content = (over: Partial<{ title: string; role: string; headline: string; name: string }> = {}) =>
  ({
    site: { name: over.name ?? 'Jordan Rivera' },
    cards: [{ slug: 'alpha', title: over.title ?? 'Alpha' }],
    caseStudies: {
      alpha: { slug: 'alpha', title: over.title ?? 'Alpha', role: over.role ?? 'Lead' },
      beta: { slug: 'beta', title: 'Beta' },
    },
    resume: { headline: over.headline ?? 'Designer' },
  }) as unknown as CompiledContent;

const pdf = (hash: string) => ({ '/resume.pdf': { hash, type: 'application/pdf' } });

describe('changedTags', () => {
  it('names only the pieces that changed', () => {
    expect(changedTags(tagHashes(content(), pdf('a')), tagHashes(content({ role: 'Principal' }), pdf('a')))).toEqual([
      'content-case-study-alpha',
    ]);
    expect(changedTags(tagHashes(content(), pdf('a')), tagHashes(content({ title: 'Alpha 2' }), pdf('a')))).toEqual([
      'content-cards',
      'content-case-study-alpha',
    ]);
    expect(changedTags(tagHashes(content(), pdf('a')), tagHashes(content({ headline: 'Lead designer' }), pdf('b')))).toEqual([
      'content-resume',
      'file-/resume.pdf',
    ]);
    expect(changedTags(tagHashes(content(), pdf('a')), tagHashes(content(), pdf('a')))).toEqual([]);
  });
  it('names a file or a case study that came or went, never a private file', () => {
    const before = tagHashes(content(), pdf('a'));
    const after = tagHashes(content(), {
      ...pdf('a'),
      '/social/new.png': { hash: 'n', type: 'image/png' },
      '/private-media/x.webp': { hash: 'p', type: 'image/webp', private: true },
    });
    expect(changedTags(before, after)).toEqual(['file-/social/new.png']);
  });
});

describe('isRetiredImage', () => {
  const files = { '/generated/images/new-640.n1.webp': { hash: 'n', type: 'image/webp' } };
  const images = new Set(['kept-640.k1.webp', 'kept.k2.jpg', 'new-640.n1.webp']);
  it('refuses an image file the version names nowhere: replaced or deleted since the build', () => {
    expect(isRetiredImage('/generated/images/old-640.o1.webp', { files, images })).toBe(true);
    expect(isRetiredImage('/generated/images/old.o2.jpg', { files, images })).toBe(true);
  });
  it('serves the images its pages name, whether the deploy holds them or the publish made them', () => {
    expect(isRetiredImage('/generated/images/kept-640.k1.webp', { files, images })).toBe(false);
    expect(isRetiredImage('/generated/images/new-640.n1.webp', { files, images })).toBe(false);
    expect(isRetiredImage('/generated/images/new-640.n1.webp', { files, images: new Set() })).toBe(false);
  });
  it('leaves everything else alone, and every image of a version stored before the list was kept', () => {
    expect(isRetiredImage('/favicon.ico', { files, images })).toBe(false);
    expect(isRetiredImage('/build/entry.client-abc.js', { files, images })).toBe(false);
    expect(isRetiredImage('/generated/images/old-640.o1.webp', { files })).toBe(false);
  });
});

describe('the folder store', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('moves the pointer only from the version it was read at: a concurrent publish is never overwritten', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'live-store-test-'));
    process.env.LIVE_CONTENT_DIR = dir;
    process.env.LIVE_STORE = 'folder';
    const { openLiveStore } = await import('~/content/live-store.server');
    const store = (await openLiveStore())!;
    expect(await store.readPointer()).toBeNull();
    expect(await store.swapPointer(pointer('c1'), null)).toBe(true);
    const first = (await store.readPointer())!;
    expect(first.pointer.commit).toBe('c1');
    // Two publishes read the same pointer; only the first to write wins.
    const results = await Promise.all([store.swapPointer(pointer('c2'), first.etag), store.swapPointer(pointer('c3'), first.etag)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await store.swapPointer(pointer('c4'), null)).toBe(false);
    await store.writeFile('a'.repeat(64), Buffer.from('bytes'));
    expect(await store.hasFile('a'.repeat(64))).toBe(true);
    expect((await store.readFile('a'.repeat(64)))?.toString()).toBe('bytes');
    await expect(store.readFile('../current.json')).rejects.toThrow();
    await expect(store.readVersion('../../etc/passwd')).rejects.toThrow();
    delete process.env.LIVE_CONTENT_DIR;
    delete process.env.LIVE_STORE;
  });
});

describe('the daily check for images the deploy still holds', () => {
  // Netlify's build hook cannot be reached from here: a stand-in function takes the call and records the address.
  let dir: string;
  let hookCalls: string[];
  const hook = { state: 'ready', url: new URL('https://api.netlify.com/build_hooks/hook-id') } as const;
  const rebuild = async (setting: RebuildSetting) => {
    hookCalls.push(setting.state === 'ready' ? setting.url.toString() : setting.state);
    return { ok: true as const, message: 'started' };
  };
  const deploy = { pointer: pointer('c1'), context: null, images: ['kept-640.k1.webp', 'old-640.o1.webp', 'old.o2.jpg'] };

  async function storeWithLive(commit: string, images: string[] | undefined) {
    dir = mkdtempSync(path.join(tmpdir(), 'retired-images-test-'));
    process.env.LIVE_CONTENT_DIR = dir;
    process.env.LIVE_STORE = 'folder';
    const { openLiveStore } = await import('~/content/live-store.server');
    const store = (await openLiveStore())!;
    const live = pointer(commit, commit === 'c1' ? [] : ['c1']);
    await store.writeVersion({ ...live, content: {} as CompiledContent, files: {}, ...(images ? { images } : {}) });
    await store.swapPointer(live, null);
    delete process.env.LIVE_CONTENT_DIR;
    delete process.env.LIVE_STORE;
    return store;
  }
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts one build through the hook when the live pages no longer name some of the deploy’s images', async () => {
    hookCalls = [];
    const store = await storeWithLive('c2', ['kept-640.k1.webp', 'new-640.n1.webp']);
    const check = await rebuildIfImagesRetired({ stamp: deploy, store, setting: hook, rebuild });
    expect(check).toMatchObject({ action: 'rebuild', retired: ['old-640.o1.webp', 'old.o2.jpg'], result: { ok: true } });
    expect(hookCalls).toHaveLength(1);
    expect(new URL(hookCalls[0]!).searchParams.get('trigger_title')).toBe(REBUILD_TITLE);
  });

  it('starts nothing while every image is named, while the deploy is the live version, or for records made before the lists were kept', async () => {
    hookCalls = [];
    const everyImage = await storeWithLive('c2', [...deploy.images, 'new-640.n1.webp']);
    expect(await rebuildIfImagesRetired({ stamp: deploy, store: everyImage, setting: hook, rebuild })).toMatchObject({ action: 'none' });
    rmSync(dir, { recursive: true, force: true });
    const sameCommit = await storeWithLive('c1', []);
    expect(await rebuildIfImagesRetired({ stamp: deploy, store: sameCommit, setting: hook, rebuild })).toMatchObject({ action: 'none' });
    rmSync(dir, { recursive: true, force: true });
    const olderVersion = await storeWithLive('c2', undefined);
    expect(await rebuildIfImagesRetired({ stamp: deploy, store: olderVersion, setting: hook, rebuild })).toMatchObject({ action: 'none' });
    const { images: _unlisted, ...olderBuild } = deploy;
    expect(await rebuildIfImagesRetired({ stamp: olderBuild, store: olderVersion, setting: hook, rebuild })).toMatchObject({
      action: 'none',
    });
    expect(await rebuildIfImagesRetired({ stamp: null, store: olderVersion, setting: hook, rebuild })).toMatchObject({ action: 'none' });
    expect(hookCalls).toEqual([]);
  });

  it('without a build hook, says which files stay and starts nothing', async () => {
    hookCalls = [];
    const store = await storeWithLive('c2', ['kept-640.k1.webp']);
    const check = await rebuildIfImagesRetired({ stamp: deploy, store, setting: { state: 'off' }, rebuild });
    expect(check).toEqual({ action: 'not-set-up', retired: ['old-640.o1.webp', 'old.o2.jpg'] });
    expect(hookCalls).toEqual([]);
  });
});

describe('the edge function in front of the deploy’s images (Netlify)', () => {
  // Netlify's CDN and Blobs cannot run here: the record is written and read through the real folder store, which
  // stands in for Blobs, and `next` stands in for the CDN's static file.
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function storeWithRecord(record: HiddenImagesRecord) {
    dir = mkdtempSync(path.join(tmpdir(), 'hidden-images-test-'));
    process.env.LIVE_CONTENT_DIR = dir;
    process.env.LIVE_STORE = 'folder';
    const { openLiveStore, HIDDEN_IMAGES_KEY } = await import('~/content/live-store.server');
    const store = (await openLiveStore())!;
    delete process.env.LIVE_CONTENT_DIR;
    delete process.env.LIVE_STORE;
    await store.writeHiddenImages({ ...record, at: new Date().toISOString() });
    let reads = 0;
    const read = async () => {
      reads++;
      return JSON.parse(readFileSync(path.join(dir, `${HIDDEN_IMAGES_KEY}.json`), 'utf8')) as HiddenImagesRecord;
    };
    return { read, reads: () => reads };
  }

  const image = (name: string) => new Request(`https://site.example/generated/images/${name}`);
  const cdn = { next: async () => new Response('the deploy’s file', { status: 200 }) };

  it('answers 404 for an image the live content hides while the deploy it was judged against serves; the others pass to the CDN', async () => {
    const { read } = await storeWithRecord({ deploy: 'deploy-1', names: ['story-480.abc.avif', 'diagram.def.svg'] });
    let clock = 0;
    const edge = hiddenImages(read, () => clock);
    const context = { ...cdn, deploy: { id: 'deploy-1', context: 'production' } };
    expect((await edge(image('story-480.abc.avif'), context))?.status).toBe(404);
    expect((await edge(image('diagram.def.svg'), context))?.status).toBe(404);
    expect(await edge(image('kept-480.k1.avif'), context)).toBeUndefined();
    clock += MEMO_MS;
    // A new deploy was built since: it holds none of those files, and the record is not its own.
    expect(await edge(image('story-480.abc.avif'), { ...cdn, deploy: { id: 'deploy-2', context: 'production' } })).toBeUndefined();
  });

  it('reads the record at most once per memo period, so an image request rarely waits for Blobs', async () => {
    const { read, reads } = await storeWithRecord({ deploy: null, names: ['a.b.avif'] });
    let clock = 0;
    const edge = hiddenImages(read, () => clock);
    for (let i = 0; i < 50; i++) await edge(image(`n${i}.x.avif`), cdn);
    expect(reads()).toBe(1);
    clock += MEMO_MS;
    await edge(image('a.b.avif'), cdn);
    expect(reads()).toBe(2);
  });
});
