import { createHash } from 'node:crypto';
import { checkContentPath } from '~/editing/documents/content-path.server';
import { slugify } from '~/content/slug';
import { documentKind } from '~/editing/documents/kinds';
import { imageFieldOf, imageSrcFor } from '~/editing/documents/image-fields';
import { looksLikeHeic, sniffImage, type ImageKind } from './image-bytes.server';
import { sanitizeSvg } from './svg-sanitize.server';
import { checkRaster, loadSharp } from './check-raster.server';
import { HEIC_ADVICE, LARGEST_PHOTO_BYTES } from './image-formats';

/**
 * The checks on an image the designer uploads into a case study, before the
 * upload route stores it (as a draft file, then in the publish commit). Pure:
 * bytes in, the bytes to store and where, or a refusal with a status and a
 * sentence the editor shows as it is.
 *
 * - The type comes from the bytes (image-bytes.server.ts), then sharp must
 *   decode the whole image, as the build's image pipeline will.
 * - The name is made here: the browser's file name only lends a readable
 *   stem; its folders, dots and odd characters never reach a path.
 * - A photo keeps only what shows it: its pixels, upright, with its colour
 *   profile. Metadata (EXIF GPS position, camera serial, XMP, comments,
 *   private chunks) and anything appended after the image go; a GIF becomes
 *   PNG; a photo larger than the site uses (over 3,200 px on its long side,
 *   or over 3 MB) is made that size here, as the editor's browser does
 *   before it sends one (check-raster.server.ts says how).
 */

/**
 * One uploaded image file at most, as the server reads it (what a draft's
 * images may add up to is drafts/images.server.ts's MAX_DRAFT_UPLOAD_BYTES). On
 * Netlify a request never carries this much: the editor's browser resizes a
 * photo first, and without JavaScript the platform's limit comes first.
 */
export const MAX_IMAGE_FILE_BYTES = LARGEST_PHOTO_BYTES;
export const MAX_ALT = 300;
const MAX_STEM = 50;

/** A document that holds media: a case study, or a page of her own (both are written with a story's blocks). */
const MEDIA_DOCUMENT = /^content\/(case-studies|pages)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.mdx$/;

/** Where a case study's or a page's media go (content/<folder>/<slug>/), and what she calls the document. */
export function mediaHome(documentPath: unknown): { folder: string; slug: string; noun: 'case study' | 'page' } | null {
  const match = MEDIA_DOCUMENT.exec(typeof documentPath === 'string' ? documentPath : '');
  if (!match?.[1] || !match[2]) return null;
  return { folder: `content/${match[1]}`, slug: match[2], noun: match[1] === 'pages' ? 'page' : 'case study' };
}

export type StoredType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' | 'image/svg+xml';

export type UploadInput = {
  /** The name the browser sent: only its stem is used, folded to a slug. */
  fileName: string;
  bytes: Buffer;
  /** The browser's Content-Type: never trusted, not even as a hint. */
  declaredType?: string;
  alt: string;
  /** Content path of the case study or page the image goes into, e.g. content/case-studies/office-depot.mdx. */
  documentPath: string;
};

export type UploadResult =
  | {
      ok: true;
      /** Where to store it: content/case-studies/<slug>/<name>.<ext> (content/pages/… for a page). */
      path: string;
      /** How the MDX names it, relative to its document's folder: ./<slug>/<name>.<ext>. */
      src: string;
      /** The bytes to store: the upload's own, or re-encoded without metadata. */
      bytes: Buffer;
      mediaType: StoredType;
      /** Trimmed. */
      alt: string;
    }
  | { ok: false; status: 400 | 413 | 415; error: string };

const EXTENSIONS: Record<Exclude<ImageKind, 'gif'>, { ext: string; type: StoredType }> = {
  jpeg: { ext: 'jpg', type: 'image/jpeg' },
  png: { ext: 'png', type: 'image/png' },
  webp: { ext: 'webp', type: 'image/webp' },
  avif: { ext: 'avif', type: 'image/avif' },
  svg: { ext: 'svg', type: 'image/svg+xml' },
};

const refused = <S extends 400 | 413 | 415>(status: S, error: string) => ({ ok: false as const, status, error });

/**
 * "../../../Ünïcode Façade (final).PNG" → "unicode-facade-final": the last
 * segment of either separator, without its extension, accents folded, then
 * lowercase letters, digits and single hyphens only.
 */
