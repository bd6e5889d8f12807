import {
  announceDatabaseStart,
  closeSharedDatabase,
  describeUrl,
  isDatabaseUnavailable,
  sharedDatabase,
  type Database,
} from '../app/db/connection.server';
import { applyMigrations, MIGRATIONS_DIR } from '../app/db/migrations.server';
import { startEmbeddedEngine, withPassword, type EmbeddedEngine } from './embedded-engine';
import { localDatabasePassword } from './local-secrets';

export { startEmbeddedEngine, type EmbeddedEngine } from './embedded-engine';

/**
 * The local server's database (npm start, npm run dev):
 *
 * - NETLIFY_DB_URL set (any Postgres, or the engine `npm run dev` started):
 *   reach it and migrate it with our runner, then it is ready.
 * - Otherwise the embedded engine (@netlify/database-dev, a devDependency
 *   never reachable from the Remix build or netlify/functions), its data in
 *   .netlify/db/ or PORTFOLIO_DB_DIR, behind the password kept with the local
 *   secrets: start it in a worker thread, set NETLIFY_DB_URL (password
 *   included) and NETLIFY_DB_EMBEDDED=1 (its pool then has one connection:
 *   every connection to it shares one session), migrate, ready.
 * - PORTFOLIO_DB=off: no database; the limits count in memory.
 *
 * All of it happens after the server listens: public pages never wait for
 * the database. The few requests that need it wait only while the engine
 * starts, and then at most READY_TIMEOUT_MS (app/db/readiness.server.ts). A
 * database that refuses or does not answer is 'down' after one attempt
 * (at most CONNECT_TIMEOUT_MS): those requests fall back at once, and it is
 * tried again in the background until it answers, then migrated and used.
 */

export const DEFAULT_DB_DIR = '.netlify/db';
/** A database found down is tried again after this, doubling up to RETRY_MAX_MS. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 5_000;
/** npm run dev's own engine (NETLIFY_DB_EMBEDDED=1) is only starting, and local: tried more often. */
const RETRY_MAX_EMBEDDED_MS = 1_000;
/** On shutdown, a start still under way gets this long to finish before it is abandoned. */
const START_PATIENCE_ON_STOP_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    if (signal.aborted) done();
  });
}

// --- The local server's database ----------------------------------------------------

export type LocalDatabase = { start(): Promise<void>; stop(): Promise<void> };

async function migrate(db: Database): Promise<void> {
  // Without the query timeout: a migration may rightly run long, or wait for another server's lock.
  const { applied, total } = await applyMigrations(db.withoutQueryTimeout(), MIGRATIONS_DIR);
  console.log(
    applied.length
      ? `Migrations: applied ${applied.join(', ')} (${total} in ${MIGRATIONS_DIR}).`
      : `Migrations: none pending (${total} in ${MIGRATIONS_DIR}, all applied).`,
  );
}

/**
 * Called before the server listens: says which database it will use and makes
 * requests that need it wait for it while it starts. `start()` (after listen)
 * never throws: a failure is logged, and the fallbacks act.
 */
