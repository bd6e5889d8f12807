/**
 * How a recording is fitted into the site's limit, as plain numbers the
 * browser's encoder is then asked for (prepare-video.ts runs them). No
 * mediabunny here: what is decided can be tested without a video.
 */

export type VideoTry = {
  /** Lines of picture: 720 at most, 540 when 720 cannot fit. */
  height: number;
  /** Frames a second, when fewer than the recording's are needed. */
  frameRate?: number;
  /** Bits a second for the picture. */
  bitrate: number;
};

/** Room under the limit: an encoder's bitrate is an average, not a ceiling. */
export const SHARE_OF_LIMIT = 0.85;
export const AUDIO_BITRATE = 64_000;
/** Below this, text in a 720p screen recording smears: too long to fit, even made smaller. */
export const LOWEST_VIDEO_BITRATE = 150_000;
/** More than a screen recording at 720p needs. */
const HIGHEST_VIDEO_BITRATE = 2_500_000;
const LARGEST_HEIGHT = 720;
const SMALLER_HEIGHT = 540;
/** A Mac records the screen at up to 60 frames a second; a portfolio's viewer needs no more than 30. */
const LARGEST_FRAME_RATE = 30;
const SLOWER_FRAME_RATE = 15;

/** The picture's bitrate that fills `share` of `limit` over `seconds`, with the sound's. */
export function bitrateFor(limit: number, seconds: number, audioBitrate: number, share = SHARE_OF_LIMIT): number {
  return Math.min(HIGHEST_VIDEO_BITRATE, Math.floor((limit * share * 8) / Math.max(seconds, 1)) - audioBitrate);
}

/** The longest recording that fits `limit` at `bitsPerSecond` in all. */
export function longestThatFits(limit: number, bitsPerSecond: number): number {
  return Math.floor((limit * SHARE_OF_LIMIT * 8) / bitsPerSecond);
}

/** The first try: 720p at most, 30 frames a second at most, the bitrate that fits. */
export function firstTry(sourceHeight: number, sourceFrameRate: number, bitrate: number): VideoTry {
  return {
    height: Math.min(LARGEST_HEIGHT, sourceHeight),
    ...(sourceFrameRate > LARGEST_FRAME_RATE + 1 ? { frameRate: LARGEST_FRAME_RATE } : {}),
    bitrate,
  };
}

/**
 * After a try that would have come out `overshoot` times too large. Some
 * pictures (fine texture, a whole screen scrolling) cost the encoder more
 * than any bitrate asked for: only fewer pixels a second help. The next try
 * is the first of these, in order of what she loses least, that has fewer
 * pixels a second by enough; none once 540p at 15 frames a second is too much.
 */
export function nextTry(last: VideoTry, sourceFrameRate: number, overshoot: number): VideoTry | null {
  const lastRate = last.frameRate ?? Math.min(sourceFrameRate, LARGEST_FRAME_RATE);
  const pixelsPerSecond = (t: { height: number; frameRate: number }) => t.height * t.height * t.frameRate;
  const needed = pixelsPerSecond({ height: last.height, frameRate: lastRate }) / (overshoot * 1.15);
  const candidates = [
    { height: last.height, frameRate: SLOWER_FRAME_RATE },
    { height: Math.min(SMALLER_HEIGHT, last.height), frameRate: lastRate },
    { height: Math.min(SMALLER_HEIGHT, last.height), frameRate: SLOWER_FRAME_RATE },
  ].filter((t) => t.frameRate <= lastRate && pixelsPerSecond(t) < pixelsPerSecond({ height: last.height, frameRate: lastRate }));
  const fits = candidates.find((t) => pixelsPerSecond(t) <= needed);
  return fits ? { ...fits, bitrate: last.bitrate } : null;
}

/**
 * When no try fits: about how many seconds of this recording would, at 540p
 * and 15 frames a second, judging by a try `overshoot` times too large.
 */
export function secondsThatWouldFit(seconds: number, last: VideoTry, sourceFrameRate: number, overshoot: number): number {
  const lastRate = last.frameRate ?? Math.min(sourceFrameRate, LARGEST_FRAME_RATE);
  const smallest = Math.min(SMALLER_HEIGHT, last.height) ** 2 * Math.min(SLOWER_FRAME_RATE, lastRate);
  const gain = (last.height * last.height * lastRate) / smallest;
  return Math.max(5, Math.floor((seconds * gain * SHARE_OF_LIMIT) / overshoot / 5) * 5);
}

/**
 * Whether a try under way will come out over `limit`, from what it has
 * written by `progress` (0 to 1), and how many times over. The first
 * seconds hold a key frame and the encoder's start: only a try past a fifth,
 * or already over the limit, is judged.
 */
export function projectedOvershoot(written: number, progress: number, limit: number): number | null {
  if (written > limit) return written / Math.max(progress, 0.01) / limit;
  if (progress < 0.2) return null;
  const projected = written / progress / limit;
  // An estimate this early can be a tenth out either way: only one clearly over stops the try.
  return projected > 1.1 ? projected : null;
}

/** "about 40 s left", "about 2 min left", once enough is done to say. */
export function timeLeft(elapsedMs: number, progress: number): string {
  if (progress < 0.05 || elapsedMs < 2000 || progress >= 1) return '';
  const seconds = (elapsedMs * (1 - progress)) / progress / 1000;
  if (seconds < 50) return `, about ${Math.max(5, Math.round(seconds / 5) * 5)} s left`;
  return `, about ${Math.max(1, Math.round(seconds / 60))} min left`;
}
