import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { avifHoldsOnlyPicture } from '~/editing/uploads/avif-items.server';
import { checkUpload } from '~/editing/uploads/check.server';
import { isWholeIccProfile } from '~/editing/uploads/icc-profile.server';
import { pictureOnly } from '~/editing/uploads/picture-only.server';
import {
  headerOnlyIccProfile,
  hiddenTextImages,
  jpegIccSegment,
  jpegSegment,
  jpegWith,
  picture,
  pngChunk,
  pngWith,
  riffChunk,
  SECRET,
  vp8ChunkOf,
  vp8x,
  webpOf,
} from '../helpers/data/hidden-text-files';

/**
 * A photo keeps only what shows it (picture-only.server.ts, check-raster.server.ts):
 * each container the stranger's review hid text in, made from a sharp image
 * with a segment or chunk spliced in; the rewrite keeps the exact pixels, the
 * colour profile, and a sharp-made file byte for byte.
 */

const raw = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
const holdsSecret = (bytes: Buffer) =>
  bytes.includes(Buffer.from('home-address-secret', 'latin1')) || bytes.includes(Buffer.from('<script>'));
const DOC = 'content/case-studies/blocks-demo.mdx';
const upload = (bytes: Buffer) => checkUpload({ fileName: 'photo.jpg', bytes, alt: 'A photo', documentPath: DOC });

describe('pictureOnly', async () => {
  const cases = await hiddenTextImages();

  it.each(cases.map((c) => [c.name, c] as const))('%s: the text goes, the pixels stay exactly', async (_name, { bytes, format }) => {
    expect(holdsSecret(bytes)).toBe(true);
    const clean = pictureOnly(format, bytes);
    expect(clean).not.toBeNull();
    expect(holdsSecret(clean!)).toBe(false);
    expect((await raw(clean!)).equals(await raw(bytes))).toBe(true);
    // Rewriting again changes nothing.
    expect(pictureOnly(format, clean!)!.equals(clean!)).toBe(true);
  });

  it.each(['jpeg', 'png', 'webp'] as const)('a %s as sharp makes it comes back byte for byte', async (format) => {
    const bytes = await picture()[format]().toBuffer();
    expect(pictureOnly(format, bytes)!.equals(bytes)).toBe(true);
  });

  it('keeps a JPEG’s ICC profile and Adobe segment, drops a JFIF thumbnail, and drops an APP2 that only claims to be ICC', async () => {
    const jpeg = await picture().withIccProfile('p3').jpeg().toBuffer();
    const icc = (await sharp(jpeg).metadata()).icc!;
    const adobe = jpegSegment(0xee, Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1'));
    const fakeIcc = jpegSegment(0xe2, Buffer.from(`ICC_PROFILE\0\x01\x01${SECRET}`, 'latin1'));
    const clean = pictureOnly('jpeg', jpegWith(jpeg, adobe, fakeIcc))!;
    expect((await sharp(clean).metadata()).icc!.equals(icc)).toBe(true);
    expect(clean.includes(Buffer.from('Adobe\0', 'latin1'))).toBe(true);
    expect(holdsSecret(clean)).toBe(false);
    // A JFIF APP0 with a 1 × 1 thumbnail of its own: the thumbnail goes, JFIF stays.
    const jfif = jpegSegment(0xe0, Buffer.from([...Buffer.from('JFIF\0', 'latin1'), 1, 2, 0, 0, 1, 0, 1, 1, 1, 0xab, 0xcd, 0xef]));
    const plain = await picture().jpeg().toBuffer();
    const rest = plain[3] === 0xe0 ? plain.subarray(4 + plain.readUInt16BE(4)) : plain.subarray(2);
    const withThumbnail = Buffer.concat([plain.subarray(0, 2), jfif, rest]);
    const rewritten = pictureOnly('jpeg', withThumbnail)!;
    expect(rewritten.includes(Buffer.from([0xab, 0xcd, 0xef]))).toBe(false);
    expect(rewritten.readUInt16BE(4)).toBe(16);
    expect((await raw(rewritten)).equals(await raw(withThumbnail))).toBe(true);
  });

  it('keeps a PNG’s colour profile under a name of its own, and a WebP’s ICC with its flag, EXIF and XMP flags cleared', async () => {
    const png = await picture().withIccProfile('p3').png().toBuffer();
    // Its iCCP chunk renamed to the secret: a profile's name is free text.
    const at = png.indexOf(Buffer.from('iCCP', 'latin1')) - 4;
    const data = png.subarray(at + 8, at + 8 + png.readUInt32BE(at));
    const renamed = pngChunk('iCCP', Buffer.concat([Buffer.from(SECRET.slice(0, 79), 'latin1'), data.subarray(data.indexOf(0))]));
    const named = Buffer.concat([png.subarray(0, at), renamed, png.subarray(at + 12 + data.length)]);
    expect(holdsSecret(named)).toBe(true);
    const clean = pictureOnly('png', named)!;
    expect((await sharp(clean).metadata()).icc!.equals((await sharp(png).metadata()).icc!)).toBe(true);
    expect(clean.includes(Buffer.from('iCCPICC profile\0', 'latin1'))).toBe(true);
    expect(holdsSecret(clean)).toBe(false);

    const webp = await picture().webp().toBuffer();
    const icc = (await sharp(png).metadata()).icc!;
    const dirty = webpOf(
      vp8x(48, 32, 0x20 | 0x08 | 0x04 | 0x01),
      riffChunk('ICCP', icc),
      vp8ChunkOf(webp),
      riffChunk('EXIF', Buffer.from(SECRET)),
    );
    const kept = pictureOnly('webp', dirty)!;
    expect(kept[20]).toBe(0x20);
    expect((await sharp(kept).metadata()).icc!.equals(icc)).toBe(true);
    expect(holdsSecret(kept)).toBe(false);
  });

  it('gives null for a file that does not follow its format: cut short, a lying length, a bad CRC', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    const png = await picture().png().toBuffer();
    const webp = await picture().webp().toBuffer();
    expect(pictureOnly('jpeg', jpeg.subarray(0, jpeg.length - 40))).toBeNull();
    const lying = Buffer.from(jpeg);
    lying.writeUInt16BE(0xfff0, 4);
    expect(pictureOnly('jpeg', lying)).toBeNull();
    expect(pictureOnly('png', png.subarray(0, png.length - 20))).toBeNull();
    const badCrc = Buffer.from(png);
    badCrc.writeUInt8(badCrc[29]! ^ 0xff, 29);
    expect(pictureOnly('png', badCrc)).toBeNull();
    expect(pictureOnly('png', pngWith(png, pngChunk('tEXt', Buffer.from(SECRET))).subarray(0, 60))).toBeNull();
    expect(pictureOnly('webp', webpOf(riffChunk('EXIF', Buffer.from(SECRET))))).toBeNull();
    expect(pictureOnly('webp', webp.subarray(0, 30))).toBeNull();
  });
});

