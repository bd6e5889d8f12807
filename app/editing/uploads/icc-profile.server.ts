import { inflateSync } from 'node:zlib';

/**
 * Whether bytes are an ICC colour profile and nothing else: the one check
 * for a JPEG's joined APP2 pieces, a PNG's inflated iCCP and a WebP's ICCP.
 *
 * A profile is a 128-byte header, a tag table (a count, then 12 bytes per
 * tag: signature, offset, size) and the tags' data. A decoder reads only
 * what the table points at, so any byte it does not point at is room for
 * text (a 128-byte header with the right size and `acsp`, then a page,
 * passed an earlier check that read only those two fields). Here every byte
 * past the table must belong to a tag, bar up to 3 zero bytes of padding
 * between or after tags, which real profiles have to align the next tag to
 * 4 bytes. Two tags pointing at the same data (as sRGB's rTRC, gTRC and
 * bTRC do) are fine.
 */

const HEADER_LENGTH = 128;
const TAG_ENTRY_LENGTH = 12;
const MAX_PADDING = 3;
/** Far past any real profile (a printer's runs to a few MB); a larger one is a zlib bomb. */
const MAX_PROFILE_LENGTH = 16 * 1024 * 1024;

const zeros = (bytes: Buffer, start: number, end: number) => end - start <= MAX_PADDING && bytes.subarray(start, end).every((b) => b === 0);

export function isWholeIccProfile(profile: Buffer): boolean {
  if (profile.length < HEADER_LENGTH + 4) return false;
  if (profile.readUInt32BE(0) !== profile.length || profile.toString('latin1', 36, 40) !== 'acsp') return false;
  const count = profile.readUInt32BE(HEADER_LENGTH);
  const tableEnd = HEADER_LENGTH + 4 + count * TAG_ENTRY_LENGTH;
  if (count < 1 || tableEnd > profile.length) return false;
  const tags: Array<{ start: number; end: number }> = [];
  for (let entry = HEADER_LENGTH + 4; entry < tableEnd; entry += TAG_ENTRY_LENGTH) {
    const start = profile.readUInt32BE(entry + 4);
    const end = start + profile.readUInt32BE(entry + 8);
    if (start < tableEnd || end > profile.length) return false;
    tags.push({ start, end });
  }
  tags.sort((a, b) => a.start - b.start);
  // Walk the tags in order: what lies between the table and the first tag, between tags and after the last is padding or nothing.
  let covered = tableEnd;
  for (const { start, end } of tags) {
    if (start > covered && !zeros(profile, covered, start)) return false;
    covered = Math.max(covered, end);
  }
  return zeros(profile, covered, profile.length);
}

/**
 * An iCCP's profile (after its name: the compression method, 0, then a
 * zlib stream) when it inflates to a whole profile, else null and the
 * picture stays untagged sRGB. The caller deflates it again itself: a zlib
 * stream can carry bytes after its end.
 */
export function inflatedProfile(compressed: Buffer): Buffer | null {
  if (compressed[0] !== 0) return null;
  try {
    const profile = inflateSync(compressed.subarray(1), { maxOutputLength: MAX_PROFILE_LENGTH });
    return isWholeIccProfile(profile) ? profile : null;
  } catch {
    return null; // not zlib, or a bomb
  }
}
