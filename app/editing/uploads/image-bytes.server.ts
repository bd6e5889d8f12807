/**
 * What an uploaded file is, from its first bytes (magic numbers), never from
 * its name or the type the browser declared: a renamed executable, page or
 * archive is still what its bytes say. And whether anything follows the
 * image's own end (a zip or a script appended to make a polyglot, a phone's
 * "motion photo" video), in which case check.server.ts re-encodes it.
 */

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** AVIF is an ISO-BMFF file whose `ftyp` box names `avif` (still) or `avis` (sequence) as its major or a compatible brand. */
function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const size = bytes.readUInt32BE(0);
  if (size < 16 || size > bytes.length || size % 4 !== 0 || size > 4096) return false;
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** HEIC/HEIF (an iPhone's photos): an ISO-BMFF file whose brands name HEVC-coded images, and not AVIF. */
export function looksLikeHeic(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp' || isAvif(bytes)) return false;
  const size = Math.min(bytes.readUInt32BE(0), bytes.length, 4096);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.some((brand) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand));
}

/**
 * An SVG is text: valid UTF-8 without NUL, starting (after a BOM and blank
 * space) with an XML declaration, a comment, a DOCTYPE or `<svg`. Whether it
 * really is an SVG, and a safe one, is svg-sanitize.server.ts's job.
 */
function looksLikeSvg(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  // Enough for an exporter's comments and DOCTYPE before the <svg> tag.
  const head = 65_536;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, head));
  } catch {
    // The cut may split a character: only a decode error before it counts.
    if (bytes.length <= head) return false;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, head - 3), { stream: true });
    } catch {
      return false;
    }
  }
  const start = text.replace(/^\ufeff/, '').trimStart();
  return /^<(?:\?xml[\s?]|!--|!DOCTYPE\s+svg[\s>]|svg[\s>/])/.test(start) && /<svg[\s>/]/.test(text);
}

/** The image type the bytes declare, or null for anything else. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}

/** A PNG ends with its IEND chunk. Returns the offset after it, or null when it is missing. */
function pngEnd(bytes: Buffer): number | null {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = ascii(bytes, at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at;
  }
  return null;
}

/**
 * A JPEG ends at the EOI marker of its top-level stream: walk the marker
 * segments, and skip each scan's entropy-coded data (where FF is followed by
 * 00 stuffing or a restart marker). An embedded EXIF thumbnail's own EOI sits
 * inside an APP1 segment, so it is skipped with it.
 */
function jpegEnd(bytes: Buffer): number | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes.readUInt8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
    if (marker === 0xda) {
      while (
        at + 1 < bytes.length &&
        !(bytes[at] === 0xff && bytes.readUInt8(at + 1) !== 0x00 && (bytes.readUInt8(at + 1) < 0xd0 || bytes.readUInt8(at + 1) > 0xd7))
      )
        at++;
    }
  }
  return null;
}

/** WebP: the RIFF header states the file's size (padded to even). */
function webpEnd(bytes: Buffer): number {
  const size = bytes.readUInt32LE(4);
  return 8 + size + (size % 2);
}

/** How many bytes follow the image's own end (0 when none, or when the format has no cheap way to tell). */
export function trailingBytes(kind: ImageKind, bytes: Buffer): number {
  const end = kind === 'png' ? pngEnd(bytes) : kind === 'jpeg' ? jpegEnd(bytes) : kind === 'webp' ? webpEnd(bytes) : bytes.length;
  if (end === null) return 0; // the decoder judges a damaged file
  return Math.max(0, bytes.length - end);
}
