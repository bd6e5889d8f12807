import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * The files a stranger's review hid text in (attack-3, findings 4 and 7),
 * made here from bytes: a sharp-made image with a segment, chunk or box
 * spliced in, each holding SECRET; and files that only start like a video.
 * Nothing binary is kept in the repository.
 */

export const SECRET = 'GPS 48.858370N 2.294481E home-address-secret';
const PAGE = `<html><script>alert(document.domain)</script>${SECRET}</html>`;

/** The picture the images show: noise, so that "the same pixels" means something. */
export const picture = (width = 48, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } });

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A JPEG marker segment: FF, the marker, a 16-bit length (itself included), the body. */
export function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** `segments` spliced in right after the JPEG's SOI. */
export const jpegWith = (jpeg: Buffer, ...segments: Buffer[]) => Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);

/** A PNG chunk: a 32-bit length, the type, the data, the CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([latin1(type), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** `chunks` spliced in after the signature (8 bytes) and IHDR (25 bytes). */
export const pngWith = (png: Buffer, ...chunks: Buffer[]) => Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);

/** A RIFF chunk: the fourcc, a 32-bit little-endian size, the data, a pad byte to even. */
export function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

/** A WebP file of these chunks, its RIFF size right. */
export function webpOf(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([latin1('WEBP'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A simple (lossy, one-chunk) WebP's VP8 chunk, whole. */
export const vp8ChunkOf = (webp: Buffer) => webp.subarray(12, 12 + 8 + webp.readUInt32LE(16) + (webp.readUInt32LE(16) % 2));

/** A VP8X header chunk for a canvas of this size, with these flags (EXIF 0x08, XMP 0x04, ICC 0x20, alpha 0x10). */
export function vp8x(width: number, height: number, flags: number): Buffer {
  const data = Buffer.alloc(10);
  data[0] = flags;
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riffChunk('VP8X', data);
}

/**
 * A colour profile in name only: a 128-byte header whose size field is
 * right and which says `acsp`, no tags, then a page.
 */
export function headerOnlyIccProfile(): Buffer {
  const profile = Buffer.concat([Buffer.alloc(128), latin1(PAGE)]);
  profile.writeUInt32BE(profile.length, 0);
  profile.write('acsp', 36, 'latin1');
  return profile;
}

/** An APP2 ICC_PROFILE segment holding `profile` whole, as part 1 of 1. */
export const jpegIccSegment = (profile: Buffer) => jpegSegment(0xe2, Buffer.concat([latin1('ICC_PROFILE\0\x01\x01'), profile]));

export type HiddenTextCase = { name: string; bytes: Buffer; format: 'jpeg' | 'png' | 'webp' };

/**
 * The containers of finding 4, each with SECRET where sharp's exif/xmp/iptc/comments
 * fields do not look; then those a later review found the rewrite still kept
 * (bytes after an Adobe APP14's 12, colour profiles that are a header and a page).
 */
export async function hiddenTextImages(width = 48, height = 32): Promise<HiddenTextCase[]> {
  const jpeg = await picture(width, height).jpeg({ quality: 90 }).toBuffer();
  const png = await picture(width, height).png().toBuffer();
  const webp = await picture(width, height).webp({ quality: 90 }).toBuffer();
  const vp8 = vp8ChunkOf(webp);
  return [
    { name: 'a JPEG with a COM comment', format: 'jpeg', bytes: jpegWith(jpeg, jpegSegment(0xfe, latin1(SECRET))) },
    { name: 'a JPEG with the text in APP15', format: 'jpeg', bytes: jpegWith(jpeg, jpegSegment(0xef, latin1(SECRET))) },
    {
      name: 'a JPEG with the text in APP2 as MPF',
      format: 'jpeg',
      bytes: jpegWith(jpeg, jpegSegment(0xe2, latin1(`MPF\0MM\0*\0\0\0\x08${SECRET}`))),
    },
    {
      name: 'a PNG with a private chunk prVt holding a page',
      format: 'png',
      bytes: pngWith(png, pngChunk('prVt', latin1(PAGE))),
    },
    {
      name: 'a PNG with tEXt, zTXt and iTXt chunks',
      format: 'png',
      bytes: pngWith(png, pngChunk('tEXt', latin1(`Comment\0${SECRET}`)), pngChunk('iTXt', latin1(`Description\0\0\0en\0\0${SECRET}`))),
    },
    { name: 'a WebP with an EXIF chunk and no VP8X', format: 'webp', bytes: webpOf(vp8, riffChunk('EXIF', latin1(`II*\0${SECRET}`))) },
    { name: 'a WebP with an unknown chunk', format: 'webp', bytes: webpOf(vp8, riffChunk('ZZZZ', latin1(PAGE))) },
    {
      name: 'a WebP with VP8X, EXIF and XMP',
      format: 'webp',
      bytes: webpOf(
        vp8x(width, height, 0x08 | 0x04),
        vp8,
        riffChunk('EXIF', latin1(`II*\0${SECRET}`)),
        riffChunk('XMP ', latin1(`<x:xmpmeta>${SECRET}</x:xmpmeta>`)),
        riffChunk('ZZZZ', latin1(PAGE)),
      ),
    },
    {
      name: 'a JPEG with an Adobe APP14 and the text after its 12 bytes',
      format: 'jpeg',
      bytes: jpegWith(
        jpeg,
        jpegSegment(0xee, Buffer.concat([latin1('Adobe\0\x64\0\0\0\0\x01'), latin1(SECRET.repeat(1000)), latin1(PAGE)])),
      ),
    },
    {
      name: 'a JPEG with an ICC_PROFILE that is only a header, then the text',
      format: 'jpeg',
      bytes: jpegWith(jpeg, jpegIccSegment(headerOnlyIccProfile())),
    },
    {
      // Stored (level 0) deflate, so the text can be seen in the file as it was sent.
      name: 'a PNG whose iCCP is zlib-compressed text, no profile',
      format: 'png',
      bytes: pngWith(png, pngChunk('iCCP', Buffer.concat([latin1('ICC profile\0\0'), deflateSync(latin1(PAGE), { level: 0 })]))),
    },
    {
      name: 'a WebP with VP8X and an ICCP that is only a header, then the text',
      format: 'webp',
      bytes: webpOf(vp8x(width, height, 0x20), riffChunk('ICCP', headerOnlyIccProfile()), vp8),
    },
  ];
}

/** Finding 7: an `ftyp` box, then a page, stored as `.mp4`. */
export const fakeMp4 = () =>
  Buffer.concat([Buffer.from('00000010', 'hex'), latin1('ftypisom'), Buffer.from('00000200', 'hex'), latin1(PAGE)]);

/** Finding 7: an EBML header whose DocType is `webm`, then a page, stored as `.webm`. */
export function fakeWebm(): Buffer {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), latin1('webm')]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType, latin1(PAGE)]);
}
