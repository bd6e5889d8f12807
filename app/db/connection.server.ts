import type pg from 'pg';
import { asUnavailable, DatabaseUnavailable, isConnectionError } from './errors.server';
import { databaseReady, reportConnectFailure } from './readiness.server';
import { readPlatformEnv } from '~/settings/env.server';

/**
 * The one database: Netlify Database in production (NETLIFY_DB_URL, set by
 * Netlify), or, under `npm start` and `npm run dev`, the embedded engine the
 * local server starts (scripts/local-database.ts) or any Postgres named by
 * NETLIFY_DB_URL.
 *
 * Everything that could fail because the database is missing, not ready or
 * unreachable throws DatabaseUnavailable (errors.server.ts), so a caller can
 * fail closed (503) or fall back (the limits fall back to memory); whether it
 * may be queried at all is readiness.server.ts's. Public pages never come
 * here: nothing loads @netlify/database (about a second of start-up on a busy
 * machine) until the first query.
 *
 * This module is bundled twice into one local process (build/index.js and
 * build/server/serve.mjs), so the pool and the readiness promise live on
 * globalThis, never in module variables.
 */

export type Row = Record<string, unknown>;

/** What a transaction's callback gets: its own connection. Never call query() (the pool) inside one. */
export type Transaction = {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
};

export type QueryOptions = {
  /**
   * How long to wait for a free connection before giving up with
   * DatabaseUnavailable (default CHECKOUT_TIMEOUT_MS): a caller that answers
   * within a bound of its own (the limits) leaves the queue when it gives up,
   * rather than taking a connection later for an answer nobody waits for.
   */
  waitMs?: number;
};

export type Database = {
  /** One statement; `options` bound its wait for a connection. */
  query<T extends Row = Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** BEGIN … COMMIT on a dedicated connection; ROLLBACK when `fn` throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** The embedded engine shares one session between all connections, so its pool has one. */
  readonly embedded: boolean;
  readonly driver: 'server' | 'serverless';
  /** host:port/database, never a password. */
  readonly where: string;
  /** The same pool, its queries free of QUERY_TIMEOUT_MS: for migrations, which may rightly take longer. */
  withoutQueryTimeout(): Database;
  end(): Promise<void>;
};

export { DatabaseUnavailable, isConnectionError, isDatabaseUnavailable, sqlState, type UnavailableReason } from './errors.server';
export {
  announceDatabaseStart,
  databaseReady,
  databaseState,
  READY_TIMEOUT_MS,
  type DatabaseStart,
  type ReadinessState,
} from './readiness.server';

/** A dead database fails within this (TCP connect and Postgres start-up). */
export const CONNECT_TIMEOUT_MS = 2_000;
/**
 * No query waits longer for its answer: a server that took it and went
 * silent must not hold a request (and the embedded engine's one connection)
 * forever. Generous, since the slowest of ours take milliseconds; migrations
 * run without it (withoutQueryTimeout()).
 */
export const QUERY_TIMEOUT_MS = 10_000;
/** How long a caller waits for a free connection before calling the database busy. */
const CHECKOUT_TIMEOUT_MS = 15_000;

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

