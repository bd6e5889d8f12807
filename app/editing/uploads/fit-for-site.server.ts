import type { Metadata, Sharp } from 'sharp';
import { PREPARED_IMAGE_BYTES } from '~/http/platform-limits';
import { SITE_IMAGE_SIDE } from './image-formats';

/**
 * A raster image made the size the site can use, on the server: what the
 * editor's browser does before it sends a photo (kit/prepare-image.ts), for
 * the photos that arrive as they are (picked without JavaScript, or sent by
 * a tool). The site's largest variant is 2,400 px wide; the long side is
 * kept at SITE_IMAGE_SIDE for zoom. Upright, in sRGB, and at most
 * PREPARED_IMAGE_BYTES, so the draft, the commit and the variants made from
 * it stay small: its own format when that fits (a PNG without transparency
 * becomes JPEG), else JPEG (WebP when it has transparency), at a lower
 * quality, then smaller, until it does.
 */

export type RasterKind = 'jpeg' | 'png' | 'webp' | 'avif';

type Fitted = { kind: RasterKind; bytes: Buffer };

/** Whether an image of this size and weight needs fitting at all. */
export function needsFitting(meta: Pick<Metadata, 'width' | 'height'>, bytes: number): boolean {
  return Math.max(meta.width ?? 0, meta.height ?? 0) > SITE_IMAGE_SIDE || bytes > PREPARED_IMAGE_BYTES;
}

function encode(image: Sharp, kind: RasterKind, quality: number): Promise<Buffer> {
  switch (kind) {
    case 'jpeg':
      // libjpeg-turbo, not mozjpeg: several times faster, inside a function's 60 s, for a few percent more bytes.
      return image.jpeg({ quality }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 6 }).toBuffer();
    case 'webp':
      return image.webp({ quality, alphaQuality: 100 }).toBuffer();
    case 'avif':
      return image.avif({ quality: Math.round(quality * 0.7), effort: 2 }).toBuffer();
  }
}

/**
 * `make(side)` gives the image, upright and in sRGB, with its long side at
 * most `side`. Tried in order: its own format at high quality, then the
 * fallback format at falling quality, then smaller.
 */
export async function fitForSite(kind: RasterKind, hasAlpha: boolean, make: (side: number) => Sharp): Promise<Fitted> {
  const fallback: RasterKind = hasAlpha ? 'webp' : 'jpeg';
  // A PNG without transparency is a photo or a screenshot: JPEG, as the editor's browser makes it (a PNG of a photo is
  // large, and slow to encode). With transparency, PNG first, while it fits.
  const own: [RasterKind, number][] = kind === 'png' && !hasAlpha ? [] : [[kind, 88]];
  const tries: [RasterKind, number][] = [...own, [fallback, 86], [fallback, 78], [fallback, 70]];
  let side = SITE_IMAGE_SIDE;
  let last: Fitted | undefined;
  for (let round = 0; round < 4; round++) {
    for (const [format, quality] of round === 0 ? tries : tries.slice(-1)) {
      const bytes = await encode(make(side), format, quality);
      last = { kind: format, bytes };
      if (bytes.length <= PREPARED_IMAGE_BYTES) return last;
    }
    side = Math.round(side * 0.8);
  }
  // Four rounds bring any photo far under the budget; whatever came last is still a fine image.
  return last!;
}
