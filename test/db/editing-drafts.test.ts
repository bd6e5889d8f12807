import { describe, expect, it } from 'vitest';
import { closeSharedDatabase, query } from '~/db/connection.server';
import { discardDraft, draftPublishRequest, getDraft, listDrafts, saveDraft, settleDraft } from '~/editing/drafts/texts.server';
import {
  discardDraftUpload,
  draftUploadByPath,
  draftUploads,
  MAX_DRAFT_UPLOAD_BYTES,
  MAX_DRAFT_UPLOAD_FILES,
  saveDraftUpload,
} from '~/editing/drafts/images.server';
import { discardDraftForUndo, discardedAt, UNDO_MINUTES, undoDiscard } from '~/editing/drafts/discarded.server';
import { blobIdOf } from '~/editing/git/publish-plan.server';
import { ENGINES, useEngine } from '../helpers/suite/db-engines';
import { at } from '../helpers/must';

/**
 * Drafts in the store, on both engines: a draft survives anything but a
 * discard or a publish, its images come back byte for byte, and a document's
 * images are limited in number and size with a sentence that says so.
 */

const DOC = 'content/case-studies/office-depot.mdx';
const BASE = 'a'.repeat(40);
// Every byte value, so a text round trip (an encoding) would show.
const BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describe.each(ENGINES)('on %s', (_name, start) => {
  useEngine(start);

  it('saves, reads back, updates and lists a draft; discarding removes it and its images', async () => {
    expect(await getDraft(DOC)).toBeNull();
    const first = await saveDraft(DOC, { text: '---\ntitle: A\n---\n', baseBlobId: BASE });
    expect(first).toEqual({ ok: true, updatedAt: expect.any(Date) });
    const second = await saveDraft(DOC, { text: '---\ntitle: B\n---\nCafé ✓\r\n', baseBlobId: BASE });
    expect(second.ok).toBe(true);
    const draft = await getDraft(DOC);
    expect(draft).toMatchObject({ path: DOC, text: '---\ntitle: B\n---\nCafé ✓\r\n', baseBlobId: BASE });
    expect(draft!.updatedAt.getTime()).toBeGreaterThanOrEqual(draft!.createdAt.getTime());

    expect(await saveDraft('content/case-studies/new-one.mdx', { text: 'new', baseBlobId: null })).toMatchObject({ ok: true });
    expect((await getDraft('content/case-studies/new-one.mdx'))!.baseBlobId).toBeNull();
    const list = await listDrafts();
    expect(list.map((d) => d.path)).toEqual(['content/case-studies/new-one.mdx', DOC]);

    await saveDraftUpload(DOC, { path: 'content/case-studies/office-depot/photo.png', bytes: BYTES, mediaType: 'image/png' });
    expect((await listDrafts()).find((d) => d.path === DOC)!.uploads).toBe(1);
    expect(await discardDraft(DOC)).toBe(true);
    expect(await getDraft(DOC)).toBeNull();
    expect(await draftUploads(DOC)).toEqual([]);
    expect(await discardDraft(DOC)).toBe(false);
    expect(await discardDraft('content/case-studies/new-one.mdx')).toBe(true);
  });

  it('refuses a path outside content/, a bad base and an oversized text with a sentence', async () => {
    expect(await saveDraft('../etc/passwd', { text: 'x', baseBlobId: null })).toEqual({
      ok: false,
      error: expect.stringContaining('only files under content/'),
    });
    expect(await saveDraft(DOC, { text: 'x', baseBlobId: 'HEAD' })).toEqual({
      ok: false,
      error: expect.stringContaining('which version it was opened from'),
    });
    expect(await saveDraft(DOC, { text: 'x'.repeat(1_000_001), baseBlobId: null })).toEqual({
      ok: false,
      error: expect.stringContaining('too long'),
    });
    expect(await getDraft('../etc/passwd')).toBeNull();
    expect(await listDrafts()).toEqual([]);
  });

  it('keeps draft images byte for byte, by document and by path, and replaces one saved again', async () => {
    const photo = 'content/case-studies/office-depot/photo.png';
    expect(await saveDraftUpload(DOC, { path: photo, bytes: BYTES, mediaType: 'image/png' })).toEqual({ ok: true, path: photo, size: 256 });
    await saveDraftUpload(DOC, { path: 'content/case-studies/office-depot/b.webp', bytes: Buffer.from('RIFF'), mediaType: 'image/webp' });
    const uploads = await draftUploads(DOC);
    expect(uploads.map((u) => u.path)).toEqual([photo, 'content/case-studies/office-depot/b.webp']);
    expect(Buffer.compare(at(uploads, 0, 'a first upload').bytes, BYTES)).toBe(0);
    expect(await draftUploadByPath(photo)).toMatchObject({ documentPath: DOC, mediaType: 'image/png', size: 256 });

    await saveDraftUpload(DOC, { path: photo, bytes: Buffer.from([1, 2, 3]), mediaType: 'image/png' });
    expect((await draftUploadByPath(photo))!.bytes).toEqual(Buffer.from([1, 2, 3]));
    const request = draftPublishRequest({ path: DOC, text: 'text', baseBlobId: BASE }, await draftUploads(DOC), 'Edit Office Depot');
    expect(request).toEqual({
      files: [
        { path: DOC, content: 'text', baseBlobId: BASE },
        // Replaced after b.webp was saved: it now comes after it.
        { path: 'content/case-studies/office-depot/b.webp', content: Buffer.from('RIFF'), baseBlobId: null },
        { path: photo, content: Buffer.from([1, 2, 3]), baseBlobId: null },
      ],
      message: 'Edit Office Depot',
    });
    expect(
      await saveDraftUpload(DOC, {
        path: 'content/case-studies/office-depot/map.svg',
        bytes: Buffer.from('<svg/>'),
        mediaType: 'image/svg+xml',
      }),
    ).toMatchObject({ ok: true });
    expect((await draftUploadByPath('content/case-studies/office-depot/map.svg'))!.mediaType).toBe('image/svg+xml');
    expect(await discardDraftUpload(photo)).toBe(true);
    expect(await draftUploadByPath(photo)).toBeNull();
    await discardDraft(DOC);
  });

  it('an image goes only in its document’s folder, and one path belongs to one draft', async () => {
    const png = { bytes: BYTES, mediaType: 'image/png' };
    expect(await saveDraftUpload(DOC, { ...png, path: 'content/case-studies/mobile-banking/a.png' })).toEqual({
      ok: false,
      error: 'That image belongs with another page: add it from the page it goes with.',
    });
    expect(await saveDraftUpload(DOC, { ...png, path: 'content/case-studies/office-depot/deep/a.png' })).toMatchObject({ ok: false });
    // The site details' photos go in content/images/; a file that is neither takes none.
    expect(await saveDraftUpload('content/site.yml', { ...png, path: 'content/site/a.png' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('belongs with another page'),
    });
    expect(await saveDraftUpload('content/notes.md', { ...png, path: 'content/notes/a.png' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('takes no images'),
    });
    expect(await saveDraftUpload(DOC, { ...png, path: 'content/case-studies/office-depot/../a.png' })).toMatchObject({ ok: false });
    expect(await saveDraftUpload(DOC, { ...png, bytes: Buffer.alloc(0), path: 'content/case-studies/office-depot/a.png' })).toEqual({
      ok: false,
      error: 'The image is empty.',
    });
  });

  it('limits a document’s images in number and in bytes, with a clear sentence', async () => {
    const doc = 'content/case-studies/big.mdx';
    for (let i = 0; i < MAX_DRAFT_UPLOAD_FILES; i++) {
      expect(
        await saveDraftUpload(doc, { path: `content/case-studies/big/i${i}.png`, bytes: Buffer.from([i]), mediaType: 'image/png' }),
      ).toMatchObject({ ok: true });
    }
    expect(
      await saveDraftUpload(doc, { path: 'content/case-studies/big/one-more.png', bytes: Buffer.from([1]), mediaType: 'image/png' }),
    ).toEqual({
      ok: false,
      error: `A draft holds at most ${MAX_DRAFT_UPLOAD_FILES} new images; publish or remove some first.`,
    });
    // Replacing one already there is no new file.
    expect(
      await saveDraftUpload(doc, { path: 'content/case-studies/big/i0.png', bytes: Buffer.from([9]), mediaType: 'image/png' }),
    ).toMatchObject({ ok: true });
    await discardDraft(doc);

    const half = Buffer.alloc(MAX_DRAFT_UPLOAD_BYTES / 2 + 1, 7);
    expect(await saveDraftUpload(doc, { path: 'content/case-studies/big/a.png', bytes: half, mediaType: 'image/png' })).toMatchObject({
      ok: true,
    });
    const refused = await saveDraftUpload(doc, { path: 'content/case-studies/big/b.png', bytes: half, mediaType: 'image/png' });
    expect(refused).toEqual({ ok: false, error: expect.stringMatching(/would add up to 60\.0 MB; at most 60 MB go in one publish/) });
    expect((await draftUploads(doc)).map((u) => u.path)).toEqual(['content/case-studies/big/a.png']);
    await discardDraft(doc);
  });

  it('after a publish the draft goes only if it still holds what was published; newer typing stays, rebased', async () => {
    const doc = 'content/case-studies/settle.mdx';
    const image = 'content/case-studies/settle/a.png';
    const other = 'content/case-studies/settle/b.png';
    const published = 'b'.repeat(40);
    await saveDraft(doc, { text: 'published text', baseBlobId: BASE });
    await saveDraftUpload(doc, { path: image, bytes: BYTES, mediaType: 'image/png' });
    expect(await settleDraft(doc, { published: 'published text', from: BASE, to: published, uploads: [image] })).toBe('cleared');
    expect(await getDraft(doc)).toBeNull();

    // An autosave answered while the commit was being pushed: newer work.
    await saveDraft(doc, { text: 'typed during the push', baseBlobId: BASE });
    await saveDraftUpload(doc, { path: image, bytes: BYTES, mediaType: 'image/png' });
    await saveDraftUpload(doc, { path: other, bytes: BYTES, mediaType: 'image/png' });
    expect(await settleDraft(doc, { published: 'published text', from: BASE, to: published, uploads: [image] })).toBe('kept');
    expect(await getDraft(doc)).toMatchObject({ text: 'typed during the push', baseBlobId: published });
    expect((await draftUploads(doc)).map((upload) => upload.path)).toEqual([other]);
    await discardDraft(doc);
  });

  it('the version it was opened from is no draft: none is kept, an earlier one goes, one holding images stays', async () => {
    const doc = 'content/case-studies/unchanged.mdx';
    const original = '---\ntitle: Unchanged\n---\n';
    const base = blobIdOf(Buffer.from(original));
    expect(await saveDraft(doc, { text: original, baseBlobId: base })).toEqual({ ok: true, updatedAt: expect.any(Date), dropped: true });
    expect(await getDraft(doc)).toBeNull();

    // Typed, then typed back: the draft goes.
    expect(await saveDraft(doc, { text: `${original}Typed.\n`, baseBlobId: base })).toEqual({ ok: true, updatedAt: expect.any(Date) });
    expect(await getDraft(doc)).not.toBeNull();
    expect(await saveDraft(doc, { text: original, baseBlobId: base })).toMatchObject({ ok: true, dropped: true });
    expect(await getDraft(doc)).toBeNull();

    // A draft with an image not yet published is work: it stays, with the text as sent.
    await saveDraft(doc, { text: `${original}Typed.\n`, baseBlobId: base });
    await saveDraftUpload(doc, { path: 'content/case-studies/unchanged/a.png', bytes: BYTES, mediaType: 'image/png' });
    expect(await saveDraft(doc, { text: original, baseBlobId: base })).toEqual({ ok: true, updatedAt: expect.any(Date) });
    expect(await getDraft(doc)).toMatchObject({ text: original });
    await discardDraft(doc);
  });

  it('a discarded draft comes back with its images by Undo, for UNDO_MINUTES; not after its time, nor once the page is edited again', async () => {
    const doc = 'content/case-studies/undo.mdx';
    const photo = 'content/case-studies/undo/photo.png';
    await saveDraft(doc, { text: '---\ntitle: Typed\n---\n', baseBlobId: BASE });
    await saveDraftUpload(doc, { path: photo, bytes: BYTES, mediaType: 'image/png' });
    expect(await discardDraftForUndo(doc)).toBe(true);
    expect(await getDraft(doc)).toBeNull();
    expect(await listDrafts()).toEqual([]);
    expect(await discardedAt(doc)).toEqual(expect.any(Date));
    expect(await undoDiscard(doc)).toBe(true);
    expect(await getDraft(doc)).toMatchObject({ text: '---\ntitle: Typed\n---\n', baseBlobId: BASE });
    expect((await draftUploadByPath(photo))?.bytes).toEqual(BYTES);
    expect(await discardedAt(doc)).toBeNull();
    expect(await undoDiscard(doc)).toBe(false);

    // Its time up: gone for good, its image with it.
    await discardDraftForUndo(doc);
    // As if the time had passed: the discard and the image before it, that much earlier.
    const earlier = `interval '${UNDO_MINUTES} minutes 1 second'`;
    await query(`UPDATE content_discarded_drafts SET discarded_at = discarded_at - ${earlier}`);
    await query(`UPDATE content_draft_uploads SET created_at = created_at - ${earlier}`);
    expect(await discardedAt(doc)).toBeNull();
    expect(await undoDiscard(doc)).toBe(false);
    expect(await getDraft(doc)).toBeNull();
    await saveDraft('content/case-studies/other.mdx', { text: 'x', baseBlobId: null });
    expect(await draftUploadByPath(photo)).toBeNull();

    // Edited again: the discarded one cannot come back over the new typing.
    await saveDraft(doc, { text: 'first', baseBlobId: BASE });
    await saveDraftUpload(doc, { path: photo, bytes: BYTES, mediaType: 'image/png' });
    await discardDraftForUndo(doc);
    await saveDraft(doc, { text: 'second', baseBlobId: BASE });
    expect(await discardedAt(doc)).toBeNull();
    expect(await undoDiscard(doc)).toBe(false);
    expect(await getDraft(doc)).toMatchObject({ text: 'second' });
    expect(await draftUploadByPath(photo)).toBeNull();
    await discardDraft(doc);
    await discardDraft('content/case-studies/other.mdx');
  });

  it('saves that arrive out of order: the text typed last stays (an autosave still on its way as the tab closed)', async () => {
    const doc = 'content/case-studies/order.mdx';
    const original = '---\ntitle: Order\n---\n';
    const base = blobIdOf(Buffer.from(original));
    expect(await saveDraft(doc, { text: `${original}Typed last.\n`, baseBlobId: base, typedAt: 2_000 })).toMatchObject({ ok: true });
    expect(await saveDraft(doc, { text: `${original}Typed.\n`, baseBlobId: base, typedAt: 1_000 })).toMatchObject({
      ok: true,
      superseded: true,
    });
    expect(await getDraft(doc)).toMatchObject({ text: `${original}Typed last.\n` });
    // Nor does an older save of the original text drop the newer draft.
    await saveDraft(doc, { text: original, baseBlobId: base, typedAt: 1_500 });
    expect(await getDraft(doc)).toMatchObject({ text: `${original}Typed last.\n` });
    // A newer one, and a form posted without a time (no JavaScript), replace it.
    await saveDraft(doc, { text: `${original}Newer.\n`, baseBlobId: base, typedAt: 3_000 });
    expect(await getDraft(doc)).toMatchObject({ text: `${original}Newer.\n` });
    await saveDraft(doc, { text: `${original}Posted.\n`, baseBlobId: base });
    expect(await getDraft(doc)).toMatchObject({ text: `${original}Posted.\n` });
    await discardDraft(doc);
  });

  it('two uploads at once cannot both pass the limit', async () => {
    const doc = 'content/case-studies/race.mdx';
    const big = Buffer.alloc(MAX_DRAFT_UPLOAD_BYTES / 2 + 1, 1);
    const results = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        saveDraftUpload(doc, { path: `content/case-studies/race/${name}.png`, bytes: big, mediaType: 'image/png' }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    await discardDraft(doc);
  });
});

describe('without a database', () => {
  it('saving throws DatabaseUnavailable (the route answers 503 and the page keeps the text), within the connect limit', async () => {
    const { closedPort } = await import('../helpers/start/ports');
    const saved = process.env.NETLIFY_DB_URL;
    process.env.NETLIFY_DB_URL = `postgres://postgres@127.0.0.1:${await closedPort()}/none`;
    try {
      const started = Date.now();
      await expect(saveDraft(DOC, { text: 'x', baseBlobId: null })).rejects.toMatchObject({ name: 'DatabaseUnavailable' });
      await expect(listDrafts()).rejects.toMatchObject({ name: 'DatabaseUnavailable' });
      expect(Date.now() - started).toBeLessThan(6000);
    } finally {
      await closeSharedDatabase();
      if (saved === undefined) delete process.env.NETLIFY_DB_URL;
      else process.env.NETLIFY_DB_URL = saved;
    }
  });
});
