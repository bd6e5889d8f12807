import { megabytes } from '~/http/platform-limits';
import { LARGEST_VIDEO_BYTES, videoTooLarge, type VideoKind } from '~/editing/uploads/video-formats';

/**
 * A screen recording over the limit, or a QuickTime movie (what a Mac records
 * the screen as), made into a video the site takes, in her browser, before a
 * byte is sent: 720p at most, at the bitrate that fits the limit for its
 * length, H.264 in MP4 (or VP9 in WebM for the WebM copy). WebCodecs does the
 * work, through mediabunny, loaded only when a video needs it. Where the
 * browser cannot, she is told what to do instead (today's sentence).
 */

export type PreparedVideo = { ok: true; file: File; note?: string } | { ok: false; error: string };

/** Room under the limit: an encoder's bitrate is an average, not a ceiling. */
const FIRST_TRY = 0.85;
const SECOND_TRY = 0.6;
const AUDIO_BITRATE = 64_000;
/** Below this, text in a 720p screen recording smears: too long to fit, even made smaller. */
const LOWEST_VIDEO_BITRATE = 150_000;
/** More than a screen recording at 720p needs. */
const HIGHEST_VIDEO_BITRATE = 2_500_000;
const LARGEST_HEIGHT = 720;

const size = (bytes: number) => megabytes(bytes).replace('.0 MB', ' MB');
const isQuickTime = (file: File) => file.type === 'video/quicktime' || /\.mov$/i.test(file.name);

/** Whether `file` goes as it is. */
export const sentAsItIs = (file: File, kind: VideoKind) => file.size <= LARGEST_VIDEO_BYTES && !(kind === 'mp4' && isQuickTime(file));

export async function prepareVideo(file: File, kind: VideoKind, onStep: (text: string) => void = () => undefined): Promise<PreparedVideo> {
  if (sentAsItIs(file, kind)) return { ok: true, file };
  const cannot = isQuickTime(file)
    ? 'This is a QuickTime movie, and this browser cannot make it into an MP4. Export it as MP4 (720p is plenty) and upload that file, or open this page in Chrome, Edge or Safari.'
    : videoTooLarge(file.size);
  if (typeof VideoEncoder === 'undefined' || typeof VideoDecoder === 'undefined') return { ok: false, error: cannot };
  onStep('Reading your video…');
  const media = await import('./video-media');
  // What cameras and screen recorders write; naming them keeps the other readers out of the chunk.
  const input = new media.Input({ source: new media.BlobSource(file), formats: [media.MP4, media.QTFF, media.WEBM, media.MATROSKA] });
  try {
    const picture = await input.getPrimaryVideoTrack();
    if (!picture) return { ok: false, error: 'This file has no picture to show. Choose a video file.' };
    const seconds = await input.computeDuration();
    const sound = await input.getPrimaryAudioTrack();
    const audioCodec = sound ? await media.getFirstEncodableAudioCodec(kind === 'mp4' ? ['aac', 'opus'] : ['opus']) : null;
    const audioBitrate = audioCodec ? AUDIO_BITRATE : 0;
    const height = Math.min(LARGEST_HEIGHT, picture.displayHeight);
    const bitrateFor = (share: number) =>
      Math.min(HIGHEST_VIDEO_BITRATE, Math.floor((LARGEST_VIDEO_BYTES * share * 8) / Math.max(seconds, 1)) - audioBitrate);
    if (bitrateFor(FIRST_TRY) < LOWEST_VIDEO_BITRATE) {
      const longest = Math.floor((LARGEST_VIDEO_BYTES * FIRST_TRY * 8) / (LOWEST_VIDEO_BITRATE + audioBitrate));
      return {
        ok: false,
        error: `This video is ${Math.round(seconds)} seconds long: too long to fit ${size(LARGEST_VIDEO_BYTES)}, even made smaller. Trim it to ${longest} seconds or less, or put it on YouTube or Vimeo and add it with a Prototype link block.`,
      };
    }
    const videoCodec = await media.getFirstEncodableVideoCodec(kind === 'mp4' ? ['avc'] : ['vp9', 'vp8'], {
      height,
      bitrate: bitrateFor(FIRST_TRY),
    });
    if (!videoCodec) return { ok: false, error: cannot };
    for (const share of [FIRST_TRY, SECOND_TRY]) {
      const output = new media.Output({
        format: kind === 'mp4' ? new media.Mp4OutputFormat({ fastStart: 'in-memory' }) : new media.WebMOutputFormat(),
        target: new media.BufferTarget(),
      });
      const conversion = await media.Conversion.init({
        input,
        output,
        video: {
          ...(height < picture.displayHeight ? { height } : {}),
          codec: videoCodec,
          bitrate: bitrateFor(share),
          forceTranscode: true,
        },
        audio: audioCodec ? { codec: audioCodec, bitrate: audioBitrate, forceTranscode: true } : { discard: true },
      });
      if (!conversion.isValid) return { ok: false, error: cannot };
      conversion.onProgress = (done) => onStep(`Making your video smaller… ${Math.floor(done * 100)} %`);
      await conversion.execute();
      const bytes = output.target.buffer;
      if (!bytes || bytes.byteLength > LARGEST_VIDEO_BYTES) continue;
      const made = new File([bytes], `${file.name.replace(/\.[^.]*$/, '') || 'video'}.${kind}`, {
        type: kind === 'mp4' ? 'video/mp4' : 'video/webm',
      });
      const from = `${picture.displayHeight}p`;
      return {
        ok: true,
        file: made,
        note: `Made ${height}p, ${megabytes(made.size)}, from your ${from} recording (${megabytes(file.size)}).`,
      };
    }
    return { ok: false, error: videoTooLarge(file.size) };
  } catch {
    return {
      ok: false,
      error: isQuickTime(file)
        ? cannot
        : `This video is ${size(file.size)}, over the ${size(LARGEST_VIDEO_BYTES)} the site takes, and it could not be read here to make it smaller. Export a shorter or smaller version (720p is plenty), or put it on YouTube or Vimeo and add it with a Prototype link block.`,
    };
  } finally {
    input.dispose();
  }
}
