import { crc32, deflateSync } from 'node:zlib';
import { inflatedProfile, isWholeIccProfile } from './icc-profile.server';

/**
 * A photo's file rewritten to hold only what shows it: the coded pixels and
 * what a decoder needs to read them right (tables, frame and scan headers,
 * the colour profile). Everything else a container can carry goes: EXIF
 * (GPS, camera serial), XMP, IPTC, JPEG comments and every APPn segment a
 * decoder does not need (MPF, APP15…), PNG text and private chunks, WebP
 * EXIF/XMP and unknown chunks, and any bytes after the image's end.
 *
 * An allow-list of what is kept, never a list of what goes: a container
 * format has room for any number of segments, chunks or boxes nobody has
 * heard of yet, and a deny-list misses the next one (sharp's exif/xmp/iptc
 * fields missed a COM segment and a PNG `prVt` chunk).
 *
 * Rewritten rather than re-encoded: the coded pixel data is copied as it
 * is, so the designer's exact pixels (and file size, and JPEG quality) stay,
 * and it costs one pass over the bytes (milliseconds for a 24 MP photo)
 * instead of a decode and an encode (seconds, and a second generation of
 * lossy compression). The orientation lives in the EXIF that goes, so a
 * photo that needs turning is re-encoded upright first (check.server.ts).
 *
 * Returns null when the bytes do not follow their format's structure: such
 * a file is refused, never stored as it came.
 */

export type RewrittenKind = 'jpeg' | 'png' | 'webp';

export function pictureOnly(kind: RewrittenKind, bytes: Buffer): Buffer | null {
  try {
    return kind === 'jpeg' ? jpegPictureOnly(bytes) : kind === 'png' ? pngPictureOnly(bytes) : webpPictureOnly(bytes);
  } catch {
    // A read past the end (RangeError) is a file cut short or lying about a length.
    return null;
  }
}

const REWRITTEN_TYPES: Partial<Record<string, RewrittenKind>> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * A draft's image as it is read back (to serve, check and commit it),
 * rewritten once more: the upload route rewrote it already, but a draft may
 * hold an image kept by an older version of the site. Idempotent and cheap
 * (one pass over the bytes); any other file as it is.
 */
export function pictureOnlyByType(mediaType: string, bytes: Buffer): Buffer {
  const kind = REWRITTEN_TYPES[mediaType];
  return (kind && pictureOnly(kind, bytes)) || bytes;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

// JPEG ------------------------------------------------------------------------------------------------------------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** Frame headers (SOF0–SOF15 less DHT C4, JPG C8 and DAC CC), tables (DQT, DHT, DAC), restart interval, line count. */
const DECODING_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf, 0xc4, 0xcc, 0xdb, 0xdd, 0xdc,
]);
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const ICC_PROFILE = Buffer.from('ICC_PROFILE\0', 'latin1');

/**
 * A JFIF APP0 as a decoder needs it: version, density unit and density,
 * with no thumbnail (JFIF's own can show the photo before it was cropped).
 */
function cleanJfif(segment: Buffer): Buffer | null {
  if (segment.length < 14 || ascii(segment, 0, 5) !== 'JFIF\0') return null;
  const out = Buffer.alloc(2 + 2 + 14);
  out.writeUInt16BE(0xffe0, 0);
  out.writeUInt16BE(16, 2);
  segment.copy(out, 4, 0, 12);
  // Thumbnail width and height 0: none follows.
  return out;
}

/** An APP2 segment's body for an ICC profile: the signature, its number, how many there are, then its part of the profile. */
const part = (segment: Buffer) => ({ number: segment[ICC_PROFILE.length]!, count: segment[ICC_PROFILE.length + 1]! });

/** Segments numbered 1..n of n that together make one profile and nothing else (icc-profile.server.ts). */
function makeProfile(segments: Buffer[]): boolean {
  const ordered = segments.every((segment, index) => part(segment).number === index + 1 && part(segment).count === segments.length);
  return ordered && isWholeIccProfile(Buffer.concat(segments.map((segment) => segment.subarray(ICC_PROFILE.length + 2))));
}

const ADOBE_LENGTH = 12;

