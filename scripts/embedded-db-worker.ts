import { parentPort, workerData } from 'node:worker_threads';
import { NetlifyDB } from '@netlify/database-dev';

/**
 * The embedded database (@netlify/database-dev: PGlite behind a Postgres
 * wire-protocol server on localhost) in a worker thread of the local server:
 * its start-up runs seconds of WebAssembly that would otherwise stop the
 * server's event loop, and so every request, while it runs.
 * scripts/local-database.ts starts it and talks to it by messages.
 */

export type WorkerData = { directory: string; port?: number };
export type WorkerMessage = { type: 'started'; url: string } | { type: 'failed'; message: string } | { type: 'stopped' };

const { directory, port } = workerData as WorkerData;
const port_ = parentPort!;
const db = new NetlifyDB({ directory, port, logger: () => {} });
const send = (message: WorkerMessage) => port_.postMessage(message);

port_.on('message', async (message: unknown) => {
  if (message !== 'stop') return;
  await db.stop().catch(() => {});
  send({ type: 'stopped' });
  port_.close();
});

try {
  send({ type: 'started', url: await db.start() });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  port_.close();
}
