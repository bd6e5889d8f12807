import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  announceDatabaseStart,
  closeSharedDatabase,
  isDatabaseUnavailable,
  sharedDatabase,
  type Database,
} from '../app/db/connection.server';
import { applyMigrations, MIGRATIONS_DIR } from '../app/db/migrations.server';
import type { WorkerData, WorkerMessage } from './embedded-db-worker';

/**
 * The local server's database (npm start, npm run dev):
 *
 * - NETLIFY_DB_URL set (any Postgres, or the engine `npm run dev` started):
 *   migrate it with our runner, then it is ready.
 * - Otherwise the embedded engine (@netlify/database-dev, a devDependency
 *   never reachable from the Remix build or netlify/functions), its data in
 *   .netlify/db/ or PORTFOLIO_DB_DIR: start it in a worker thread, set
 *   NETLIFY_DB_URL and NETLIFY_DB_EMBEDDED=1 (its pool then has one
 *   connection: every connection to it shares one session), migrate, ready.
 * - PORTFOLIO_DB=off: no database; the limits count in memory.
 *
 * All of it happens after the server listens: public pages never wait for
 * the database; the few requests that need it wait (bounded) for readiness.
 */

export const DEFAULT_DB_DIR = '.netlify/db';
/** A NETLIFY_DB_URL that does not answer yet (say, npm run dev's engine still starting) gets this long. */
const CONNECT_PATIENCE_MS = 90_000;
/**
 * A data directory held by another process is waited for this long: long
 * enough for a server that is stopping (a restart) to finish its requests
 * and stop its engine.
 */
const LOCK_PATIENCE_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
/** On shutdown, a start still under way gets this long to finish before it is abandoned. */
const START_PATIENCE_ON_STOP_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

// --- The embedded engine ---------------------------------------------------------

export type EmbeddedEngine = { url: string; stop(): Promise<void> };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its directory, and two engines on one directory lose
 * writes without a word, so `<directory>.lock` holds the owner's pid.
 */
async function lockDirectory(directory: string): Promise<() => Promise<void>> {
  const file = `${path.resolve(directory)}.lock`;
  await mkdir(path.dirname(file), { recursive: true });
  const deadline = Date.now() + LOCK_PATIENCE_MS;
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (!owner || !isAlive(owner)) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${directory} is in use by process ${owner} (another npm start or npm run dev?)`);
    await sleep(100);
  }
}

/**
 * Starts @netlify/database-dev on `directory` in a worker thread; resolves
 * with its URL. `signal` abandons a start still under way (the worker is
 * terminated).
 */
export async function startEmbeddedEngine(directory: string, { port, signal }: { port?: number; signal?: AbortSignal } = {}): Promise<EmbeddedEngine> {
  const unlock = await lockDirectory(directory);
  // Bundled into build/server/serve.mjs the worker is its sibling .mjs; under tsx, the .ts beside this file.
  const file = new URL(`./embedded-db-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'mjs'}`, import.meta.url);
  const worker = new Worker(file, { workerData: { directory, port } satisfies WorkerData });
  const messages = new EventTarget();
  worker.on('message', (data: WorkerMessage) => messages.dispatchEvent(new CustomEvent(data.type, { detail: data })));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // Whatever happens to the engine later must not take the server down: its callers fall back to memory.
  let stopping: Promise<void> | undefined;
  let ending = false;
  worker.on('error', (error) => console.error(`Database: the embedded engine failed (${error.message}); the limits count in memory.`));
  worker.on('exit', (code) => {
    if (!ending) console.error(`Database: the embedded engine stopped unexpectedly (exit ${code}); the limits count in memory.`);
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      messages.addEventListener('started', (event) => resolve(((event as CustomEvent).detail as { url: string }).url), { once: true });
      messages.addEventListener('failed', (event) => reject(new Error(((event as CustomEvent).detail as { message: string }).message)), { once: true });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the engine's worker exited with ${code}`)));
      signal?.addEventListener('abort', () => reject(new Error('stopped before it had started')), { once: true });
      if (signal?.aborted) reject(new Error('stopped before it had started'));
    });
    return {
      url,
      stop: () =>
        (stopping ??= (async () => {
          ending = true;
          worker.postMessage('stop');
          const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
          if (!stopped) await worker.terminate();
          await unlock();
        })()),
    };
  } catch (error) {
    ending = true;
    await worker.terminate();
    await unlock();
    throw error;
  }
}

