import { megabytes, NO_SCRIPT_IMAGE_BYTES } from '~/http/platform-limits';

/**
 * The image formats the editor takes, for the file pickers (`accept`) and
 * the words beside them: one list, so the story's image dialog, the upload
 * form and the photo fields name the same formats and the same limits.
 */

const FORMATS = [
  ['image/jpeg', 'JPEG'],
  ['image/png', 'PNG'],
  ['image/webp', 'WebP'],
  ['image/avif', 'AVIF'],
  ['image/gif', 'GIF'],
  ['image/svg+xml', 'SVG'],
] as const;

/** iPhone photos: taken where the browser can open them (Safari), and turned into JPEG before they are sent. */
const HEIC_TYPES = ['image/heic', 'image/heif', '.heic', '.heif'];

export const IMAGE_ACCEPT = [...FORMATS.map(([type]) => type), ...HEIC_TYPES].join(',');

/** "JPEG, PNG, WebP, AVIF, GIF or SVG" */
export const IMAGE_FORMAT_NAMES = `${FORMATS.slice(0, -1)
  .map(([, name]) => name)
  // FORMATS is a non-empty constant list.
  .join(', ')} or ${FORMATS.at(-1)![1]}`;

/**
 * The long side of a photo as the site keeps it: its largest variant is
 * 2,400 px wide (pipeline/images.ts), and the zoom view gets a margin.
 */
export const SITE_IMAGE_SIDE = 3200;

/** What the editor takes with JavaScript: it makes the photo the right size itself before sending it. */
export const LARGEST_PHOTO_BYTES = 50 * 1024 * 1024;
export const LARGEST_PHOTO_SIDE = 10_000;

/** The limit said before she picks a file, with JavaScript (the browser resizes) and without (sent as it is). */
export const WITH_SCRIPT_LIMIT = `${IMAGE_FORMAT_NAMES} (and iPhone HEIC photos where your browser opens them), up to ${LARGEST_PHOTO_BYTES / 1024 / 1024} MB: a large photo is made the right size before it is sent`;
export const NO_SCRIPT_LIMIT = `${IMAGE_FORMAT_NAMES}, up to ${megabytes(NO_SCRIPT_IMAGE_BYTES).replace('.0', '')} (with JavaScript on, up to ${LARGEST_PHOTO_BYTES / 1024 / 1024} MB: the editor resizes it for you)`;

/** For a photo the browser cannot open (HEIC outside Safari), or one that arrives in HEIC without JavaScript. */
export const HEIC_ADVICE =
  'This photo is in HEIC, the iPhone’s format, which this browser can’t open. Export it as JPEG first: on a Mac, open it in Preview and choose File › Export › JPEG; on the iPhone, Settings › Camera › Formats › Most Compatible makes new photos JPEG. Or upload it from Safari, which opens HEIC.';

/** The sentence for a file too heavy to send without JavaScript, with the fix. */
export function tooLargeWithoutScript(bytes: number): string {
  return `This file is ${megabytes(bytes)}, and without JavaScript at most ${megabytes(NO_SCRIPT_IMAGE_BYTES).replace('.0', '')} can be sent. Export it smaller (2,400 pixels wide, as JPEG, is plenty for the site) and upload it again, or turn JavaScript on: the editor then resizes any photo up to ${LARGEST_PHOTO_BYTES / 1024 / 1024} MB for you.`;
}