/**
 * An Adobe APP14 as a decoder reads it: `Adobe`, version, two flag words
 * and the colour transform (which says whether a CMYK photo's channels are
 * YCCK), rebuilt from those fields. Bytes past them are read by no decoder
 * and go.
 */
function cleanAdobe(segment: Buffer): Buffer | null {
  if (segment.length < ADOBE_LENGTH || ascii(segment, 0, 5) !== 'Adobe') return null;
  const out = Buffer.alloc(4 + ADOBE_LENGTH);
  out.writeUInt16BE(0xff00 | APP14, 0);
  out.writeUInt16BE(2 + ADOBE_LENGTH, 2);
  out.write('Adobe', 4, 'latin1');
  out.writeUInt16BE(segment.readUInt16BE(5), 9);
  out.writeUInt16BE(segment.readUInt16BE(7), 11);
  out.writeUInt16BE(segment.readUInt16BE(9), 13);
  out[15] = segment[11]!;
  return out;
}

/**
 * The ICC profile's APP2 segments, kept only when they make one profile
 * (all of them in order, or else the first that is a whole profile alone):
 * an APP2 that merely starts like one goes with the other metadata.
 */
function iccSegments(segments: Buffer[]): Buffer[] {
  const sorted = [...segments].sort((a, b) => part(a).number - part(b).number);
  const profile = makeProfile(sorted) ? sorted : [segments.find((segment) => makeProfile([segment]))].filter((s) => s !== undefined);
  return profile.map((segment) => {
    const header = Buffer.alloc(4);
    header.writeUInt16BE(0xff00 | APP2, 0);
    header.writeUInt16BE(segment.length + 2, 2);
    return Buffer.concat([header, segment]);
  });
}

function jpegPictureOnly(bytes: Buffer): Buffer | null {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let jfif: Buffer | null = null;
  let adobe: Buffer | null = null;
  const icc: Buffer[] = [];
  let sawFrame = false;
  let at = 2;
  for (;;) {
    if (at >= bytes.length) return null; // no EOI: cut short
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === undefined) return null;
    if (marker === 0xff) {
      at += 1; // a fill byte before a marker
      continue;
    }
    if (marker === EOI) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // standalone markers carry nothing
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    const whole = bytes.subarray(at, end);
    const body = bytes.subarray(at + 4, end);
    if (marker === APP0 && !jfif && !sawFrame) jfif = cleanJfif(body);
    else if (marker === APP2 && body.subarray(0, ICC_PROFILE.length).equals(ICC_PROFILE) && body.length > ICC_PROFILE.length + 2)
      icc.push(body);
    else if (marker === APP14 && !adobe && (adobe = cleanAdobe(body))) kept.push(adobe);
    else if (DECODING_MARKERS.has(marker)) {
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xcc) sawFrame = true;
      kept.push(whole);
    } else if (marker === SOS) {
      // The scan's entropy-coded data runs to the next marker that is not 00 stuffing or a restart marker.
      let scan = end;
      while (scan + 1 < bytes.length) {
        if (bytes[scan] === 0xff) {
          const next = bytes[scan + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        scan++;
      }
      kept.push(bytes.subarray(at, scan));
      at = scan;
      continue;
    }
    // Anything else (APP1 EXIF/XMP, APP2 MPF, APP13 IPTC, APP15, COM, JPG extensions) is left out.
    at = end;
  }
  if (!sawFrame) return null;
  // JFIF (when it was there) comes right after SOI, then the profile, then the rest in its order.
  return Buffer.concat([kept[0]!, ...(jfif ? [jfif] : []), ...iccSegments(icc), ...kept.slice(1), Buffer.from([0xff, EOI])]);
}

// PNG -------------------------------------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** What decoding and colour need: header, palette and transparency, pixels, colour space and profile, pixel density. */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'pHYs']);

