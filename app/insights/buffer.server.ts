import { isDatabaseUnavailable } from '~/db/connection.server';
import { writeBatch, type Pending } from './flush.server';

/**
 * Insights are public, best-effort writes: they must never hold up the
 * owner, signing in, share links or contact messages, and the embedded
 * engine has one connection. So a request never waits on the database for
 * them: its event goes into this process's buffer, and one flusher writes
 * the buffer in batches (flush.server.ts: one short transaction each), at
 * most every FLUSH_EVERY_MS, so it holds a connection for a small share of
 * the time however many beacons arrive. When BUFFER_MAX events are waiting,
 * further ones are shed (the log says so once); their senders get the same
 * 204.
 *
 * Where the events get written:
 * - a long-running server (`npm start`): by the flusher's timer, and on a
 *   graceful stop by stopInsights(), which scripts/serve.ts's cleanup calls;
 * - on Netlify, where a function is frozen once it has answered: after the
 *   answer, through the function's context.waitUntil (the Remix adapter
 *   passes Netlify's context as the load context, and Netlify.context holds it
 *   for the server-side events); if neither is there, the request writes its
 *   batch before answering, still one transaction.
 *
 * The state lives on globalThis: this module is bundled twice into one local
 * process (build/index.js and build/server/serve.mjs), and the server's
 * cleanup must flush the very buffer the routes fill.
 */

export const BUFFER_MAX = 5_000;
/** Between the start of one flush and the next; a flood never makes it hold the connection back to back. */
const FLUSH_EVERY_MS = 1_000;
/** Events per transaction: a few hundred rows keep it to tens of milliseconds. */
const BATCH_MAX = 1_000;

export type WaitUntil = (promise: Promise<unknown>) => void;

type BufferState = {
  queue: Pending[];
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
  saidFull: boolean;
  saidUnavailable: boolean;
  /** Since the process started: for the log and the tests. */
  written: number;
  refused: number;
  shed: number;
};
const STATE = Symbol.for('portfolio.insights-buffer');
const state = (): BufferState =>
  ((globalThis as Record<symbol, BufferState>)[STATE] ??= {
    queue: [],
    saidFull: false,
    saidUnavailable: false,
    written: 0,
    refused: 0,
    shed: 0,
  });

type NetlifyGlobal = { Netlify?: { context?: { waitUntil?: WaitUntil } | null } };
const netlify = () => (globalThis as NetlifyGlobal).Netlify;

/** A function's waitUntil: from the Remix load context (Netlify's context), else Netlify.context. */
export function waitUntilOf(context: unknown): WaitUntil | undefined {
  const own = (context as { waitUntil?: unknown } | undefined)?.waitUntil;
  if (typeof own === 'function') return own.bind(context) as WaitUntil;
  const global = netlify()?.context;
  const waitUntil = global?.waitUntil;
  return typeof waitUntil === 'function' ? waitUntil.bind(global) : undefined;
}

/**
 * Buffers one event. False when the buffer is full and the event was shed.
 * `written` is set only where the request must wait for its write (a
 * Netlify function without waitUntil).
 */
export function bufferEvent(pending: Pending, waitUntil?: WaitUntil): { accepted: boolean; written?: Promise<void> } {
  const s = state();
  if (s.queue.length >= BUFFER_MAX) {
    s.shed++;
    if (!s.saidFull) {
      s.saidFull = true;
      console.warn(`insights: ${BUFFER_MAX} events are waiting to be written; further events are dropped until they are.`);
    }
    return { accepted: false };
  }
  s.queue.push(pending);
  const wait = waitUntil ?? waitUntilOf(undefined);
  if (wait) {
    wait(flushInsights());
    return { accepted: true };
  }
  if (netlify()) return { accepted: true, written: flushInsights() };
  s.timer ??= setInterval(tick, FLUSH_EVERY_MS).unref();
  return { accepted: true };
}

function tick() {
  const s = state();
  if (s.flushing) return;
  if (s.queue.length === 0) {
    // Idle: no timer until the next event.
    clearInterval(s.timer);
    s.timer = undefined;
    return;
  }
  void flushBatch();
}

/** Writes the oldest BATCH_MAX events; one at a time per process. */
function flushBatch(): Promise<void> {
  const s = state();
  if (s.flushing) return s.flushing;
  const batch = s.queue.splice(0, BATCH_MAX);
  const flushing = writeBatch(batch)
    .then((result) => {
      s.written += result.written;
      s.refused += result.refused;
      if (s.saidUnavailable) console.info('insights: the database is back; events are recorded again.');
      s.saidUnavailable = false;
      if (s.queue.length < BUFFER_MAX / 2) s.saidFull = false;
    })
    .catch((error) => {
      // Lost: a reader has nothing to do about it, and the owner's requests must not wait for a retry.
      if (isDatabaseUnavailable(error)) {
        if (!s.saidUnavailable) console.warn(`insights: events are not recorded while the database is unavailable (${error.message}).`);
        s.saidUnavailable = true;
      } else console.error(`insights: ${batch.length} event(s) could not be recorded`, error);
    })
    .finally(() => {
      s.flushing = undefined;
    });
  s.flushing = flushing;
  return flushing;
}

/** Writes everything buffered now (after any flush under way), in batches. */
export async function flushInsights(): Promise<void> {
  const s = state();
  if (s.flushing) await s.flushing;
  while (s.queue.length > 0) await flushBatch();
}

/** For a graceful stop: no more timer, and what is buffered is written. */
export async function stopInsights(): Promise<void> {
  const s = state();
  clearInterval(s.timer);
  s.timer = undefined;
  await flushInsights();
}

/** What the buffer holds and has done (tests, logs). */
export function insightsBufferStats() {
  const { queue, written, refused, shed } = state();
  return { waiting: queue.length, written, refused, shed };
}
