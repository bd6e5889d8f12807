import type { Metadata } from 'sharp';
import type { ImageKind } from './image-bytes.server';
import { avifHoldsOnlyPicture } from './avif-items.server';
import { fitForSite, needsFitting, type RasterKind } from './fit-for-site.server';
import { pictureOnly } from './picture-only.server';

/**
 * A raster upload (JPEG, PNG, WebP, AVIF, GIF) checked and made to hold
 * only its picture, before it is stored:
 *
 * - sharp must read its header as the type its bytes claim, within the
 *   pixel limit, and decode it whole, as the build's image pipeline will.
 * - What is stored shows the picture and nothing else: its pixels, upright,
 *   with its colour profile. A JPEG, PNG or WebP is rewritten to the
 *   segments or chunks a decoder needs (picture-only.server.ts), its coded
 *   pixels copied as they are; one whose EXIF turns it is re-encoded
 *   upright first, since the turn lives in the EXIF that goes. An AVIF is
 *   kept as it is only when it holds nothing but its picture
 *   (avif-items.server.ts), else re-encoded.
 * - A GIF is stored as PNG: the build takes no GIF (an animation belongs in
 *   the Video block), and PNG keeps every pixel of a still one.
 * - A photo larger than the site uses is made that size (fit-for-site.server.ts).
 */

/** 100 megapixels: a 10,000 × 10,000 px image fits; a decompression bomb (a tiny PNG of 50,000 × 50,000) does not. */
export const MAX_PIXELS = 100_000_000;

export type CheckedRaster = { ok: true; bytes: Buffer; kind: RasterKind } | { ok: false; status: 413 | 415; error: string };

/** The format name sharp reports for each kind (AVIF is read by libheif, and must be AV1-coded). */
const SHARP_FORMAT: Record<Exclude<ImageKind, 'svg'>, string> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'heif' };

const refused = <S extends 413 | 415>(status: S, error: string) => ({ ok: false as const, status, error });

/**
 * sharp (libvips) is loaded on the first upload, not with the server: the
 * site's function serves every public page, and its cold start must not
 * pay for a native library only the owner's uploads use.
 */
export const loadSharp = async () => (await import('sharp')).default;

/** The rewritten bytes, or the same buffer when nothing had to go (a file kept byte for byte is still named by its own hash). */
function rewritten(kind: RasterKind, bytes: Buffer): Buffer | null {
  if (kind === 'avif') return bytes; // sharp wrote it: its picture only
  const clean = pictureOnly(kind, bytes);
  return clean && clean.equals(bytes) ? bytes : clean;
}

export async function checkRaster(kind: Exclude<ImageKind, 'svg'>, bytes: Buffer): Promise<CheckedRaster> {
  const sharp = await loadSharp();
  const label = kind.toUpperCase();
  const damaged = refused(415, `This ${label} image is damaged or incomplete and can't be read; export it again.`);
  const options = { limitInputPixels: MAX_PIXELS, animated: kind === 'webp' || kind === 'avif' };
  let meta: Metadata;
  try {
    // Headers only, without the pixel limit (sharp would refuse with its own words): the limit is checked just below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refused(415, `This file starts like a ${label} image but can't be read as one; export it again as PNG or JPEG.`);
  }
  if (meta.format !== SHARP_FORMAT[kind] || (kind === 'avif' && meta.compression !== 'av1')) {
    return refused(415, `This file starts like a ${label} image but is not one; export it again as PNG or JPEG.`);
  }
  if (!meta.width || !meta.height) return refused(415, `This ${label} image has no size; export it again.`);
  if (meta.width * meta.height > MAX_PIXELS) {
    return refused(
      413,
      `This image is ${meta.width} × ${meta.height} pixels; the limit is ${MAX_PIXELS / 1e6} megapixels. Export it smaller (2,400 pixels wide is plenty for the site).`,
    );
  }
  if (kind === 'gif' && (meta.pages ?? 1) > 1) {
    return refused(
      415,
      'This GIF is animated, and the site shows images still: export the animation as an MP4 video and use the Video block.',
    );
  }
  // A full decode (streamed, so memory stays small): a truncated or corrupt file fails here, as it would in the build.
  const decodes = async (image: Buffer) => {
    await sharp(image, options).resize(32, 32, { fit: 'inside' }).png().toBuffer();
  };
  try {
    if (kind === 'gif') {
      const png = rewritten('png', await sharp(bytes, options).png().toBuffer());
      return png ? { ok: true, kind: 'png', bytes: png } : damaged;
    }
    const upright = meta.autoOrient ?? meta;
    if (needsFitting(upright, bytes.length)) {
      await decodes(bytes);
      // Resized, upright and in sRGB (sharp converts with the embedded profile and drops it).
      const make = (side: number) =>
        sharp(bytes, options).autoOrient().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
      const fitted = await fitForSite(kind, Boolean(meta.hasAlpha), make);
      const clean = rewritten(fitted.kind, fitted.bytes);
      return clean ? { ok: true, kind: fitted.kind, bytes: clean } : damaged;
    }
    const turned = (meta.orientation ?? 1) > 1;
    if (!turned && (kind === 'avif' ? avifHoldsOnlyPicture(bytes) : true)) {
      const clean = kind === 'avif' ? bytes : pictureOnly(kind, bytes);
      if (!clean) return damaged;
      // What is decoded is what is stored.
      await decodes(clean);
      return { ok: true, kind, bytes: clean.equals(bytes) ? bytes : clean };
    }
    await decodes(bytes);
    // Upright first: the orientation lives in the EXIF that is about to go. The colour profile stays.
    const image = sharp(bytes, options).autoOrient().keepIccProfile();
    const encoded =
      kind === 'jpeg'
        ? image.jpeg({ quality: 92, chromaSubsampling: meta.chromaSubsampling === '4:4:4' ? '4:4:4' : '4:2:0' })
        : kind === 'png'
          ? image.png()
          : kind === 'webp'
            ? image.webp({ quality: 92 })
            : image.avif({ quality: 75, effort: 2 });
    const clean = rewritten(kind, await encoded.toBuffer());
    return clean ? { ok: true, kind, bytes: clean } : damaged;
  } catch {
    return damaged;
  }
}
