import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WorkerData, WorkerMessage } from './embedded-db-worker';

/**
 * The embedded engine (@netlify/database-dev in a worker thread,
 * scripts/embedded-db-worker.ts) for scripts/local-database.ts: started on
 * a folder it locks, behind a password, and stopped.
 */

/**
 * A data directory held by another process is waited for this long: long
 * enough for a server that is stopping (a restart) to finish its requests
 * and stop its engine.
 */
const LOCK_PATIENCE_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `url` with `password` (database-dev's URLs name the user only). */
export function withPassword(url: string, password: string): string {
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

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
 * Starts @netlify/database-dev on `directory` in a worker thread, requiring
 * `password` (user postgres) from every connection; resolves with its URL,
 * password included (never print it: describeUrl()). `signal` abandons a
 * start still under way (the worker is terminated).
 */
export async function startEmbeddedEngine(
  directory: string,
  { password, port, signal }: { password: string; port?: number; signal?: AbortSignal },
): Promise<EmbeddedEngine> {
  const unlock = await lockDirectory(directory);
  // Bundled into build/server/serve.mjs the worker is its sibling .mjs; under tsx, the .ts beside this file.
  const file = new URL(`./embedded-db-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'mjs'}`, import.meta.url);
  const worker = new Worker(file, { workerData: { directory, port, password } satisfies WorkerData });
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
      messages.addEventListener('failed', (event) => reject(new Error(((event as CustomEvent).detail as { message: string }).message)), {
        once: true,
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the engine's worker exited with ${code}`)));
      signal?.addEventListener('abort', () => reject(new Error('stopped before it had started')), { once: true });
      if (signal?.aborted) reject(new Error('stopped before it had started'));
    });
    return {
      url: withPassword(url, password),
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