/**
 * A profile of two tags, `desc` and `rTRC` + `gTRC` sharing one curve, the
 * way real ones share data; `gap` bytes of `fill` after the first tag.
 */
function builtProfile(gap = 0, fill = 0): Buffer {
  const tableEnd = 128 + 4 + 3 * 12;
  const desc = Buffer.from('desc\0\0\0\0 sRGB  ', 'latin1'); // 16 bytes
  const curve = Buffer.from('curv\0\0\0\0\0\0\0\0', 'latin1'); // 12 bytes
  const profile = Buffer.concat([Buffer.alloc(tableEnd), desc, Buffer.alloc(gap, fill), curve]);
  profile.writeUInt32BE(profile.length, 0);
  profile.write('acsp', 36, 'latin1');
  profile.writeUInt32BE(3, 128);
  const tags = [
    ['desc', tableEnd, desc.length],
    ['rTRC', tableEnd + desc.length + gap, curve.length],
    ['gTRC', tableEnd + desc.length + gap, curve.length],
  ] as const;
  tags.forEach(([signature, offset, size], index) => {
    profile.write(signature, 132 + index * 12, 'latin1');
    profile.writeUInt32BE(offset, 136 + index * 12);
    profile.writeUInt32BE(size, 140 + index * 12);
  });
  return profile;
}

