import { megabytes, NO_SCRIPT_IMAGE_BYTES } from '~/http/platform-limits';

/**
 * The videos the editor takes, for the file picker (`accept`) and the words
 * beside it. No server-only import: the browser checks the size before it
 * sends, the server checks it again.
 */

/**
 * A request to a function carries at most 6 MB, base64-encoded: 4 MB of
 * file, the same limit a photo sent without JavaScript has. A larger video
 * is made smaller in the browser before it is sent
 * (components/admin/editor/prepare-video.ts).
 */
export const LARGEST_VIDEO_BYTES = NO_SCRIPT_IMAGE_BYTES;

export type VideoKind = 'mp4' | 'webm';

/** A Mac records the screen as a QuickTime movie: the MP4 field takes one, and the browser makes it an MP4. */
export const VIDEO_ACCEPT: Record<VideoKind, string> = { mp4: 'video/mp4,.mp4,video/quicktime,.mov', webm: 'video/webm,.webm' };
export const VIDEO_FORMAT_NAMES: Record<VideoKind, string> = { mp4: 'MP4', webm: 'WebM' };

/** "23 MB", "4.2 MB": whole megabytes without their ".0". */
const size = (bytes: number) => megabytes(bytes).replace('.0 MB', ' MB');

/** The limit said before she picks a file. */
export const VIDEO_LIMIT = `up to ${size(LARGEST_VIDEO_BYTES)}; a larger one is made smaller here first`;

/** The sentence for a video over the limit, with the fix. */
export function videoTooLarge(bytes: number): string {
  return `This video is ${size(bytes)}: the site takes videos up to ${size(LARGEST_VIDEO_BYTES)}. Export a shorter or smaller version (720p is plenty), or put it on YouTube or Vimeo and add it with a Prototype link block.`;
}