const PNG_PROFILE_NAME = Buffer.from('ICC profile\0\0', 'latin1');

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function pngPictureOnly(bytes: Buffer): Buffer | null {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  for (;;) {
    const length = bytes.readUInt32BE(at);
    const type = ascii(bytes, at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fff_ffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    if (at === 8 && type !== 'IHDR') return null;
    if (PNG_KEPT.has(type)) {
      const typeAndData = bytes.subarray(at + 4, at + 8 + length);
      if (crc32(typeAndData) !== bytes.readUInt32BE(at + 8 + length)) return null;
      if (type === 'iCCP') {
        // The first whole profile stays, under a name of ours (its own is free text), deflated by us.
        const data = bytes.subarray(at + 8, at + 8 + length);
        const nul = data.indexOf(0);
        if (nul < 1 || nul > 79) return null;
        const profile = kept.some((chunk) => ascii(chunk, 4, 8) === 'iCCP') ? null : inflatedProfile(data.subarray(nul + 1));
        if (profile) kept.push(pngChunk('iCCP', Buffer.concat([PNG_PROFILE_NAME, deflateSync(profile)])));
      } else kept.push(bytes.subarray(at, end));
    }
    at = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
}

// WebP ------------------------------------------------------------------------------------------------------------

/** VP8X flag bits: ICC profile, alpha and animation stay; EXIF, XMP and the reserved bits are cleared. */
const VP8X_ICC = 0x20;
const VP8X_ALPHA = 0x10;
const VP8X_ANIMATION = 0x02;
/** The chunks that draw a frame, inside the file or inside an ANMF. */
const FRAME_CHUNKS = new Set(['ALPH', 'VP8 ', 'VP8L']);

type Chunk = { fourcc: string; data: Buffer };

/** A RIFF chunk list: a fourcc, a 32-bit little-endian size, the data, a pad byte to even. */
function riffChunks(bytes: Buffer, start: number, end: number): Chunk[] | null {
  const chunks: Chunk[] = [];
  let at = start;
  while (at < end) {
    if (at + 8 > end) return null;
    const fourcc = ascii(bytes, at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (at + 8 + size > end) return null;
    chunks.push({ fourcc, data: bytes.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

function riffChunk({ fourcc, data }: Chunk): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function webpPictureOnly(bytes: Buffer): Buffer | null {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 12) !== 'WEBP') return null;
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length + 1) return null; // one missing pad byte is forgiven, as decoders do
  const chunks = riffChunks(bytes, 12, Math.min(riffEnd, bytes.length));
  if (!chunks || chunks.length === 0) return null;
  const kept: Chunk[] = [];
  if (chunks[0]!.fourcc !== 'VP8X') {
    // The simple format: one VP8 or VP8L chunk draws it; a decoder reads nothing else.
    const frame = chunks.find((chunk) => chunk.fourcc === 'VP8 ' || chunk.fourcc === 'VP8L');
    if (!frame) return null;
    kept.push(frame);
  } else {
    const header = Buffer.from(chunks[0]!.data);
    if (header.length !== 10) return null;
    // The first ICCP, when it is a whole profile; else none, and the flag says so.
    const firstIcc = chunks.find((chunk) => chunk.fourcc === 'ICCP');
    const icc = firstIcc && isWholeIccProfile(firstIcc.data) ? firstIcc : undefined;
    header[0] = (header[0]! & (VP8X_ALPHA | VP8X_ANIMATION)) | (icc ? VP8X_ICC : 0);
    header.fill(0, 1, 4);
    kept.push({ fourcc: 'VP8X', data: header });
    if (icc) kept.push(icc);
    for (const chunk of chunks.slice(1)) {
      if (chunk.fourcc === 'ANIM' || FRAME_CHUNKS.has(chunk.fourcc)) kept.push(chunk);
      else if (chunk.fourcc === 'ANMF') {
        // A frame: its 16-byte header, then its own chunks, of which only the drawing ones stay.
        if (chunk.data.length < 16) return null;
        const inner = riffChunks(chunk.data, 16, chunk.data.length);
        if (!inner) return null;
        const drawn = inner.filter((frame) => FRAME_CHUNKS.has(frame.fourcc));
        kept.push({ fourcc: 'ANMF', data: Buffer.concat([chunk.data.subarray(0, 16), ...drawn.map(riffChunk)]) });
      }
    }
    if (!kept.some((chunk) => chunk.fourcc === 'VP8 ' || chunk.fourcc === 'VP8L' || chunk.fourcc === 'ANMF')) return null;
  }
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...kept.map(riffChunk)]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}
