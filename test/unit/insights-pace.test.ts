import { afterEach, describe, expect, it, vi } from 'vitest';
import { beaconTurn, RATE_PER_S } from '~/insights/pace.server';

/**
 * Beacons' turns in this process (app/insights/pace.server.ts): a burst goes
 * through at once, the rest wait in order at RATE_PER_S, and past the bound
 * of waiting ones a beacon is told at once that it will not be counted.
 */

describe('beacon turns', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lets a burst through at once, then the rest in order at the pace, and never more than the bound wait', async () => {
    // The first test of this file: the bucket is full.
    // Timed from before the burst: tokens come back from the moment it emptied the bucket, however long the next line waits.
    const started = performance.now();
    const burst = Array.from({ length: 200 }, () => beaconTurn());
    expect(burst.filter((turn) => turn === true)).toHaveLength(200);
    const order: number[] = [];
    const late = Array.from({ length: 30 }, (_, i) => Promise.resolve(beaconTurn()).then((ok) => (order.push(i), ok)));
    expect(await Promise.all(late)).toEqual(late.map(() => true));
    // 30 more at RATE_PER_S take about 30/RATE_PER_S s; a lower bound only (a busy machine is slower, never faster).
    expect(performance.now() - started).toBeGreaterThanOrEqual((29 / RATE_PER_S) * 1000 - 20);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('past 2,000 waiting, answers at once that the beacon is not counted, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const turns = Array.from({ length: 2_600 }, () => beaconTurn());
    const refused = turns.filter((turn) => turn === false);
    expect(refused.length).toBeGreaterThan(0);
    expect(warn.mock.calls.filter(([line]) => String(line).includes('not counted'))).toHaveLength(1);
    // The waiting ones all get their turn (about 20 s at the pace): not awaited here, they resolve in the background.
  });
});
