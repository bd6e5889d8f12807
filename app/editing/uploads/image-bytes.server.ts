/**
 * What an uploaded file is, from its first bytes (magic numbers), never from
 * its name or the type the browser declared: a renamed executable, page or
 * archive is still what its bytes say. What the file may carry besides its
 * picture is picture-only.server.ts's business.
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