describe('isWholeIccProfile', () => {
  it('passes the profiles sharp embeds and a real sRGB IEC61966-2.1 profile', async () => {
    for (const name of ['srgb', 'p3'] as const) {
      const jpeg = await picture().withIccProfile(name).jpeg().toBuffer();
      expect(isWholeIccProfile((await sharp(jpeg).metadata()).icc!)).toBe(true);
    }
    const cmyk = await picture().toColourspace('cmyk').withIccProfile('cmyk').jpeg().toBuffer();
    expect(isWholeIccProfile((await sharp(cmyk).metadata()).icc!)).toBe(true);
    // The classic HP/Microsoft sRGB profile, as pdfkit ships it.
    const pdfkit = createRequire(import.meta.url).resolve('pdfkit');
    expect(isWholeIccProfile(readFileSync(pdfkit.replace(/js[/\\]pdfkit\.js$/, 'js/data/sRGB_IEC61966_2_1.icc')))).toBe(true);
  });

  it('passes shared tags and up to 3 zero bytes of padding; refuses any other byte no tag points at', () => {
    expect(isWholeIccProfile(builtProfile())).toBe(true);
    expect(isWholeIccProfile(builtProfile(3))).toBe(true);
    expect(isWholeIccProfile(builtProfile(4))).toBe(false);
    expect(isWholeIccProfile(builtProfile(2, 0x41))).toBe(false);
    expect(isWholeIccProfile(Buffer.concat([builtProfile(), Buffer.from('<script>')]))).toBe(false); // size field no longer matches
    const trailing = Buffer.concat([builtProfile(), Buffer.from(SECRET)]);
    trailing.writeUInt32BE(trailing.length, 0);
    expect(isWholeIccProfile(trailing)).toBe(false);
    expect(isWholeIccProfile(headerOnlyIccProfile())).toBe(false);
    const outside = builtProfile();
    outside.writeUInt32BE(outside.length, 148); // the curve's offset, past the end
    expect(isWholeIccProfile(outside)).toBe(false);
  });

  it('a JPEG keeps a whole profile that arrived in one APP2, and drops the same profile with text after its tags', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    const profile = builtProfile(2);
    const kept = pictureOnly('jpeg', jpegWith(jpeg, jpegIccSegment(profile)))!;
    expect(kept.includes(Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'), profile]))).toBe(true);
    const padded = Buffer.concat([profile, Buffer.from(SECRET)]);
    padded.writeUInt32BE(padded.length, 0);
    const dropped = pictureOnly('jpeg', jpegWith(jpeg, jpegIccSegment(padded)))!;
    expect(dropped.includes(Buffer.from('ICC_PROFILE', 'latin1'))).toBe(false);
    expect(holdsSecret(dropped)).toBe(false);
  });

  it('a CMYK JPEG’s Adobe APP14 is rebuilt from its 12 bytes: the same file as without the bytes after them', async () => {
    const cmyk = await picture().toColourspace('cmyk').jpeg().toBuffer();
    const at = cmyk.indexOf(Buffer.from([0xff, 0xee]));
    expect(at).toBeGreaterThan(0);
    const end = at + 2 + cmyk.readUInt16BE(at + 2);
    const stuffed = jpegSegment(0xee, Buffer.concat([cmyk.subarray(at + 4, end), Buffer.from(SECRET)]));
    const dirty = Buffer.concat([cmyk.subarray(0, at), stuffed, cmyk.subarray(end)]);
    expect(pictureOnly('jpeg', dirty)!.equals(pictureOnly('jpeg', cmyk)!)).toBe(true);
    expect((await raw(pictureOnly('jpeg', dirty)!)).equals(await raw(cmyk))).toBe(true);
  });
});

describe('checkUpload stores the picture only', async () => {
  const cases = await hiddenTextImages();

  it.each(cases.map((c) => [c.name, c] as const))('%s: stored without the text, same pixels', async (_name, { bytes }) => {
    const result = await upload(bytes);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(holdsSecret(result.bytes)).toBe(false);
    expect((await raw(result.bytes)).equals(await raw(bytes))).toBe(true);
  });

  it('a JPEG turned by its EXIF, with a comment: stored upright, without either', async () => {
    const turned = await picture(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await upload(jpegWith(turned, jpegSegment(0xfe, Buffer.from(SECRET, 'latin1'))));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const meta = await sharp(result.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([20, 40, undefined, undefined]);
    expect(holdsSecret(result.bytes)).toBe(false);
  });

  it('an AVIF with EXIF and XMP items is re-encoded without them; a plain one is kept byte for byte', async () => {
    const plain = await picture().avif().toBuffer();
    expect(avifHoldsOnlyPicture(plain)).toBe(true);
    const kept = await upload(plain);
    expect(kept.ok && kept.bytes.equals(plain)).toBe(true);
    const tagged = await picture()
      .withExif({ IFD0: { ImageDescription: SECRET } })
      .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/">${SECRET}</x:xmpmeta>`)
      .avif()
      .toBuffer();
    expect(avifHoldsOnlyPicture(tagged)).toBe(false);
    const result = await upload(tagged);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(holdsSecret(result.bytes)).toBe(false);
    expect(avifHoldsOnlyPicture(result.bytes)).toBe(true);
    expect(await sharp(result.bytes).metadata()).toMatchObject({ width: 48, height: 32 });
    // Bytes in mdat that no item names are hidden too.
    const mdatAt = plain.readUInt32BE(0) + plain.readUInt32BE(plain.readUInt32BE(0));
    const mdat = Buffer.concat([plain.subarray(mdatAt), Buffer.from(SECRET)]);
    mdat.writeUInt32BE(mdat.length, 0);
    expect(avifHoldsOnlyPicture(Buffer.concat([plain.subarray(0, mdatAt), mdat]))).toBe(false);
  });
});
