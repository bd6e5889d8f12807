import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDocument } from '~/editing/documents/compose.server';
import { formValues } from '~/editing/documents/form-values';
import { startEditorStack, type EditorStack } from '../helpers/suite/editor-stack';
import { remoteFile } from '../helpers/start/git-remote';
import { signInOverHttp, type OwnerSession } from '../helpers/site/owner-session';
import { fakeMp4, fakeWebm, hiddenTextImages, pngChunk, pngWith, picture, SECRET } from '../helpers/data/hidden-text-files';

/**
 * A stranger's review (attack-3, findings 4 and 7), repeated as it was done:
 * files with text hidden where sharp's metadata fields do not look, and
 * files that only start like a video, sent to the real upload route of the
 * built server (remote mode, a real git remote, PostgreSQL), then read back
 * through the media route and from the publish's commit.
 */

const PASSWORD = 'owner password for the upload bytes';
const DOC = 'content/case-studies/blocks-demo.mdx';
let stack: EditorStack;
let owner: OwnerSession;

beforeAll(async () => {
  stack = await startEditorStack({ password: PASSWORD, fixtures: true });
  owner = await signInOverHttp(stack.server.url, PASSWORD);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const holdsSecret = (bytes: Buffer) =>
  bytes.includes(Buffer.from('home-address-secret', 'latin1')) || bytes.includes(Buffer.from('<script>', 'latin1'));
const raw = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

async function upload(bytes: Buffer, name: string, fields: Record<string, string> = { alt: 'A photo' }) {
  const form = new FormData();
  form.set('document', DOC);
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await owner.post('/admin/content/api/upload', form, { accept: 'application/json' });
  return { status: response.status, body: (await response.json()) as { ok: boolean; src?: string; error?: string } };
}

/** What the media route serves for a story image's src (./blocks-demo/<name>). */
async function served(src: string): Promise<Buffer> {
  const response = await fetch(`${stack.server.url}/admin/content/api/media/content/case-studies/${src.slice(2)}`, {
    headers: { cookie: owner.cookie },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const uploadCount = async () =>
  (await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_draft_uploads WHERE document_path = $1', [DOC]))[0]!.n;

describe('finding 4: a photo keeps no hidden text', async () => {
  const cases = await hiddenTextImages();

  it.each(cases.map((c) => [c.name, c] as const))('%s: served without the text, with the same pixels', async (_name, { bytes }) => {
    const sent = await upload(bytes, 'photo.bin');
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const stored = await served(sent.body.src!);
    expect(holdsSecret(stored)).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ width: 48, height: 32 });
    expect((await raw(stored)).equals(await raw(bytes))).toBe(true);
  });

  it('a photo field’s upload (the site’s profile photo) keeps no hidden text either', async () => {
    const png = pngWith(await picture().png().toBuffer(), pngChunk('prVt', Buffer.from(SECRET, 'latin1')));
    const form = new FormData();
    form.set('_path', 'content/site.yml');
    form.set('intent', 'image:photos.profile');
    form.set('_image.photos.profile', new Blob([new Uint8Array(png)]), 'me.png');
    const response = await owner.post('/admin/content/api/field-image', form, { accept: 'application/json' });
    await response.text();
    const rows = await stack.db.query<{ bytes: Buffer }>(
      "SELECT bytes FROM content_draft_uploads WHERE document_path = 'content/site.yml'",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(holdsSecret(Buffer.from(row.bytes))).toBe(false);
  });

  it('a photo a draft kept from before (its text still inside) is published without it', async () => {
    const [comment] = cases;
    const path = 'content/case-studies/blocks-demo/kept-from-before-0000abcd.jpg';
    await stack.db.query('INSERT INTO content_draft_uploads (path, document_path, media_type, bytes, size) VALUES ($1, $2, $3, $4, $5)', [
      path,
      DOC,
      'image/jpeg',
      comment!.bytes,
      comment!.bytes.length,
    ]);
    const text = remoteFile(stack.remote, DOC);
    const opened = openDocument('case-study', text);
    const form = new URLSearchParams({ _path: DOC, intent: 'publish' });
    for (const [name, value] of Object.entries(formValues(opened.data))) form.append(name, String(value === true ? 'on' : value));
    form.set('body', `${opened.body}\n\n![A photo kept from before](./blocks-demo/kept-from-before-0000abcd.jpg)\n`);
    form.set('_baseBlobId', stack.remote.git('rev-parse', `main:${DOC}`).trim());
    const response = await owner.post(`/admin/content/case-studies/blocks-demo.mdx`, form);
    const page = await response.text();
    expect(page).toMatch(/data-save-result="published"/);
    const committed = execFileSync('git', ['--git-dir', stack.remote.bareDir, 'show', `main:${path}`]);
    expect(holdsSecret(committed)).toBe(false);
    expect((await raw(committed)).equals(await raw(comment!.bytes))).toBe(true);
  });
});

describe('finding 7: a file that only starts like a video is refused', () => {
  it.each([
    ['an ftyp box followed by a page, as an MP4', fakeMp4(), 'mp4', 'MP4'],
    ['an EBML/webm header followed by a page, as a WebM', fakeWebm(), 'webm', 'WebM'],
  ] as const)('%s: 415 in her words, nothing stored', async (_name, bytes, video, label) => {
    const before = await uploadCount();
    const sent = await upload(bytes, `clip.${video}`, { video });
    expect(sent.status).toBe(415);
    expect(sent.body).toEqual({
      ok: false,
      error: `This file isn't a real ${label} video: it starts like one, but the rest is damaged, cut short or something else. Export it again as ${label} from your video app and upload that file.`,
    });
    expect(await uploadCount()).toBe(before);
  });
});