/** Host, port and database of a connection string: never its user or password. */
export function describeUrl(connectionString: string): string {
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
export async function createDatabase({
  connectionString,
  embedded = false,
  queryTimeoutMs = QUERY_TIMEOUT_MS,
}: {
  connectionString: string;
  embedded?: boolean;
  /** 0: none. */
  queryTimeoutMs?: number;
}): Promise<Database> {
  const { getDatabase } = await import('@netlify/database');
  const connection = getDatabase({ connectionString });
  // NeonPool implements pg's Pool API; the union's methods are not callable as such.
  const pool = connection.pool as unknown as pg.Pool & {
    options: pg.PoolConfig;
  };
  const max = embedded ? 1 : (pool.options.max ?? 10);
  Object.assign(pool.options, {
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection that dies (a restart, a network cut) must not crash the process.
  pool.on('error', (error: Error) =>
    console.warn(`database: an idle connection failed (${error.message}); the next query opens a new one.`),
  );
  const slots = semaphore(max);
  let ended = false;
  // Connections that are open and have answered. A connection attempt that times out while others
  // still answer is a burst (the machine or the server busy), not a lost database: that request
  // fails, and nobody is marked down for it.
  let answering = 0;
  const counted = new WeakSet<pg.PoolClient>();
  // The embedded engine has one session for all connections, and does not end a transaction when
  // its connection drops (npm run dev kills its server at every edit): each new connection first
  // ends whatever a dead one left open. A real Postgres does that by itself.
  const cleaned = new WeakSet<pg.PoolClient>();
  // pg-pool listens for a client's errors only while it is idle; a connection lost while a query
  // holds it (the server stopped, or dropped after a query timeout) emits 'error' with nobody
  // listening, which would end the process. The query itself gets the same error.
  const watched = new WeakSet<pg.PoolClient>();

  async function withClient<T>(use: (client: pg.PoolClient) => Promise<T>, waitMs = CHECKOUT_TIMEOUT_MS): Promise<T> {
    if (ended) throw new DatabaseUnavailable('unreachable', 'the pool has been closed');
    const release = await slots.acquire(waitMs);
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      release();
      const unavailable = asUnavailable(error);
      // A database that was ready and now refuses or ignores connections: the local server marks it
      // down, so the next callers fall back at once instead of each paying the connect limit.
      if (answering === 0) reportConnectFailure(unavailable.message);
      throw unavailable;
    }
    if (!watched.has(client)) {
      watched.add(client);
      client.on('error', () => {});
    }
    if (!counted.has(client)) {
      counted.add(client);
      answering++;
      client.once('end', () => answering--);
    }
    let broken: Error | undefined;
    try {
      if (embedded && !cleaned.has(client)) {
        await run(client, 'ROLLBACK', undefined, QUERY_TIMEOUT_MS);
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

  // pg's own per-query timer (query_timeout): it fails the query, and the error counts as a
  // connection error, so withClient() throws the connection away rather than queue behind an answer
  // that may never come. Not in @types/pg's QueryConfig, hence the cast.
  const run = async <T extends Row>(client: pg.PoolClient, text: string, params: unknown[] | undefined, timeoutMs: number) =>
    (
      await client.query<T>({
        text,
        values: params,
        query_timeout: timeoutMs || undefined,
      } as pg.QueryConfig)
    ).rows;

  const bounded = (timeoutMs: number): Database => ({
    embedded,
    driver: connection.driver,
    where: describeUrl(connectionString),
    withoutQueryTimeout: () => bounded(0),
    query: (text, params, options) => withClient((client) => run(client, text, params, timeoutMs), options?.waitMs),
    transaction: (fn) =>
      withClient(async (client) => {
        await run(client, 'BEGIN', undefined, timeoutMs);
        try {
          const result = await fn({
            query: (text, params) => run(client, text, params, timeoutMs),
          });
          await run(client, 'COMMIT', undefined, timeoutMs);
          return result;
        } catch (error) {
          // A connection that went silent is dropped (which ends its transaction); a ROLLBACK would wait behind it.
          if (!isConnectionError(error)) await run(client, 'ROLLBACK', undefined, timeoutMs).catch(() => {});
          throw error;
        }
      }),
    end,
  });

  async function end() {
    if (ended) return;
    ended = true;
    await pool.end();
  }

  return bounded(queryTimeoutMs);
}

// --- The process's database and its readiness ---------------------------------

type Shared = { database?: Promise<Database> };

const SHARED = Symbol.for('portfolio.database');
const shared = (): Shared => ((globalThis as Record<symbol, Shared>)[SHARED] ??= {});

/**
 * The process's database, created on first use from NETLIFY_DB_URL (and
 * NETLIFY_DB_EMBEDDED=1, which the local server sets for the embedded
 * engine). Does not wait for readiness: query() and transaction() do.
 */
export function sharedDatabase(): Promise<Database> {
  const state = shared();
  if (!state.database) {
    const connectionString = readPlatformEnv('NETLIFY_DB_URL');
    if (!connectionString) return Promise.reject(new DatabaseUnavailable('not configured', 'NETLIFY_DB_URL is not set'));
    state.database = createDatabase({
      connectionString,
      embedded: readPlatformEnv('NETLIFY_DB_EMBEDDED') === '1',
    });
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