export function planLocalDatabase(): LocalDatabase | undefined {
  if (process.env.PORTFOLIO_DB?.trim() === 'off') {
    delete process.env.NETLIFY_DB_URL;
    console.log('Database: off (PORTFOLIO_DB=off); the limits count in memory.');
    return undefined;
  }
  const given = process.env.NETLIFY_DB_URL?.trim();
  const devEngine = Boolean(given) && process.env.NETLIFY_DB_EMBEDDED === '1';
  const directory = process.env.PORTFOLIO_DB_DIR?.trim() || DEFAULT_DB_DIR;
  const readiness = announceDatabaseStart();
  let engine: EmbeddedEngine | undefined;
  let starting: Promise<void> | undefined;
  let retrying: Promise<void> | undefined;
  const abandon = new AbortController();

  /** Something that will not mend by trying again (the engine did not start, a migration is broken). */
  const giveUp = (error: unknown) => {
    console.error(
      `Database: unavailable (${message(error)}); the limits count in memory and contact messages are mailed without being kept.`,
    );
    readiness.down(message(error), 'not ready');
  };

  /** One attempt: reach it (bounded by the connect and query timeouts), migrate it, say it is ready. */
  const bringUp = async (db: Database, what: string, started: number) => {
    await db.query('SELECT 1');
    console.log(`Database: ${what}, ready in ${seconds(started)}.`);
    await migrate(db);
    readiness.ready();
  };

  /** In the background while it is down: callers meanwhile fail at once, and use it again once this succeeds. */
  const keepTrying = async (db: Database, what: string, started: number) => {
    for (let delay = RETRY_MIN_MS; ; delay = Math.min(delay * 2, devEngine ? RETRY_MAX_EMBEDDED_MS : RETRY_MAX_MS)) {
      await pause(delay, abandon.signal);
      if (abandon.signal.aborted) return;
      try {
        await bringUp(db, what, started);
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) return giveUp(error);
        readiness.down(message(error));
      }
    }
  };

  const run = async () => {
    const started = performance.now();
    let what: string;
    if (given) {
      what = devEngine ? `the embedded engine of npm run dev on ${describeUrl(given)}` : `NETLIFY_DB_URL (${describeUrl(given)})`;
    } else {
      try {
        engine = await startEmbeddedEngine(directory, {
          password: localDatabasePassword(),
          signal: abandon.signal,
        });
      } catch (error) {
        return giveUp(error);
      }
      process.env.NETLIFY_DB_URL = engine.url;
      process.env.NETLIFY_DB_EMBEDDED = '1';
      what = `embedded (@netlify/database-dev, data in ${directory}/) on ${describeUrl(engine.url)}`;
    }
    const db = await sharedDatabase();
    // Lost after it was ready (the server stopped, the network went): down at once, and the same retry.
    readiness.whenLost((detail) => {
      if (abandon.signal.aborted) return;
      console.warn(
        `Database: ${what} stopped answering (${detail}); until it answers again, the fallbacks act at once. Trying again in the background.`,
      );
      readiness.down(detail);
      retrying = keepTrying(db, what, performance.now());
    });
    try {
      await bringUp(db, what, started);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) return giveUp(error);
      // One refused or unanswered attempt is enough: nobody waits on a database that is down.
      console.warn(
        `Database: ${what} is unavailable (${message(error)}); until it answers, the limits count in memory, contact messages are mailed without being kept and /admin answers 503. Trying again in the background.`,
      );
      readiness.down(message(error));
      retrying = keepTrying(db, what, started);
    }
  };

  return {
    start: () => (starting ??= run().catch(giveUp)),
    async stop() {
      if (starting) await Promise.race([starting, sleep(START_PATIENCE_ON_STOP_MS)]);
      abandon.abort();
      // An attempt under way is bounded by the connect timeout, or a migration.
      if (retrying) await Promise.race([retrying, sleep(START_PATIENCE_ON_STOP_MS)]);
      await closeSharedDatabase().catch(() => {});
      await engine?.stop();
    },
  };
}

// --- npm run dev -------------------------------------------------------------------

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * For scripts/dev.ts, which outlives every server remix dev restarts: the
 * embedded engine on a port chosen now, and the environment that sends each
 * server to it. undefined when NETLIFY_DB_URL names a database already or
 * PORTFOLIO_DB=off.
 */
export async function devDatabase(): Promise<
  | {
      env: Record<string, string>;
      start(): Promise<void>;
      stop(): Promise<void>;
    }
  | undefined
> {
  if (process.env.PORTFOLIO_DB?.trim() === 'off' || process.env.NETLIFY_DB_URL?.trim()) return undefined;
  const directory = process.env.PORTFOLIO_DB_DIR?.trim() || DEFAULT_DB_DIR;
  const port = await freePort();
  const password = localDatabasePassword();
  const abandon = new AbortController();
  let engine: EmbeddedEngine | undefined;
  let starting: Promise<void> | undefined;
  return {
    // The password travels to each server in its environment, never on a command line or in the log.
    env: {
      NETLIFY_DB_URL: withPassword(`postgres://postgres@localhost:${port}/postgres`, password),
      NETLIFY_DB_EMBEDDED: '1',
    },
    start: () =>
      (starting ??= (async () => {
        const started = performance.now();
        try {
          engine = await startEmbeddedEngine(directory, {
            password,
            port,
            signal: abandon.signal,
          });
          console.log(`Database: started the embedded engine for this session (data in ${directory}/) in ${seconds(started)}.`);
        } catch (error) {
          console.error(`Database: the embedded engine did not start (${message(error)}); the limits count in memory.`);
        }
      })()),
    async stop() {
      if (starting) await Promise.race([starting, sleep(START_PATIENCE_ON_STOP_MS)]);
      abandon.abort();
      await engine?.stop();
    },
  };
}
