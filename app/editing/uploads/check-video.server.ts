import { createHash } from 'node:crypto';
import { checkContentPath } from '~/editing/documents/content-path.server';
import { mediaHome, safeStem, type UploadInput } from './check.server';
import { looksLikeQuickTime, sniffVideo, videoIsWhole } from './video-bytes.server';
import { LARGEST_VIDEO_BYTES, VIDEO_FORMAT_NAMES, videoTooLarge, type VideoKind } from './video-formats';

/**
 * The checks on a video the designer uploads into a case study's Video
 * block, before the upload route stores it as a draft file beside the case
 * study or page (content/case-studies/<slug>/<name>.mp4), which the publish commits
 * as it does images. Pure: bytes in, where to store them, or a refusal with
 * a status and a sentence the editor shows as it is. The type comes from the
 * bytes (video-bytes.server.ts), and the whole file must be built as that
 * type, not only start like it; the bytes are stored as they came.
 */

const MEDIA_TYPES: Record<VideoKind, 'video/mp4' | 'video/webm'> = { mp4: 'video/mp4', webm: 'video/webm' };

/** As a story image comes (the file's name, its bytes, the case study), and which copy the block's field takes: its MP4, or its WebM for other browsers. */
export type VideoUploadInput = Pick<UploadInput, 'fileName' | 'bytes' | 'documentPath'> & { wanted: VideoKind };

export type VideoUploadResult =
  | { ok: true; path: string; src: string; bytes: Buffer; mediaType: 'video/mp4' | 'video/webm' }
  | { ok: false; status: 400 | 413 | 415; error: string };

/** "an MP4", "a WebM". */
const withArticle = (kind: VideoKind) => (kind === 'mp4' ? 'an MP4' : 'a WebM');

const refused = (status: 400 | 413 | 415, error: string) => ({ ok: false as const, status, error });

export function checkVideoUpload({ fileName, bytes, documentPath, wanted }: VideoUploadInput): VideoUploadResult {
  const home = mediaHome(documentPath);
  if (!home) return refused(400, 'Videos can only be added to a case study or a page.');
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) return refused(400, 'The file is empty; choose the video again.');
  if (bytes.length > LARGEST_VIDEO_BYTES) return refused(413, videoTooLarge(bytes.length));
  const kind = sniffVideo(bytes);
  const name = VIDEO_FORMAT_NAMES[wanted];
  if (!kind && looksLikeQuickTime(bytes))
    return refused(415, `This is a QuickTime movie, which not every browser plays. Export it as ${name} and upload it again.`);
  if (!kind)
    return refused(
      415,
      `This file is not ${withArticle(wanted)} video (judged by its contents, not its name). Export it as ${name} and try again.`,
    );
  if (kind !== wanted)
    return refused(415, `This is ${withArticle(kind)} video, and this place takes the ${name} copy. Choose the ${name} file here.`);
  if (!videoIsWhole(kind, bytes))
    return refused(
      415,
      `This file isn't a real ${name} video: it starts like one, but the rest is damaged, cut short or something else. Export it again as ${name} from your video app and upload that file.`,
    );
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  const stored = `${safeStem(fileName).replace(/^image$/, 'video')}-${hash}.${kind}`;
  const path = `${home.folder}/${home.slug}/${stored}`;
  try {
    checkContentPath(path);
  } catch {
    return refused(400, `This ${home.noun}’s name is too long to hold videos; rename it first.`);
  }
  return { ok: true, path, src: `./${home.slug}/${stored}`, bytes, mediaType: MEDIA_TYPES[kind] };
}
