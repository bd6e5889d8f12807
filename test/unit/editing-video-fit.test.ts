import { describe, expect, it } from 'vitest';
import {
  AUDIO_BITRATE,
  bitrateFor,
  firstTry,
  longestThatFits,
  nextTry,
  projectedOvershoot,
  secondsThatWouldFit,
  timeLeft,
} from '~/components/admin/editor/video-fit';

const LIMIT = 4 * 1024 * 1024;

describe('fitting a recording into the limit', () => {
  it('asks for the bitrate its length allows, with room, capped where a 720p screen needs no more', () => {
    const minute = bitrateFor(LIMIT, 60, AUDIO_BITRATE);
    expect(minute).toBe(Math.floor((LIMIT * 0.85 * 8) / 60) - AUDIO_BITRATE);
    expect((minute + AUDIO_BITRATE) * 60).toBeLessThan(LIMIT * 8);
    expect(bitrateFor(LIMIT, 4, AUDIO_BITRATE)).toBe(2_500_000);
    expect(longestThatFits(LIMIT, 150_000 + AUDIO_BITRATE)).toBe(133);
  });

  it('starts at 720p and no more than 30 frames a second', () => {
    expect(firstTry(1080, 60, 500_000)).toEqual({ height: 720, frameRate: 30, bitrate: 500_000 });
    expect(firstTry(1080, 30, 500_000)).toEqual({ height: 720, bitrate: 500_000 });
    expect(firstTry(480, 24, 500_000)).toEqual({ height: 480, bitrate: 500_000 });
  });

  it('after a try too large, gives up what she loses least: frames first, then lines, then both', () => {
    const first = firstTry(1080, 60, 500_000);
    expect(nextTry(first, 60, 1.3)).toEqual({ height: 720, frameRate: 15, bitrate: 500_000 });
    expect(nextTry(first, 60, 2.5)).toEqual({ height: 540, frameRate: 15, bitrate: 500_000 });
    expect(nextTry(first, 60, 8)).toBeNull();
    // A recording already at 10 frames a second is never given more.
    const slow = firstTry(1080, 10, 500_000);
    expect(nextTry(slow, 10, 1.4)).toEqual({ height: 540, frameRate: 10, bitrate: 500_000 });
    expect(nextTry(slow, 10, 2.2)).toBeNull();
  });

  it('says about how long a recording could be when none fits, from how far over it was', () => {
    const first = firstTry(1080, 30, 500_000);
    // 540p at 15 frames is 3.6 times fewer pixels a second than 720p at 30.
    expect(secondsThatWouldFit(60, first, 30, 8)).toBe(20);
    expect(secondsThatWouldFit(60, first, 30, 100)).toBe(5);
  });

  it('stops a try once it is clearly going over, never on its first seconds alone', () => {
    expect(projectedOvershoot(LIMIT * 0.5, 0.1, LIMIT)).toBeNull();
    expect(projectedOvershoot(LIMIT * 0.5, 0.4, LIMIT)).toBeCloseTo(1.25);
    expect(projectedOvershoot(LIMIT * 0.4, 0.4, LIMIT)).toBeNull();
    expect(projectedOvershoot(LIMIT * 1.2, 0.1, LIMIT)).toBeCloseTo(12);
  });

  it('says the time left once there is enough to judge by', () => {
    expect(timeLeft(1000, 0.5)).toBe('');
    expect(timeLeft(5000, 0.02)).toBe('');
    expect(timeLeft(10_000, 0.5)).toBe(', about 10 s left');
    expect(timeLeft(10_000, 0.1)).toBe(', about 2 min left');
    expect(timeLeft(30_000, 1)).toBe('');
  });
});