export function safeStem(fileName: string): string {
  const base = String(fileName).split(/[/\\]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const folded = slugify(stem);
  return folded.slice(0, MAX_STEM).replace(/-+$/, '') || 'image';
}

/** Alt text: what a screen reader says instead of the image, so it is required and plain. */
export function checkAlt(alt: unknown): { ok: true; alt: string } | { ok: false; error: string } {
  const text = typeof alt === 'string' ? alt.trim() : '';
  if (!text) return { ok: false, error: 'Add alt text: say what the image shows, for people who can’t see it.' };
  if ([...text].length > MAX_ALT)
    return { ok: false, error: `Add alt text of at most ${MAX_ALT} characters; a longer description belongs in the caption or the text.` };
  if (/\p{Cc}/u.test(text)) return { ok: false, error: 'Add alt text on one line, without control characters.' };
  return { ok: true, alt: text };
}

type Checked = { ok: true; bytes: Buffer; kind: Exclude<ImageKind, 'gif'> } | { ok: false; status: 413 | 415; error: string };

/** An SVG passes the sanitizer, then sharp (librsvg, as in the build) must be able to draw it. */
async function checkSvg(bytes: Buffer): Promise<Checked> {
  const sharp = await loadSharp();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refused(415, 'This SVG is not saved as UTF-8 text; export it again.');
  }
  const clean = sanitizeSvg(text);
  if (!clean.ok) return refused(415, `${clean.reason} Export it again without that, or as PNG.`);
  const out = Buffer.from(clean.svg, 'utf8');
  try {
    const meta = await sharp(out).metadata();
    if (!meta.width || !meta.height)
      return refused(415, 'This SVG has no size of its own: export it again with its width and height, or use a PNG.');
    // Drawn small, whatever size it declares: only whether it draws matters here.
    const density = Math.max(1, Math.min(72, (72 * 64) / Math.max(meta.width, meta.height)));
    await sharp(out, { density }).png().toBuffer();
  } catch {
    return refused(415, 'This SVG can’t be drawn (it is damaged or uses features the site’s image tools don’t read); export it again.');
  }
  return { ok: true, kind: 'svg', bytes: out };
}

type CheckedImage = { ok: true; bytes: Buffer; ext: string; mediaType: StoredType };

/** Size, type by bytes, full decode, metadata and SVG checks: what every image upload goes through, whatever it is for. */
async function checkImageBytes(bytes: Buffer): Promise<CheckedImage | { ok: false; status: 400 | 413 | 415; error: string }> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) return refused(400, 'The file is empty; choose the image again.');
  if (bytes.length > MAX_IMAGE_FILE_BYTES) {
    return refused(
      413,
      `This file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_IMAGE_FILE_BYTES / 1024 / 1024} MB. Export it smaller (2,400 pixels wide is plenty for the site).`,
    );
  }
  const kind = sniffImage(bytes);
  if (!kind && looksLikeHeic(bytes)) return refused(415, HEIC_ADVICE);
  if (!kind) return refused(415, 'This file is not a JPEG, PNG, WebP, AVIF, GIF or SVG image (judged by its contents, not its name).');
  const checked = kind === 'svg' ? await checkSvg(bytes) : await checkRaster(kind, bytes);
  if (!checked.ok) return checked;
  const { ext, type } = EXTENSIONS[checked.kind];
  return { ok: true, bytes: checked.bytes, ext, mediaType: type };
}

/** The hash is of the upload itself: the same file always gets the same name, two different files never share one. */
function storedName(fileName: string, uploaded: Buffer, ext: string): string {
  const hash = createHash('sha256').update(uploaded).digest('hex').slice(0, 8);
  return `${safeStem(fileName)}-${hash}.${ext}`;
}

/** Checks an upload for a case study or a page; see the module comment. */
export async function checkUpload(input: UploadInput): Promise<UploadResult> {
  const home = mediaHome(input.documentPath);
  if (!home) return refused(400, 'Images can only be added to a case study or a page.');
  const checked = await checkImageBytes(input.bytes);
  if (!checked.ok) return checked;
  const alt = checkAlt(input.alt);
  if (!alt.ok) return refused(400, alt.error);

  const name = storedName(input.fileName, input.bytes, checked.ext);
  const path = `${home.folder}/${home.slug}/${name}`;
  try {
    checkContentPath(path);
  } catch {
    return refused(400, `This ${home.noun}’s name is too long to hold images; rename it first.`);
  }
  return { ok: true, path, src: `./${home.slug}/${name}`, bytes: checked.bytes, mediaType: checked.mediaType, alt: alt.alt };
}

export type FieldImageInput = {
  fileName: string;
  bytes: Buffer;
  /** The content file whose field takes the image, e.g. content/site.yml. */
  documentPath: string;
  /** The image field: photos.profile, photos.about (site.yml) or image (a case study). */
  field: string;
};

export type FieldImageResult =
  { ok: true; path: string; src: string; bytes: Buffer; mediaType: StoredType } | { ok: false; status: 400 | 413 | 415; error: string };

/**
 * Checks an image that replaces a photo or a card image: the same checks as
 * a story image. It is stored beside the content (content/images/ for the
 * site's photos, the case study's own folder for its card) and named by a
 * path relative to the file that names it. Its alt text is a field of its own.
 */
export async function checkFieldImage(input: FieldImageInput): Promise<FieldImageResult> {
  const kind = typeof input.documentPath === 'string' ? documentKind(input.documentPath) : null;
  const spec = kind ? imageFieldOf(String(input.field), kind) : undefined;
  if (!kind || !spec) return refused(400, 'That field takes no image: photos go on the site details, a card image on a case study.');
  const checked = await checkImageBytes(input.bytes);
  if (!checked.ok) return checked;
  const path = `${spec.folder(input.documentPath)}${storedName(input.fileName, input.bytes, checked.ext)}`;
  try {
    checkContentPath(path);
  } catch {
    return refused(400, 'This case study’s name is too long to hold images; rename it first.');
  }
  return { ok: true, path, src: imageSrcFor(spec, path, input.documentPath), bytes: checked.bytes, mediaType: checked.mediaType };
}
