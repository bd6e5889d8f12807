import { isoBoxes } from './iso-boxes.server';
import type { VideoKind } from './video-formats';
import { webmIsWhole } from './webm-elements.server';

/**
 * What a video file is, judged by its first bytes, never by its name or the
 * browser's word:
 * - MP4: an ISO base media file, whose first box is `ftyp` (a 32-bit size,
 *   then the type, then the major brand). HEIC and AVIF photos are ISO
 *   files too, told apart by their brand; so is a QuickTime movie (`qt  `),
 *   which not every browser plays.
 * - WebM: an EBML header (1A 45 DF A3) whose DocType is `webm` (a Matroska
 *   `.mkv` says `matroska`, and browsers do not all play it).
 *
 * Then `videoIsWhole` reads the whole file's structure, so a file that only
 * starts like a video (a valid first box, then a page) is not one.
 */

const NOT_VIDEO_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'mif2', 'msf1', 'qt  ']);
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const DOC_TYPE = Buffer.from([0x42, 0x82]);

function isMp4(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxSize = bytes.readUInt32BE(0);
  if (boxSize < 16 || boxSize > Math.min(bytes.length, 4096) || boxSize % 4 !== 0) return false;
  const brand = bytes.toString('latin1', 8, 12);
  return /^[\x20-\x7e]{4}$/.test(brand) && !NOT_VIDEO_BRANDS.has(brand);
}

/** The EBML header's DocType, read from within its first bytes (its elements are small and come first). */
function ebmlDocType(bytes: Buffer): string | null {
  if (bytes.length < 8 || !bytes.subarray(0, 4).equals(EBML)) return null;
  const at = bytes.subarray(0, 64).indexOf(DOC_TYPE, 4);
  if (at < 0 || at + 3 > bytes.length) return null;
  // The size is an EBML variable-length integer; a DocType's is one byte (high bit set, seven bits of length).
  const sizeByte = bytes[at + 2]!;
  if (!(sizeByte & 0x80)) return null;
  const length = sizeByte & 0x7f;
  if (at + 3 + length > bytes.length) return null;
  return bytes.toString('latin1', at + 3, at + 3 + length).replace(/\0+$/, '');
}

export function sniffVideo(bytes: Buffer): VideoKind | null {
  if (!Buffer.isBuffer(bytes)) return null;
  if (isMp4(bytes)) return 'mp4';
  if (ebmlDocType(bytes) === 'webm') return 'webm';
  return null;
}

/** A QuickTime movie (what a Mac's screen recording saves): worth its own advice. */
export function looksLikeQuickTime(bytes: Buffer): boolean {
  return (
    Buffer.isBuffer(bytes) && bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && bytes.toString('latin1', 8, 12) === 'qt  '
  );
}

/** The top-level boxes an MP4 may hold (ISO 14496-12 and the tools that write MP4s: `wide` from QuickTime's heritage). */
const MP4_TOP_LEVEL = new Set([
  'ftyp',
  'styp',
  'moov',
  'mdat',
  'free',
  'skip',
  'wide',
  'uuid',
  'meta',
  'moof',
  'mfra',
  'sidx',
  'ssix',
  'prft',
  'emsg',
  'pdin',
  'udta',
]);

/**
 * An MP4 built as one: top-level boxes that fill the file exactly, each a
 * known kind with a size that fits, starting with `ftyp`, with the movie's
 * description (`moov`) and its media data (`mdat`), and every box inside
 * `moov` well-formed too.
 */
function mp4IsWhole(bytes: Buffer): boolean {
  const boxes = isoBoxes(bytes);
  if (!boxes || boxes[0]?.type !== 'ftyp' || boxes.some((box) => !MP4_TOP_LEVEL.has(box.type))) return false;
  const moov = boxes.filter((box) => box.type === 'moov');
  if (moov.length !== 1 || !boxes.some((box) => box.type === 'mdat')) return false;
  return isoBoxes(bytes, moov[0]!.contentStart, moov[0]!.end) !== null;
}

/** Whether the whole file is built as the video kind its first bytes say (sniffVideo). */
export function videoIsWhole(kind: VideoKind, bytes: Buffer): boolean {
  return kind === 'mp4' ? mp4IsWhole(bytes) : webmIsWhole(bytes);
}
