import { megabytes } from '~/http/platform-limits';
import { LARGEST_VIDEO_BYTES, videoTooLarge, type VideoKind } from '~/editing/uploads/video-formats';
import {
  AUDIO_BITRATE,
  bitrateFor,
  firstTry,
  LOWEST_VIDEO_BITRATE,
  longestThatFits,
  nextTry,
  projectedOvershoot,
  secondsThatWouldFit,
  timeLeft,
  type VideoTry,
} from './video-fit';
import type * as VideoMedia from './video-media';

/**
 * A screen recording over the limit, or a QuickTime movie (what a Mac records
 * the screen as), made into a video the site takes, in her browser, before a
 * byte is sent: 720p and 30 frames a second at most, at the bitrate that fits
 * the limit for its length, H.264 in MP4 (or VP9 in WebM for the WebM copy).
 * WebCodecs does the work, through mediabunny, loaded only when a video needs
 * it. A try that is going to come out too large is stopped as soon as that
 * shows, and the next has fewer pixels a second (video-fit.ts). Where the
 * browser cannot, she is told what to do instead (today's sentence).
 */

export type PreparedVideo = { ok: true; file: File; note?: string } | { ok: false; error: string };

type Media = typeof VideoMedia;
type Made = { bytes: Uint8Array<ArrayBuffer> } | { overshoot: number };

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
    const { averagePacketRate } = await picture.computePacketStats(120);
    const sound = await input.getPrimaryAudioTrack();
    const audioCodec = sound ? await media.getFirstEncodableAudioCodec(kind === 'mp4' ? ['aac', 'opus'] : ['opus']) : null;
    const audioBitrate = audioCodec ? AUDIO_BITRATE : 0;
    const bitrate = bitrateFor(LARGEST_VIDEO_BYTES, seconds, audioBitrate);
    if (bitrate < LOWEST_VIDEO_BITRATE)
      return { ok: false, error: tooLong(seconds, longestThatFits(LARGEST_VIDEO_BYTES, LOWEST_VIDEO_BITRATE + audioBitrate)) };
    let attempt: VideoTry | null = firstTry(picture.displayHeight, averagePacketRate, bitrate);
    const videoCodec = await media.getFirstEncodableVideoCodec(kind === 'mp4' ? ['avc'] : ['vp9', 'vp8'], {
      height: attempt.height,
      bitrate,
    });
    if (!videoCodec) return { ok: false, error: cannot };
    let words = 'Making your video smaller…';
    for (let count = 0; attempt; count++) {
      const current: VideoTry = attempt;
      const started = performance.now();
      const made = await convert(media, input, kind, {
        video: {
          ...(current.height < picture.displayHeight ? { height: current.height } : {}),
          ...(current.frameRate ? { frameRate: current.frameRate } : {}),
          codec: videoCodec,
          bitrate: current.bitrate,
          forceTranscode: true,
        },
        audio: audioCodec ? { codec: audioCodec, bitrate: audioBitrate, forceTranscode: true } : { discard: true },
        onProgress: (done) => onStep(`${words} ${Math.floor(done * 100)} %${timeLeft(performance.now() - started, done)}`),
      });
      if (!made) return { ok: false, error: cannot };
      if ('bytes' in made) {
        const bytes = kind === 'mp4' ? await fastStart(media, made.bytes) : made.bytes;
        const named = new File([bytes], `${file.name.replace(/\.[^.]*$/, '') || 'video'}.${kind}`, {
          type: kind === 'mp4' ? 'video/mp4' : 'video/webm',
        });
        const rate = current.frameRate ? ` at ${current.frameRate} frames a second` : '';
        return {
          ok: true,
          file: named,
          note: `Made ${current.height}p${rate}, ${megabytes(named.size)}, from your ${picture.displayHeight}p recording (${megabytes(file.size)}).`,
        };
      }
      attempt = count === 0 ? nextTry(current, averagePacketRate, made.overshoot) : null;
      words = 'Making it smaller still…';
      if (!attempt) return { ok: false, error: tooBusy(seconds, secondsThatWouldFit(seconds, current, averagePacketRate, made.overshoot)) };
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

const tooLong = (seconds: number, longest: number) =>
  `This video is ${Math.round(seconds)} seconds long: too long to fit ${size(LARGEST_VIDEO_BYTES)}, even made smaller. Trim it to ${longest} seconds or less, or put it on YouTube or Vimeo and add it with a Prototype link block.`;

const tooBusy = (seconds: number, longest: number) =>
  `This video changes so much from frame to frame that ${Math.round(seconds)} seconds of it cannot fit ${size(LARGEST_VIDEO_BYTES)}, even made smaller. Trim it to about ${longest} seconds, or put it on YouTube or Vimeo and add it with a Prototype link block.`;

type ConversionSettings = Pick<Parameters<Media['Conversion']['init']>[0], 'video' | 'audio'> & { onProgress: (done: number) => void };

/**
 * One try, written as it is made so that its size shows while it runs: it
 * stops as soon as it is clearly going to be over the limit, with how many
 * times over. Null when the browser cannot make this conversion.
 */
async function convert(
  media: Media,
  input: InstanceType<Media['Input']>,
  kind: VideoKind,
  settings: ConversionSettings,
): Promise<Made | null> {
  const pieces: { data: Uint8Array; position: number }[] = [];
  let written = 0;
  const output = new media.Output({
    format: kind === 'mp4' ? new media.Mp4OutputFormat({ fastStart: false }) : new media.WebMOutputFormat(),
    target: new media.StreamTarget(
      new WritableStream({
        write(chunk) {
          pieces.push({ data: chunk.data.slice(), position: chunk.position });
          written = Math.max(written, chunk.position + chunk.data.byteLength);
        },
      }),
    ),
  });
  const conversion = await media.Conversion.init({ input, output, video: settings.video, audio: settings.audio });
  if (!conversion.isValid) return null;
  let overshoot: number | null = null;
  conversion.onProgress = (done) => {
    settings.onProgress(done);
    overshoot ??= projectedOvershoot(written, done, LARGEST_VIDEO_BYTES);
    if (overshoot) void conversion.cancel();
  };
  try {
    await conversion.execute();
  } catch (error) {
    if (overshoot) return { overshoot };
    throw error;
  }
  if (written > LARGEST_VIDEO_BYTES) return { overshoot: written / LARGEST_VIDEO_BYTES };
  const bytes = new Uint8Array(written);
  for (const piece of pieces) bytes.set(piece.data, piece.position);
  return { bytes };
}

/** The index moved to the front, so that a visitor's player starts before the whole file is in. Copies, encodes nothing. */
async function fastStart(media: Media, bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const input = new media.Input({ source: new media.BufferSource(bytes), formats: [media.MP4] });
  const output = new media.Output({ format: new media.Mp4OutputFormat({ fastStart: 'in-memory' }), target: new media.BufferTarget() });
  try {
    const conversion = await media.Conversion.init({ input, output });
    await conversion.execute();
    return new Uint8Array(output.target.buffer!);
  } finally {
    input.dispose();
  }
}
