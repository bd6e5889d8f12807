/**
 * Whether a WebM file is built as one, read element by element (EBML: an
 * ID, a size, the data; IDs and sizes are variable-length integers): an
 * EBML header whose children fill it exactly, then one Segment that runs to
 * the end of the file and holds the segment's own elements (track info,
 * tracks, clusters of frames…), each with a valid ID and a size that fits.
 * A WebM header followed by a page, or by anything else, is not one.
 *
 * Bounded: a file is at most a few MB (video-formats.ts), every step moves
 * forward, and only the Segment's top level (and an unknown-size Cluster's
 * children, as a browser's recorder writes them) is walked.
 */

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
/** The elements a Segment holds at its top level. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  0x1549a966, // Info
  0x1654ae6b, // Tracks
  CLUSTER,
  0x1c53bb6b, // Cues
  0x1043a770, // Chapters
  0x1254c367, // Tags
  0x1941a469, // Attachments
  0xec, // Void
  0xbf, // CRC-32
]);
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;

type Vint = { value: number; length: number; unknown: boolean };

/** A variable-length integer at `at`: its length is told by the first byte's leading zeros (1 to 8 bytes). */
function vint(bytes: Buffer, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = (first & (0xff >> length)) === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

type Element = { id: number; dataStart: number; end: number; unknownSize: boolean };

/** One element's ID and size at `at`, within `limit`; an ID is 1 to 4 bytes, and its value bits not all zeros or ones. */
function element(bytes: Buffer, at: number, limit: number): Element | null {
  const id = vint(bytes, at, true);
  if (!id || id.length > 4) return null;
  const valueBits = id.value - 2 ** (7 * id.length);
  if (valueBits === 0 || valueBits === 2 ** (7 * id.length) - 1) return null;
  const size = vint(bytes, at + id.length, false);
  if (!size) return null;
  const dataStart = at + id.length + size.length;
  if (size.unknown) return { id: id.value, dataStart, end: limit, unknownSize: true };
  const end = dataStart + size.value;
  if (end > limit) return null;
  return { id: id.value, dataStart, end, unknownSize: false };
}

/** The elements from `start` that fill the range to `end` exactly, all of known size. */
function children(bytes: Buffer, start: number, end: number, stopAt?: Set<number>): { ids: number[]; end: number } | null {
  const ids: number[] = [];
  let at = start;
  while (at < end) {
    const child = element(bytes, at, end);
    if (!child) return null;
    if (stopAt?.has(child.id)) return { ids, end: at };
    if (child.unknownSize) return null;
    ids.push(child.id);
    at = child.end;
  }
  return { ids, end: at };
}

/** True when the bytes are a WebM file built as one (see the module comment). */
export function webmIsWhole(bytes: Buffer): boolean {
  const header = element(bytes, 0, bytes.length);
  if (!header || header.id !== EBML_HEADER || header.unknownSize) return false;
  if (!children(bytes, header.dataStart, header.end)) return false;
  const segment = element(bytes, header.end, bytes.length);
  if (!segment || segment.id !== SEGMENT || segment.end !== bytes.length) return false;
  const seen = new Set<number>();
  let at = segment.dataStart;
  while (at < segment.end) {
    const child = element(bytes, at, segment.end);
    if (!child || !SEGMENT_CHILDREN.has(child.id)) return false;
    seen.add(child.id);
    if (child.unknownSize) {
      // Only a Cluster may leave its size open (a recorder writing as it goes): it ends where the next one starts.
      if (child.id !== CLUSTER) return false;
      const frames = children(bytes, child.dataStart, segment.end, SEGMENT_CHILDREN);
      if (!frames) return false;
      at = frames.end;
    } else {
      at = child.end;
    }
  }
  return seen.has(INFO) && seen.has(TRACKS) && seen.has(CLUSTER);
}
