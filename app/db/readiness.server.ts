import { DatabaseUnavailable, type UnavailableReason } from './errors.server';
import { readPlatformEnv } from '~/settings/env.server';

/**
 * Whether the process's database may be queried, as the local server
 * (scripts/local-database.ts) announces it:
 *
 * - 'starting': only while the embedded engine boots or the first attempt to
 *   reach a given NETLIFY_DB_URL is under way (bounded by the 2 s connect
 *   limit). Callers wait for a change, at most READY_TIMEOUT_MS, then fall back.
 * - 'ready': queries go through.
 * - 'down': callers fail at once with DatabaseUnavailable, so the fallbacks
 *   (mail without keeping, limits in memory, 503 in the owner's area) act
 *   without waiting, while the local server keeps trying in the background
 *   and says 'ready' when the database is back.
 *
 * Without an announcement (a Netlify function) there is no state: every
 * query simply tries, and a dead database fails within the connect limit.
 *
 * Lives on globalThis beside the pool (connection.server.ts), because this
 * module is bundled twice into one local process.
 */

export type ReadinessState = 'starting' | 'ready' | 'down';

/** How long a caller waits for a database that is still starting before it falls back. */
export const READY_TIMEOUT_MS = 3_000;

type Readiness = {
  state: ReadinessState;
  detail?: string;
  reason?: UnavailableReason;
  changed: Promise<void>;
  wake: () => void;
  /** What the local server does when a ready database stops taking connections. */
  onLost?: (detail: string) => void;
};

const SHARED = Symbol.for('portfolio.database');
const shared = (): { readiness?: Readiness } => ((globalThis as Record<symbol, { readiness?: Readiness }>)[SHARED] ??= {});

export type DatabaseStart = {
  ready(): void;
  /** Callers fail at once with `reason` (default 'unreachable') until ready() is said. */
  down(detail: string, reason?: UnavailableReason): void;
  /** Called (once per loss) when a connection to the ready database fails: the starter marks it down and tries again. */
  whenLost(handler: (detail: string) => void): void;
};

/** For the local server, before it listens: the database is 'starting' until it says otherwise. */
export function announceDatabaseStart(): DatabaseStart {
  const readiness = { state: 'starting' } as Readiness;
  readiness.changed = new Promise((resolve) => (readiness.wake = resolve));
  shared().readiness = readiness;
  const become = (state: ReadinessState, detail?: string, reason?: UnavailableReason) => {
    readiness.state = state;
    readiness.detail = detail;
    readiness.reason = reason;
    const wake = readiness.wake;
    readiness.changed = new Promise((resolve) => (readiness.wake = resolve));
    wake();
  };
  return {
    ready: () => become('ready'),
    down: (detail, reason = 'unreachable') => become('down', detail, reason),
    whenLost: (handler) => {
      readiness.onLost = handler;
    },
  };
}

/**
 * A connection attempt failed (connection.server.ts). Only a ready database
 * announced by the local server turns down here; its starter then retries in
 * the background. In a Netlify function nothing is announced and every query
 * simply tries.
 */
export function reportConnectFailure(detail: string): void {
  const readiness = shared().readiness;
  if (readiness?.state === 'ready') readiness.onLost?.(detail);
}

/** The announced state, or undefined when nobody announced one (a Netlify function). */
export function databaseState(): ReadinessState | undefined {
  return shared().readiness?.state;
}

/**
 * Resolves once the database may be queried: at once when it is 'ready' or
 * nothing was announced (NETLIFY_DB_URL set), after a wait of at most
 * `timeoutMs` while it is 'starting'. Throws DatabaseUnavailable otherwise,
 * and at once when it is 'down'.
 */
export async function databaseReady(timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const readiness = shared().readiness;
  if (readiness?.state === 'starting' && timeoutMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([readiness.changed, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    } finally {
      clearTimeout(timer);
    }
  }
  if (readiness?.state === 'down') throw new DatabaseUnavailable(readiness.reason ?? 'unreachable', readiness.detail ?? 'down');
  if (readiness?.state === 'starting')
    throw new DatabaseUnavailable('not ready', timeoutMs > 0 ? `still starting after ${timeoutMs / 1000} s` : 'still starting');
  if (!readPlatformEnv('NETLIFY_DB_URL')) throw new DatabaseUnavailable('not configured', 'NETLIFY_DB_URL is not set');
}