// --- The local server's database ----------------------------------------------------

export type LocalDatabase = { start(): Promise<void>; stop(): Promise<void> };

function describeUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'NETLIFY_DB_URL (unparsable)';
  }
}

/** Waits until the database answers (it may still be starting), within CONNECT_PATIENCE_MS. */
async function reachable(db: Database): Promise<void> {
  const deadline = Date.now() + CONNECT_PATIENCE_MS;
  for (;;) {
    try {
      await db.query('SELECT 1');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
}

async function migrate(db: Database): Promise<void> {
  const { applied, total } = await applyMigrations(db, MIGRATIONS_DIR);
  console.log(
    applied.length
      ? `Migrations: applied ${applied.join(', ')} (${total} in ${MIGRATIONS_DIR}).`
      : `Migrations: none pending (${total} in ${MIGRATIONS_DIR}, all applied).`,
  );
}

/**
 * Called before the server listens: says which database it will use and makes
 * requests that need it wait for it. `start()` (after listen) never throws: a
 * failure is logged, and the limits then count in memory.
 */
export function planLocalDatabase(): LocalDatabase | undefined {
  if (process.env.PORTFOLIO_DB?.trim() === 'off') {
    delete process.env.NETLIFY_DB_URL;
    console.log('Database: off (PORTFOLIO_DB=off); the limits count in memory.');
    return undefined;
  }
  const given = process.env.NETLIFY_DB_URL?.trim();
  const directory = process.env.PORTFOLIO_DB_DIR?.trim() || DEFAULT_DB_DIR;
  const readiness = announceDatabaseStart();
  let engine: EmbeddedEngine | undefined;
  let starting: Promise<void> | undefined;
  const abandon = new AbortController();

  const run = async () => {
    const started = performance.now();
    let what: string;
    if (given) {
      what = process.env.NETLIFY_DB_EMBEDDED === '1' ? `the embedded engine of npm run dev on ${describeUrl(given)}` : `NETLIFY_DB_URL (${describeUrl(given)})`;
    } else {
      engine = await startEmbeddedEngine(directory, { signal: abandon.signal });
      process.env.NETLIFY_DB_URL = engine.url;
      process.env.NETLIFY_DB_EMBEDDED = '1';
      what = `embedded (@netlify/database-dev, data in ${directory}/) on ${describeUrl(engine.url)}`;
    }
    const db = await sharedDatabase();
    await reachable(db);
    console.log(`Database: ${what}, ready in ${seconds(started)}.`);
    await migrate(db);
    readiness.ready();
  };

  return {
    start: () =>
      (starting ??= run().catch((error) => {
        console.error(`Database: unavailable (${message(error)}); the limits count in memory.`);
        readiness.failed(message(error));
      })),
    async stop() {
      if (starting) await Promise.race([starting, sleep(START_PATIENCE_ON_STOP_MS)]);
      abandon.abort();
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
export async function devDatabase(): Promise<{ env: Record<string, string>; start(): Promise<void>; stop(): Promise<void> } | undefined> {
  if (process.env.PORTFOLIO_DB?.trim() === 'off' || process.env.NETLIFY_DB_URL?.trim()) return undefined;
  const directory = process.env.PORTFOLIO_DB_DIR?.trim() || DEFAULT_DB_DIR;
  const port = await freePort();
  const abandon = new AbortController();
  let engine: EmbeddedEngine | undefined;
  let starting: Promise<void> | undefined;
  return {
    env: { NETLIFY_DB_URL: `postgres://postgres@localhost:${port}/postgres`, NETLIFY_DB_EMBEDDED: '1' },
    start: () =>
      (starting ??= (async () => {
        const started = performance.now();
        try {
          engine = await startEmbeddedEngine(directory, { port, signal: abandon.signal });
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
