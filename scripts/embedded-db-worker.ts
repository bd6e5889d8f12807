import type { Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { NetlifyDB } from '@netlify/database-dev';
import { createScramSha256Data, verifyScramSha256Password } from 'pg-gateway';
import { fromNodeSocket } from 'pg-gateway/node';

/**
 * The embedded database (@netlify/database-dev: PGlite behind a Postgres
 * wire-protocol server on localhost) in a worker thread of the local server:
 * its start-up runs seconds of WebAssembly that would otherwise stop the
 * server's event loop, and so every request, while it runs.
 * scripts/local-database.ts starts it and talks to it by messages.
 *
 * database-dev accepts any user with any password (pg-gateway's 'trust'), so
 * any process on this machine could read the inbox or forge an owner's
 * session. Its connection handler is replaced here by the same one with
 * SCRAM-SHA-256 (what a real Postgres asks for): user `postgres` and the
 * password local-database.ts hands over, or nothing.
 */

// Types only: local-database.ts must not import a value from here (it would run this file in the server).
export type WorkerData = { directory: string; port?: number; password: string };
export type WorkerMessage = { type: 'started'; url: string } | { type: 'failed'; message: string } | { type: 'stopped' };

const ENGINE_USER = 'postgres';

/** What NetlifyDB keeps to itself (database-dev 1.0.x): its PGlite, its open sockets, and the handler its server calls. */
type Internals = {
  db?: { execProtocolRaw(data: Uint8Array): Promise<Uint8Array> };
  connections: Set<Socket>;
  handleConnection(socket: Socket): void;
};

/** Makes `engine` require `password` from every connection. Throws if database-dev no longer has the handler it replaces. */
async function requirePassword(engine: NetlifyDB, password: string): Promise<void> {
  const internals = engine as unknown as Internals;
  // Its server calls this.handleConnection(socket): an own property wins over the prototype's.
  if (typeof internals.handleConnection !== 'function' || !(internals.connections instanceof Set)) {
    throw new Error(
      'this @netlify/database-dev has no handleConnection to replace, so it cannot require a password; refusing to start it open',
    );
  }
  // Salted and hashed once: every connection is checked against the same verifier.
  const scram = await createScramSha256Data(password);
  internals.handleConnection = (socket: Socket) => {
    const db = internals.db;
    if (!db) return void socket.destroy();
    // Each answer is written in small pieces: with Nagle's algorithm on, every query waited ~40 ms for the client's delayed ACK.
    socket.setNoDelay(true);
    internals.connections.add(socket);
    socket.on('close', () => internals.connections.delete(socket));
    fromNodeSocket(socket, {
      serverVersion: '16.3 (NetlifyDB/pglite)',
      auth: {
        method: 'scram-sha-256',
        getScramSha256Data: () => scram,
        validateCredentials: async ({ username, authMessage, clientProof, scramSha256Data }) =>
          username === ENGINE_USER && verifyScramSha256Password({ authMessage, clientProof, storedKey: scramSha256Data.storedKey }),
      },
      // Nothing reaches PGlite before the password is proven.
      onMessage: (data, { isAuthenticated }) => (isAuthenticated ? db.execProtocolRaw(data) : undefined),
    }).catch(() => socket.destroy());
  };
}

// pg-gateway prints a refused client's protocol error with its stack (a client that sends a query
// instead of the password, or gives up): one line is enough, and it carries nothing secret.
const printError = console.error.bind(console);
console.error = (...args: unknown[]) =>
  args[0] instanceof Error && !(args[0].stack ?? '').includes('/@netlify/database-dev/')
    ? printError(`Database: the embedded engine refused a connection (${args[0].message}).`)
    : printError(...args);

const { directory, port, password } = workerData as WorkerData;
if (!parentPort) throw new Error('embedded-db-worker.ts runs only as a worker thread (scripts/embedded-engine.ts starts it).');
const port_ = parentPort;
const db = new NetlifyDB({ directory, port, logger: () => {} });
const send = (message: WorkerMessage) => port_.postMessage(message);

port_.on('message', async (message: unknown) => {
  if (message !== 'stop') return;
  await db.stop().catch(() => {});
  send({ type: 'stopped' });
  port_.close();
});

try {
  if (!password) throw new Error('no password for the embedded engine');
  await requirePassword(db, password);
  // database-dev's URL names no password; local-database.ts adds it.
  send({ type: 'started', url: await db.start() });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  port_.close();
}
