import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileSite } from '../../pipeline/content/compile';
import { blobIdOf } from '~/editing/git/publish.server';
import { describeContentFile, sortContent, type ContentItem } from '~/editing/content-list/catalog.server';
import { deleteRequest, newPage } from '~/editing/content-list/manage.server';
import { renamePageRequest } from '~/editing/content-list/rename-page.server';
import { documentKind, editorHref, slugOf } from '~/editing/documents/kinds';
import { copyContent, type ContentCopy } from '../helpers/data/content';
import { FIXTURE_PAGES_DIR } from '../helpers/data/fixture-site';

/**
 * Pages of her own in the content list: the list reads content/pages/*.mdx
 * as rows of their own kind, New page makes one from a title (refusing the
 * names the site uses and the addresses she has, with a free one offered),
 * the build takes it as it is made, Delete removes it with its folder, and
 * Change address moves it with its folder, its old address kept.
 */

/** The fixture pages as the list reads them, as they would be at content/pages/ on the branch. */
function fixturePages(): { list: ContentItem[]; files: { path: string; blobId: string; text: string }[] } {
  const files = (readdirSync(FIXTURE_PAGES_DIR, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const bytes = readFileSync(file);
      return {
        path: `content/pages/${path.relative(FIXTURE_PAGES_DIR, file).split(path.sep).join('/')}`,
        blobId: blobIdOf(bytes),
        text: bytes.toString('utf8'),
      };
    });
  const documents = files.filter((file) => /^content\/pages\/[^/]+\.mdx$/.test(file.path));
  return { list: sortContent(documents.map((file) => describeContentFile(file, file.text, files))), files };
}

describe('a page in the list', () => {
  it('is its own kind, at its address, with its place in the menu, after the case studies', () => {
    expect(documentKind('content/pages/writing.mdx')).toBe('page');
    expect(slugOf('content/pages/writing.mdx')).toBe('writing');
    expect(editorHref('content/pages/writing.mdx')).toBe('/admin/content/pages/writing.mdx');
    const { list } = fixturePages();
    expect(list.map(({ kind, slug, title, menu, problem }) => ({ kind, slug, title, menu, problem }))).toEqual([
      { kind: 'page', slug: 'writing', title: 'Writing', menu: 2, problem: undefined },
      { kind: 'page', slug: 'colophon', title: 'Colophon', menu: undefined, problem: undefined },
    ]);
    expect(list[0]!.assets!.map((file) => file.path)).toEqual(['content/pages/writing/desk.svg']);
  });
});

describe('New page', () => {
  let copy: ContentCopy | undefined;
  afterEach(async () => copy?.dispose());

  it('makes content/pages/<slug>.mdx from a title, and the build takes it as it is', async () => {
    const made = newPage('  Speaking  &  Talks ', []);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.value.path).toBe('content/pages/speaking-and-talks.mdx');
    expect(made.value.request.files.map((file) => file.path)).toEqual(['content/pages/speaking-and-talks.mdx']);
    copy = await copyContent();
    await mkdir(path.join(copy.dir, 'pages'));
    await writeFile(path.join(copy.dir, 'pages/speaking-and-talks.mdx'), made.value.text);
    const { content } = await compileSite(copy.dir, path.join(copy.root, 'public'), path.join(copy.root, 'private'));
    expect(content.pages?.['speaking-and-talks']).toMatchObject({ title: 'Speaking & Talks', href: '/speaking-and-talks' });
    expect(content.pages?.['speaking-and-talks']?.menu).toBeUndefined();
  });

  it('refuses a name the site uses, in her words, with a free one offered', () => {
    expect(newPage('Resume', [])).toEqual({ ok: false, error: '“resume” is a page the site already has. Try “resume-notes”.' });
    expect(newPage('Contact', [])).toEqual({ ok: false, error: '“contact” is a page the site already has. Try “contact-notes”.' });
    expect(newPage('Admin', [])).toMatchObject({ ok: false, error: expect.stringContaining('Try “admin-notes”') });
  });

  it('refuses an address she already has, offering the next free one; an empty title or one with no letters', () => {
    const { list } = fixturePages();
    expect(newPage('Writing', list)).toEqual({
      ok: false,
      error: 'You already have a page at “/writing”. Try “writing-notes”, or open that one from the list.',
    });
    expect(newPage('   ', list)).toMatchObject({ ok: false, error: expect.stringContaining('needs a title') });
    expect(newPage('—', list)).toMatchObject({ ok: false, error: expect.stringContaining('gives no address') });
  });
});

