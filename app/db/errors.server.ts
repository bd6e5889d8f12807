/**
 * How the database says it cannot be used. Everything that could fail
 * because the database is missing, not ready or unreachable throws
 * DatabaseUnavailable, so a caller can fail closed (503) or fall back (the
 * limits fall back to memory). Its own module so that the connection and the
 * readiness (readiness.server.ts) can both throw it without importing each other.
 */

export type UnavailableReason = 'not configured' | 'not ready' | 'unreachable';

export class DatabaseUnavailable extends Error {
  readonly reason: UnavailableReason;
  constructor(reason: UnavailableReason, detail: string, options?: { cause?: unknown }) {
    super(`database ${reason}: ${detail}`, options);
    this.name = 'DatabaseUnavailable';
    this.reason = reason;
  }
}

export const isDatabaseUnavailable = (error: unknown): error is DatabaseUnavailable =>
  error instanceof Error && error.name === 'DatabaseUnavailable';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);
// 57P01–03: the server is shutting down or starting; 53300: too many connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// "Query read timeout" is pg's own query_timeout: the server took the query and never answered.
const CONNECTION_MESSAGES =
  /Connection terminated|timeout expired|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|Client has encountered a connection error|Connection refused|socket hang up|non-101 status code/i;

/** The Postgres SQLSTATE of an error from pg (on the error) or from @netlify/database's `sql` (on its cause). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** True for errors that say the database cannot be reached, as opposed to errors in a query. */
export function isConnectionError(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || e.code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(e.code)))
      return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
    // Node's AggregateError for a host with several addresses (localhost: ::1 and 127.0.0.1).
    if (Array.isArray(e.errors) && e.errors.some((inner) => isConnectionError(inner))) return true;
  }
  return false;
}

export const asUnavailable = (error: unknown) =>
  isDatabaseUnavailable(error)
    ? error
    : new DatabaseUnavailable('unreachable', error instanceof Error ? error.message || String(error) : String(error), { cause: error });
