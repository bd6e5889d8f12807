import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkFieldImage, checkUpload } from '~/editing/uploads/check.server';
import { SITE_IMAGE_SIDE } from '~/editing/uploads/image-formats';
import { PREPARED_IMAGE_BYTES } from '~/http/platform-limits';

/**
 * A photo larger than the site uses, arriving as it is (picked without
 * JavaScript, or sent by a tool): the server makes it the size the site
 * uses, upright, without its metadata and under the size the editor's
 * browser aims for, so the draft, the commit and the variants stay small.
 */

const DOC = 'content/case-studies/office-depot.mdx';

/** Soft colour fields, as a photo has: made small and scaled up, so encoding it stays quick. */
async function photo(width: number, height: number, channels: 3 | 4 = 3) {
  const fields = await sharp({
    create: { width: 48, height: 36, channels, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(fields.data, { raw: { width: fields.info.width, height: fields.info.height, channels: fields.info.channels } });
}

// Images of camera size: seconds each on a busy machine.
describe('a photo larger than the site uses is made its size on the server', { timeout: 90_000 }, () => {
  it('a 3,600 × 2,700 camera JPEG with EXIF orientation 6: upright, 3,200 px on its long side, JPEG, no EXIF, within the budget', async () => {
    const camera = await (await photo(3600, 2700)).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const result = await checkUpload({ fileName: 'IMG_0001.JPG', bytes: camera, alt: 'A portrait', documentPath: DOC });
    expect(result).toMatchObject({ ok: true, mediaType: 'image/jpeg' });
    if (!result.ok) return;
    expect(result.bytes.length).toBeLessThanOrEqual(PREPARED_IMAGE_BYTES);
    const meta = await sharp(result.bytes).metadata();
    // Turned a quarter: the portrait it was taken as.
    expect([meta.width, meta.height]).toEqual([2400, SITE_IMAGE_SIDE]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('a PNG photo over the budget (no transparency) becomes a JPEG within it', async () => {
    // Grain all over: a PNG that stays heavy at any size the site uses.
    const png = await sharp({
      create: { width: 3300, height: 2000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(PREPARED_IMAGE_BYTES);
    const result = await checkFieldImage({ fileName: 'card.png', bytes: png, documentPath: DOC, field: 'image' });
    expect(result).toMatchObject({ ok: true, mediaType: 'image/jpeg' });
    if (!result.ok) return;
    expect(result.bytes.length).toBeLessThanOrEqual(PREPARED_IMAGE_BYTES);
    expect((await sharp(result.bytes).metadata()).width).toBe(SITE_IMAGE_SIDE);
  });

  it('a large drawing with transparency keeps its transparency', async () => {
    const mark = await sharp({ create: { width: 1200, height: 800, channels: 4, background: { r: 79, g: 70, b: 229, alpha: 1 } } })
      .png()
      .toBuffer();
    const png = await sharp({ create: { width: 3600, height: 2000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: mark, top: 600, left: 1200 }])
      .png()
      .toBuffer();
    const result = await checkUpload({ fileName: 'diagram.png', bytes: png, alt: 'A diagram', documentPath: DOC });
    expect(result).toMatchObject({ ok: true, mediaType: 'image/png' });
    if (!result.ok) return;
    expect(result.bytes.length).toBeLessThanOrEqual(PREPARED_IMAGE_BYTES);
    const meta = await sharp(result.bytes).metadata();
    expect([meta.width, meta.hasAlpha]).toEqual([SITE_IMAGE_SIDE, true]);
  });
});
