import type pg from 'pg';

/**
 * The one database: Netlify Database in production (NETLIFY_DB_URL, set by
 * Netlify), or, under `npm start` and `npm run dev`, the embedded engine the
 * local server starts (scripts/local-database.ts) or any Postgres named by
 * NETLIFY_DB_URL.
 *
 * Everything that could fail because the database is missing, not ready or
 * unreachable throws DatabaseUnavailable, so a caller can fail closed (503)
 * or fall back (the limits fall back to memory). Public pages never come
 * here: nothing loads @netlify/database (about a second of start-up on a busy
 * machine) until the first query.
 *
 * This module is bundled twice into one local process (build/index.js and
 * build/server/serve.mjs), so the pool and the readiness promise live on
 * globalThis, never in module variables.
 */

export type Row = Record<string, unknown>;

/** What a transaction's callback gets: its own connection. Never call query() (the pool) inside one. */
export type Transaction = { query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]> };

export type Database = Transaction & {
  /** BEGIN … COMMIT on a dedicated connection; ROLLBACK when `fn` throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** The embedded engine shares one session between all connections, so its pool has one. */
  readonly embedded: boolean;
  readonly driver: 'server' | 'serverless';
  /** host:port/database, never a password. */
  readonly where: string;
  end(): Promise<void>;
};

export type UnavailableReason = 'not configured' | 'not ready' | 'unreachable';

export class DatabaseUnavailable extends Error {
  readonly reason: UnavailableReason;
  constructor(reason: UnavailableReason, detail: string, options?: { cause?: unknown }) {
    super(`database ${reason}: ${detail}`, options);
    this.name = 'DatabaseUnavailable';
    this.reason = reason;
  }
}

export const isDatabaseUnavailable = (error: unknown): error is DatabaseUnavailable => error instanceof Error && error.name === 'DatabaseUnavailable';

/** A dead database fails within this (TCP connect and Postgres start-up). */
export const CONNECT_TIMEOUT_MS = 2_000;
/** How long a caller waits for the local server's database to come up. */
export const READY_TIMEOUT_MS = 15_000;
/** How long a caller waits for a free connection before calling the database busy. */
const CHECKOUT_TIMEOUT_MS = 15_000;

function env(name: string): string | undefined {
  const netlify = (globalThis as { Netlify?: { env?: { get(name: string): string | undefined } } }).Netlify;
  const value = (netlify?.env?.get(name) ?? process.env[name])?.trim();
  return value ? value : undefined;
}

// --- Errors -----------------------------------------------------------------

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ECONNABORTED']);
// 57P01–03: the server is shutting down or starting; 53300: too many connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_MESSAGES = /Connection terminated|timeout expired|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|Connection refused|socket hang up|non-101 status code/i;

/** The Postgres SQLSTATE of an error from pg (on the error) or from @netlify/database's `sql` (on its cause). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** True for errors that say the database cannot be reached, as opposed to errors in a query. */
export function isConnectionError(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || e.code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(e.code))) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
    // Node's AggregateError for a host with several addresses (localhost: ::1 and 127.0.0.1).
    if (Array.isArray(e.errors) && e.errors.some((inner) => isConnectionError(inner))) return true;
  }
  return false;
}

const asUnavailable = (error: unknown) =>
  isDatabaseUnavailable(error) ? error : new DatabaseUnavailable('unreachable', error instanceof Error ? error.message || String(error) : String(error), { cause: error });

// --- One database ------------------------------------------------------------

/** Lets at most `size` callers hold a connection, so the pool itself never queues (its timeout is for connecting only). */
function semaphore(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async acquire(timeoutMs: number): Promise<() => void> {
      if (free > 0) free--;
      else {
        await new Promise<void>((resolve, reject) => {
          const grant = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(grant), 1);
            reject(new DatabaseUnavailable('unreachable', `no free connection within ${timeoutMs} ms`));
          }, timeoutMs);
          waiting.push(grant);
        });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else free++;
      };
    },
  };
}

function describeUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'an unparsable NETLIFY_DB_URL';
  }
}

/**
 * A database on `connectionString` through @netlify/database's getDatabase()
 * (its pg pool, or Neon's over WebSockets when Netlify says serverless).
 * getDatabase() takes no pool options, and pg-pool reads its options on use,
 * so they are set on the fresh pool before its first connection.
 */
