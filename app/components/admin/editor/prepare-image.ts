import { megabytes, PREPARED_IMAGE_BYTES } from '~/http/platform-limits';
import { HEIC_ADVICE, LARGEST_PHOTO_BYTES, LARGEST_PHOTO_SIDE, SITE_IMAGE_SIDE } from '~/editing/uploads/image-formats';

/**
 * A photo made the size the site can use, in the browser, before it is
 * sent: a request to a Netlify function carries at most 6 MB (a file in it
 * about 4.5 MB), and a camera's photo is often 10–25 MB. The picture is
 * decoded upright (its EXIF orientation applied), in sRGB, its long side
 * brought to SITE_IMAGE_SIDE (the largest variant is 2,400 px wide, with a
 * margin for zoom), and encoded to at most PREPARED_IMAGE_BYTES: JPEG, or
 * PNG for a small drawing with transparency, else WebP. The original stays
 * on her machine. A file already within all that (and an SVG or a GIF) is
 * sent as it is: the server makes it upright and drops its metadata.
 * The server does the same for a file that arrives large
 * (uploads/fit-for-site.server.ts).
 */

export type Prepared = { ok: true; file: File; note?: string } | { ok: false; error: string };

const SENT_AS_IS = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
const QUALITIES = [0.9, 0.85, 0.8, 0.72];

const isHeic = (file: File) => /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
const isVectorOrGif = (file: File) => file.type === 'image/svg+xml' || file.type === 'image/gif' || /\.(svg|gif)$/i.test(file.name);

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

function draw(
  bitmap: ImageBitmap,
  side: number,
): { canvas: Canvas; context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D } | null {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = canvasOf(width, height);
  const context = canvas.getContext('2d', { colorSpace: 'srgb' }) as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) return null;
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return { canvas, context };
}

function hasTransparency(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, width: number, height: number): boolean {
  const pixels = context.getImageData(0, 0, width, height).data;
  for (let at = 3; at < pixels.length; at += 4) if (pixels[at]! < 255) return true;
  return false;
}

const renamed = (name: string, type: string) =>
  `${name.replace(/\.[^.]*$/, '') || 'image'}.${type === 'image/jpeg' ? 'jpg' : type.slice('image/'.length)}`;

/** `onStep` says what is happening, in her words. */
export async function prepareImage(file: File, onStep: (text: string) => void = () => undefined): Promise<Prepared> {
  if (isVectorOrGif(file)) return { ok: true, file };
  if (file.size > LARGEST_PHOTO_BYTES)
    return {
      ok: false,
      error: `This file is ${megabytes(file.size)}; the editor takes up to ${LARGEST_PHOTO_BYTES / 1024 / 1024} MB. Export it smaller (2,400 pixels wide, as JPEG, is plenty for the site) and upload that.`,
    };
  if (typeof createImageBitmap !== 'function') return { ok: true, file };
  onStep('Opening the photo…');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image', colorSpaceConversion: 'default', premultiplyAlpha: 'none' });
  } catch {
    if (isHeic(file)) return { ok: false, error: HEIC_ADVICE };
    return {
      ok: false,
      error: 'This file could not be opened as an image. Open it in an image app, export it as JPEG or PNG, and upload that.',
    };
  }
  try {
    const { width, height } = bitmap;
    if (Math.max(width, height) > LARGEST_PHOTO_SIDE)
      return {
        ok: false,
        error: `This image is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; the editor takes up to ${LARGEST_PHOTO_SIDE.toLocaleString('en-US')} on each side. Export it smaller (2,400 pixels wide is plenty for the site) and upload that.`,
      };
    const fits = Math.max(width, height) <= SITE_IMAGE_SIDE && file.size <= PREPARED_IMAGE_BYTES;
    if (fits && SENT_AS_IS.has(file.type)) return { ok: true, file };

    onStep('Making the photo the right size for the site…');
    let side = Math.min(SITE_IMAGE_SIDE, Math.max(width, height));
    for (let round = 0; round < 4; round++) {
      const drawn = draw(bitmap, side);
      if (!drawn) break;
      const { canvas, context } = drawn;
      // Transparency is kept (PNG when small enough, else WebP); a photo becomes JPEG.
      const transparent = file.type !== 'image/jpeg' && hasTransparency(context, canvas.width, canvas.height);
      const tries: [string, number][] = transparent
        ? [['image/png', 1], ...QUALITIES.map((q): [string, number] => ['image/webp', q])]
        : QUALITIES.map((q) => ['image/jpeg', q]);
      for (const [type, quality] of tries) {
        const blob = await encode(canvas, type, quality);
        // A browser that cannot encode WebP gives PNG: only what was asked for counts.
        if (!blob || blob.type !== type || blob.size > PREPARED_IMAGE_BYTES) continue;
        const made = new File([blob], renamed(file.name, type), { type });
        const note =
          canvas.width < width
            ? `Made ${canvas.width.toLocaleString('en-US')} × ${canvas.height.toLocaleString('en-US')} pixels (${megabytes(made.size)}) from your ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} photo (${megabytes(file.size)}). Your original stays on your computer.`
            : undefined;
        return { ok: true, file: made, ...(note ? { note } : {}) };
      }
      side = Math.round(side * 0.8);
    }
    return {
      ok: false,
      error: 'This image could not be made small enough to send. Export it as JPEG, 2,400 pixels wide, and upload that.',
    };
  } finally {
    bitmap.close();
  }
}
