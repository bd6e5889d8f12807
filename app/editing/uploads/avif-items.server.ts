import { isoBoxes, type IsoBox } from './iso-boxes.server';

/**
 * Whether an AVIF holds nothing but its picture, judged by an allow-list
 * of what an encoder writes for one: the top-level boxes `ftyp`, `meta` and
 * `mdat`; in `meta` only the boxes that describe items; items that are
 * AV1-coded images (or a grid of them), never `Exif`, `mime` (XMP) or
 * `uri ` items; only the item properties that say how to draw them; and an
 * `mdat` whose every byte belongs to one of those items' extents.
 *
 * An AVIF is not rewritten like a JPEG (picture-only.server.ts): its items
 * are found by absolute offsets (`iloc`) that every removal would shift. One
 * that fails this check is re-encoded instead (check.server.ts), which keeps
 * only what sharp writes: the picture and its colour profile.
 */

const META_CHILDREN = new Set(['hdlr', 'pitm', 'iloc', 'iinf', 'iprp', 'iref', 'idat', 'dinf']);
const IMAGE_ITEMS = new Set(['av01', 'grid']);
/** Properties that say how to decode and show the picture: codec config, size, depth, colour, crop, rotation, alpha, light levels. */
const DRAWING_PROPERTIES = new Set([
  'av1C',
  'ispe',
  'pixi',
  'colr',
  'pasp',
  'clap',
  'irot',
  'imir',
  'auxC',
  'a1op',
  'a1lx',
  'lsel',
  'clli',
  'mdcv',
  'cclv',
  'amve',
]);
/** A grid's description (a few bytes) is all `idat` ever needs to hold. */
const LARGEST_IDAT = 64;

const only = (boxes: IsoBox[], type: string) => {
  const found = boxes.filter((box) => box.type === type);
  return found.length === 1 ? found[0]! : null;
};

/** A FullBox's children start after its 4 bytes of version and flags. */
const fullBoxChildren = (bytes: Buffer, box: IsoBox) => isoBoxes(bytes, box.contentStart + 4, box.end);

function itemTypes(bytes: Buffer, iinf: IsoBox): string[] | null {
  const version = bytes[iinf.contentStart]!;
  const entriesAt = iinf.contentStart + 4 + (version === 0 ? 2 : 4);
  const entries = isoBoxes(bytes, entriesAt, iinf.end);
  if (!entries) return null;
  const types: string[] = [];
  for (const entry of entries) {
    const entryVersion = bytes[entry.contentStart]!;
    if (entry.type !== 'infe' || entryVersion < 2) return null;
    // version 2: a 16-bit item ID; version 3: 32-bit; then a 16-bit protection index, then the type.
    const typeAt = entry.contentStart + 4 + (entryVersion === 2 ? 2 : 4) + 2;
    types.push(bytes.toString('latin1', typeAt, typeAt + 4));
  }
  return types;
}

/** The byte ranges the items' extents name (file offsets), or null when any is built another way than from the file. */
function itemExtents(bytes: Buffer, iloc: IsoBox): [number, number][] | null {
  let at = iloc.contentStart;
  const version = bytes[at]!;
  at += 4;
  const offsetSize = bytes[at]! >> 4;
  const lengthSize = bytes[at]! & 0x0f;
  const baseOffsetSize = bytes[at + 1]! >> 4;
  const indexSize = version >= 1 ? bytes[at + 1]! & 0x0f : 0;
  at += 2;
  const read = (size: number) => {
    if (size !== 0 && size !== 4 && size !== 8) throw new RangeError('field size');
    const value = size === 0 ? 0 : size === 4 ? bytes.readUInt32BE(at) : Number(bytes.readBigUInt64BE(at));
    at += size;
    return value;
  };
  const itemCount = version < 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  const extents: [number, number][] = [];
  for (let item = 0; item < itemCount; item++) {
    at += version < 2 ? 2 : 4; // item ID
    if (version >= 1) {
      const construction = bytes.readUInt16BE(at) & 0x0f;
      at += 2;
      // 1 is "from idat" (a grid's description, checked by size); anything else is not a plain picture.
      if (construction > 1) return null;
    }
    at += 2; // data reference index
    const base = read(baseOffsetSize);
    const count = bytes.readUInt16BE(at);
    at += 2;
    for (let extent = 0; extent < count; extent++) {
      read(indexSize);
      const offset = base + read(offsetSize);
      const length = read(lengthSize);
      extents.push([offset, offset + length]);
    }
    if (at > iloc.end) return null;
  }
  return extents;
}

/** True when the AVIF holds only its picture (see the module comment); false when it holds anything else, or can't be read. */
export function avifHoldsOnlyPicture(bytes: Buffer): boolean {
  try {
    const top = isoBoxes(bytes);
    if (!top || top.length !== 3 || top[0]!.type !== 'ftyp') return false;
    const meta = only(top, 'meta');
    const mdat = only(top, 'mdat');
    if (!meta || !mdat) return false;
    const children = fullBoxChildren(bytes, meta);
    if (!children || children.some((box) => !META_CHILDREN.has(box.type))) return false;
    const idat = children.find((box) => box.type === 'idat');
    if (idat && idat.end - idat.contentStart > LARGEST_IDAT) return false;
    const iinf = only(children, 'iinf');
    const iloc = only(children, 'iloc');
    const iprp = only(children, 'iprp');
    if (!iinf || !iloc || !iprp) return false;
    const types = itemTypes(bytes, iinf);
    if (!types || types.some((type) => !IMAGE_ITEMS.has(type))) return false;
    const ipco = only(isoBoxes(bytes, iprp.contentStart, iprp.end) ?? [], 'ipco');
    const properties = ipco && isoBoxes(bytes, ipco.contentStart, ipco.end);
    if (!properties || properties.some((box) => !DRAWING_PROPERTIES.has(box.type))) return false;
    // The items' extents in the file must tile mdat's contents exactly: no byte there that no item names.
    const extents = itemExtents(bytes, iloc);
    if (!extents) return false;
    const inFile = extents.filter(([start, end]) => end > start && start >= mdat.contentStart).sort((a, b) => a[0] - b[0]);
    let covered = mdat.contentStart;
    for (const [start, end] of inFile) {
      if (start > covered || end > mdat.end) return false;
      covered = Math.max(covered, end);
    }
    return covered === mdat.end;
  } catch {
    return false;
  }
}