export async function createDatabase({ connectionString, embedded = false }: { connectionString: string; embedded?: boolean }): Promise<Database> {
  const { getDatabase } = await import('@netlify/database');
  const connection = getDatabase({ connectionString });
  // NeonPool implements pg's Pool API; the union's methods are not callable as such.
  const pool = connection.pool as unknown as pg.Pool & { options: pg.PoolConfig };
  const max = embedded ? 1 : (pool.options.max ?? 10);
  Object.assign(pool.options, { max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection that dies (a restart, a network cut) must not crash the process.
  pool.on('error', (error: Error) => console.warn(`database: an idle connection failed (${error.message}); the next query opens a new one.`));
  const slots = semaphore(max);
  let ended = false;
  // The embedded engine has one session for all connections, and does not end a transaction when
  // its connection drops (npm run dev kills its server at every edit): each new connection first
  // ends whatever a dead one left open. A real Postgres does that by itself.
  const cleaned = new WeakSet<pg.PoolClient>();

  async function withClient<T>(use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (ended) throw new DatabaseUnavailable('unreachable', 'the pool has been closed');
    const release = await slots.acquire(CHECKOUT_TIMEOUT_MS);
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      release();
      throw asUnavailable(error);
    }
    let broken: Error | undefined;
    try {
      if (embedded && !cleaned.has(client)) {
        await client.query('ROLLBACK');
        cleaned.add(client);
      }
      return await use(client);
    } catch (error) {
      if (isConnectionError(error)) {
        broken = error instanceof Error ? error : new Error(String(error));
        throw asUnavailable(error);
      }
      throw error;
    } finally {
      // A connection that failed is thrown away rather than reused.
      client.release(broken);
      release();
    }
  }

  const run = async <T extends Row>(client: pg.PoolClient, text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows;

  return {
    embedded,
    driver: connection.driver,
    where: describeUrl(connectionString),
    query: (text, params) => withClient((client) => run(client, text, params)),
    transaction: (fn) =>
      withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn({ query: (text, params) => run(client, text, params) });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    async end() {
      if (ended) return;
      ended = true;
      await pool.end();
    },
  };
}

// --- The process's database and its readiness ---------------------------------

type Shared = {
  database?: Promise<Database>;
  /** Set by the local server while it starts (or migrates) the database. */
  starting?: Promise<void>;
  /** Why the local start failed, when it did. */
  failure?: string;
};

const SHARED = Symbol.for('portfolio.database');
const shared = (): Shared => ((globalThis as Record<symbol, Shared>)[SHARED] ??= {});

/**
 * For the local server, before it listens: requests wait (bounded) for
 * `ready()` instead of finding no database; `failed()` makes them fall back.
 */
export function announceDatabaseStart(): { ready(): void; failed(reason: string): void } {
  let settle!: (error?: string) => void;
  const state = shared();
  state.failure = undefined;
  state.starting = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(new DatabaseUnavailable('not ready', error)));
  });
  // Nobody may be waiting yet; the rejection is seen by databaseReady().
  state.starting.catch(() => {});
  return {
    ready: () => settle(),
    failed: (reason) => {
      state.failure = reason;
      settle(reason);
    },
  };
}

/**
 * Resolves once the database can be queried: at once when NETLIFY_DB_URL is
 * set and no local start is under way, else when the local server says so,
 * within `timeoutMs`. Throws DatabaseUnavailable otherwise.
 */
export async function databaseReady(timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const { starting, failure } = shared();
  if (failure !== undefined) throw new DatabaseUnavailable('not ready', failure);
  if (starting) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DatabaseUnavailable('not ready', `still starting after ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      await Promise.race([starting, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
  if (!env('NETLIFY_DB_URL')) throw new DatabaseUnavailable('not configured', 'NETLIFY_DB_URL is not set');
}

/**
 * The process's database, created on first use from NETLIFY_DB_URL (and
 * NETLIFY_DB_EMBEDDED=1, which the local server sets for the embedded
 * engine). Does not wait for readiness: query() and transaction() do.
 */
export function sharedDatabase(): Promise<Database> {
  const state = shared();
  if (!state.database) {
    const connectionString = env('NETLIFY_DB_URL');
    if (!connectionString) return Promise.reject(new DatabaseUnavailable('not configured', 'NETLIFY_DB_URL is not set'));
    state.database = createDatabase({ connectionString, embedded: env('NETLIFY_DB_EMBEDDED') === '1' });
    state.database.catch(() => (state.database = undefined));
  }
  return state.database;
}

/** Closes the process's pool (graceful shutdown); the next query would open a new one. */
export async function closeSharedDatabase(): Promise<void> {
  const state = shared();
  const database = state.database;
  state.database = undefined;
  await (await database?.catch(() => undefined))?.end();
}

/** One statement with bound parameters ($1, $2…), on the process's database once it is ready. */
export async function query<T extends Row = Row>(text: string, params: unknown[] = []): Promise<T[]> {
  await databaseReady();
  return (await sharedDatabase()).query<T>(text, params);
}

/** BEGIN … COMMIT on one connection of the process's database; use only `tx` inside. */
export async function transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
  await databaseReady();
  return (await sharedDatabase()).transaction(fn);
}
