/**
 * The boxes of an ISO base media file (MP4, AVIF, HEIC), read without
 * trusting them: each box is a 32-bit size, a four-character type, then its
 * contents; a size of 1 means a 64-bit size follows, 0 that the box runs to
 * the end of the file. A box whose size does not fit where it sits, or
 * whose type is not four printable characters, makes the whole list null.
 */

export type IsoBox = { type: string; start: number; end: number; contentStart: number };

/** A box type is four printable characters (QuickTime's `©` included): the first bytes of an HTML page are not. */
const BOX_TYPE = /^[\x20-\x7e\xa9]{4}$/;

/** The boxes between `start` and `end`, which they must fill exactly; null when they don't. */
export function isoBoxes(bytes: Buffer, start = 0, end = bytes.length): IsoBox[] | null {
  const boxes: IsoBox[] = [];
  let at = start;
  while (at < end) {
    if (at + 8 > end) return null;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!BOX_TYPE.test(type)) return null;
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return null;
      const large = bytes.readBigUInt64BE(at + 8);
      if (large > BigInt(end - at)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return null;
    boxes.push({ type, start: at, end: at + size, contentStart: at + header });
    at += size;
  }
  return boxes;
}
