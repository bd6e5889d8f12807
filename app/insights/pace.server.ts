/**
 * Beacons take their turn. Buffering keeps them off the database, but a
 * client that keeps 200 beacons in flight still has one server process
 * answer thousands a second, and the owner's requests wait in the same event
 * loop behind them (measured: /admin on PostgreSQL from 11 ms to 1.4 s). So
 * a long-running server lets at most RATE_PER_S beacons a second through
 * (bursts of BURST at once); the next ones wait, first come first served,
 * for their turn before anything is read. A flood that waits for its answers
 * is slowed to that pace, so it can only take a small share of the machine;
 * a reader's browser never notices (sendBeacon does not wait for the answer,
 * and the pixel is an image nobody sees).
 *
 * Past MAX_WAITING, a beacon is answered at once and not counted (the log
 * says so once), so waiting never grows without bound. On Netlify every
 * request has its own function instance, so there is no event loop to share
 * and nothing waits here.
 */

export const RATE_PER_S = 100;
const BURST = 200;
const MAX_WAITING = 2_000;

type PaceState = { tokens: number; refilledAt: number; waiting: (() => void)[]; timer?: NodeJS.Timeout; saidFull: boolean };
const STATE = Symbol.for('portfolio.insights-pace');
const state = (): PaceState =>
  ((globalThis as Record<symbol, PaceState>)[STATE] ??= { tokens: BURST, refilledAt: Date.now(), waiting: [], saidFull: false });

function refill(s: PaceState, now = Date.now()) {
  s.tokens = Math.min(BURST, s.tokens + ((now - s.refilledAt) * RATE_PER_S) / 1000);
  s.refilledAt = now;
}

/** Lets waiting beacons through as their tokens come, in order. */
function release() {
  const s = state();
  s.timer = undefined;
  refill(s);
  while (s.tokens >= 1) {
    const next = s.waiting.shift();
    if (!next) break;
    s.tokens--;
    next();
  }
  // Unref'd: a waiting beacon's open request keeps the server alive anyway.
  if (s.waiting.length > 0) s.timer = setTimeout(release, Math.ceil(((1 - s.tokens) * 1000) / RATE_PER_S)).unref();
  else if (s.saidFull) s.saidFull = false;
}

/** Resolves with true when this beacon may go on, or false when too many already wait (answer at once, count nothing). */
export function beaconTurn(): boolean | Promise<boolean> {
  if ((globalThis as { Netlify?: unknown }).Netlify) return true;
  const s = state();
  if (s.waiting.length === 0) {
    refill(s);
    if (s.tokens >= 1) {
      s.tokens--;
      return true;
    }
  }
  if (s.waiting.length >= MAX_WAITING) {
    if (!s.saidFull) {
      s.saidFull = true;
      console.warn(
        `insights: more than ${RATE_PER_S} beacons a second, and ${MAX_WAITING} waiting; further ones are answered at once and not counted.`,
      );
    }
    return false;
  }
  const turn = new Promise<boolean>((resolve) => s.waiting.push(() => resolve(true)));
  s.timer ??= setTimeout(release, Math.ceil(1000 / RATE_PER_S)).unref();
  return turn;
}
