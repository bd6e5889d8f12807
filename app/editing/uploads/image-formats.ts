/**
 * The image formats the editor takes, for the file pickers (`accept`) and
 * the words beside them: one list, so the story's image dialog and the
 * upload form name the same formats.
 */

const FORMATS = [
  ['image/jpeg', 'JPEG'],
  ['image/png', 'PNG'],
  ['image/webp', 'WebP'],
  ['image/avif', 'AVIF'],
  ['image/gif', 'GIF'],
  ['image/svg+xml', 'SVG'],
] as const;

export const IMAGE_ACCEPT = FORMATS.map(([type]) => type).join(',');

/** "JPEG, PNG, WebP, AVIF, GIF or SVG" */
export const IMAGE_FORMAT_NAMES = `${FORMATS.slice(0, -1)
  .map(([, name]) => name)
  // FORMATS is a non-empty constant list.
  .join(', ')} or ${FORMATS.at(-1)![1]}`;