describe('deleting a page', () => {
  it('deletes its .mdx and its folder, each with the blob id the list read', () => {
    const { list, files } = fixturePages();
    const result = deleteRequest(list, 'pages/writing.mdx');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.deleted).toEqual(
      ['content/pages/writing.mdx', 'content/pages/writing/desk.svg'].map((file) => ({
        path: file,
        baseBlobId: files.find((f) => f.path === file)!.blobId,
      })),
    );
    expect(result.value.message).toBe('Delete Writing');
  });
});

describe('a page’s address changed', () => {
  let copy: ContentCopy | undefined;
  afterEach(async () => copy?.dispose());

  const inputs = () => {
    const { list, files } = fixturePages();
    const texts = new Map(files.map((file) => [file.path, file.text]));
    const media = new Map(files.map((file) => [file.path, Buffer.from(file.text)]));
    return { list, files, texts, media };
  };

  it('moves the file and its folder, keeps the old address in `formerly`, rewrites its media paths; the build takes it', async () => {
    const { list, files, texts, media } = inputs();
    const result = renamePageRequest(list, texts, media, 'content/pages/writing.mdx', ' Essays ');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { request } = result.value;
    expect(result.value).toMatchObject({ slug: 'essays', path: 'content/pages/essays.mdx' });
    expect(request.files.map((file) => file.path)).toEqual(['content/pages/essays.mdx', 'content/pages/essays/desk.svg']);
    expect(request.deleted).toEqual(
      ['content/pages/writing.mdx', 'content/pages/writing/desk.svg'].map((file) => ({
        path: file,
        baseBlobId: files.find((f) => f.path === file)!.blobId,
      })),
    );
    const text = String(request.files[0]!.content);
    expect(text).toMatch(/^formerly:\n {2}- notes\n {2}- writing\n/m);
    expect(text).toContain('image: ./essays/desk.svg');
    expect(text).toContain('](./essays/desk.svg "Where the essays start")');
    expect(text).not.toContain('./writing/');

    copy = await copyContent();
    await mkdir(path.join(copy.dir, 'pages/essays'), { recursive: true });
    for (const file of request.files) await writeFile(path.join(copy.dir, file.path.replace(/^content\//, '')), file.content);
    await writeFile(path.join(copy.dir, 'pages/colophon.mdx'), texts.get('content/pages/colophon.mdx')!);
    const { content } = await compileSite(copy.dir, path.join(copy.root, 'public'), path.join(copy.root, 'private'));
    expect(content.pages?.essays).toMatchObject({ href: '/essays', formerly: ['notes', 'writing'] });
  });

  it('renamed back to an earlier address: that address leaves `formerly`', () => {
    const { list, texts, media } = inputs();
    const result = renamePageRequest(list, texts, media, 'content/pages/writing.mdx', 'notes');
    expect(result.ok && String(result.value.request.files[0]!.content)).toMatch(/^formerly:\n {2}- writing\n/m);
  });

  it('refuses, in her words with a free one offered: a name the site uses, another page’s address, the one it has, none', () => {
    const { list, texts, media } = inputs();
    const rename = (wanted: string) => renamePageRequest(list, texts, media, 'content/pages/writing.mdx', wanted);
    expect(rename('Resume')).toEqual({ ok: false, error: '“resume” is a page the site already has. Try “resume-notes”.' });
    expect(rename('colophon')).toEqual({ ok: false, error: '“/colophon” is another page’s address, or was. Try “colophon-notes”.' });
    expect(rename('writing')).toEqual({ ok: false, error: '“/writing” is already this page’s address.' });
    expect(rename(' — ')).toMatchObject({ ok: false, error: expect.stringContaining('Type the new address') });
    expect(renamePageRequest(list, texts, media, 'content/pages/gone.mdx', 'x')).toMatchObject({
      ok: false,
      error: expect.stringContaining('reload the list'),
    });
  });
});
