import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  announceDatabaseStart,
  closeSharedDatabase,
  CONNECT_TIMEOUT_MS,
  createDatabase,
  databaseReady,
  databaseState,
  DatabaseUnavailable,
  isDatabaseUnavailable,
  query,
  QUERY_TIMEOUT_MS,
  READY_TIMEOUT_MS,
  sharedDatabase,
  sqlState,
  transaction,
} from '~/db/connection.server';
import { BUSY_RETRY_AFTER_S, clientKey, COUNT_WAIT_MS, reached, release, take } from '~/db/rate-limit.server';
import { saveEnv } from '../helpers/env';
import { testDatabase, type TestDatabase } from '../helpers/start/test-database';
import { startSilentServer } from '../helpers/start/smtp';
import { closedPort } from '../helpers/start/ports';
import { waitFor } from '../helpers/wait';

/** A Postgres server (pg-gateway, trust) that completes the start-up and then never answers. */
async function startMutePostgres(): Promise<{ url: string; open: () => number; close: () => Promise<void> }> {
  const { fromNodeSocket } = await import('pg-gateway/node');
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    fromNodeSocket(socket, {
      auth: { method: 'trust' },
      // Takes every query and never answers it.
      onMessage: (_data, { isAuthenticated }) => (isAuthenticated ? new Promise<never>(() => {}) : undefined),
    }).catch(() => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    open: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The connection's promises: DatabaseUnavailable for every way the database
 * can be missing, readiness as the local server announces it, transactions,
 * and the limits' fallback to memory.
 */

const SHARED = Symbol.for('portfolio.database');
const LIMITS = Symbol.for('portfolio.rate-limits');
const restoreEnv = saveEnv(['NETLIFY_DB_URL', 'SESSION_SECRET']);

let database: TestDatabase;
let url: string;
beforeAll(async () => {
  database = await testDatabase();
  url = database.url;
});
afterAll(async () => {
  await database?.drop();
});

afterEach(async () => {
  await closeSharedDatabase();
  delete (globalThis as Record<symbol, unknown>)[SHARED];
  delete (globalThis as Record<symbol, unknown>)[LIMITS];
  restoreEnv();
  vi.restoreAllMocks();
});

describe('DatabaseUnavailable', () => {
  it('without NETLIFY_DB_URL: not configured', async () => {
    delete process.env.NETLIFY_DB_URL;
    await expect(databaseReady()).rejects.toMatchObject({ name: 'DatabaseUnavailable', reason: 'not configured' });
    await expect(query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailable);
  });

  it('nothing listening: unreachable, at once', async () => {
    process.env.NETLIFY_DB_URL = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
    const error = await query('SELECT 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'unreachable' });
  });

  it('a server that never answers: unreachable within the connect timeout', async () => {
    const silent = await startSilentServer();
    try {
      const db = await createDatabase({ connectionString: silent.url.replace('smtp:', 'postgres:') + '/postgres' });
      const started = performance.now();
      await expect(db.query('SELECT 1')).rejects.toMatchObject({ name: 'DatabaseUnavailable', reason: 'unreachable' });
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
      // Bounded: the timeout, plus whatever a busy machine adds.
      expect(took).toBeLessThan(CONNECT_TIMEOUT_MS + 5_000);
      await db.end();
    } finally {
      await silent.close();
    }
  });

  it('a server that lets us in, then never answers a query: unavailable within the query timeout, and the connection dropped', async () => {
    const mute = await startMutePostgres();
    const db = await createDatabase({ connectionString: mute.url, queryTimeoutMs: 300 });
    try {
      const started = performance.now();
      await expect(db.query('SELECT 1')).rejects.toMatchObject({
        name: 'DatabaseUnavailable',
        reason: 'unreachable',
        message: expect.stringContaining('Query read timeout'),
      });
      expect(performance.now() - started).toBeLessThan(300 + 5_000);
      // Thrown away, not reused behind an answer that never comes.
      await waitFor(() => mute.open() === 0, { what: 'the silent connection to be closed' });
      // Migrations run without the timeout: the same silence simply goes on.
      const unbounded = db
        .withoutQueryTimeout()
        .query('SELECT 1')
        .then(
          () => 'answered',
          () => 'failed',
        );
      expect(await Promise.race([unbounded, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000))])).toBe(
        'still waiting',
      );
    } finally {
      // The server first: the pool's end waits for the query still held.
      await mute.close();
      await db.end();
    }
  });

  it('a connection lost while a query holds it: that query fails DatabaseUnavailable, and the process lives on', async () => {
    const mute = await startMutePostgres();
    const db = await createDatabase({ connectionString: mute.url });
    try {
      const held = db.query('SELECT 1').catch((e: unknown) => e);
      await waitFor(() => mute.open() === 1, { what: 'the query to hold its connection' });
      // Give the query time to be sent, then cut the server: pg emits 'error' on the busy client.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await mute.close();
      expect(await held).toMatchObject({ name: 'DatabaseUnavailable', reason: 'unreachable' });
    } finally {
      await mute.close();
      await db.end();
    }
  });

  it('the process’s database bounds its queries by QUERY_TIMEOUT_MS, a generous 10 s', () => {
    expect(QUERY_TIMEOUT_MS).toBe(10_000);
  });

  it('errors in a query stay what they are, with their SQLSTATE', async () => {
    process.env.NETLIFY_DB_URL = url;
    const error = await query('SELECT * FROM no_such_table').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(sqlState(error)).toBe('42P01');
  });
});

describe('readiness', () => {
  it('waits for the local server’s word, then answers', async () => {
    process.env.NETLIFY_DB_URL = url;
    const start = announceDatabaseStart();
    let settled = false;
    const ready = databaseReady().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    start.ready();
    await ready;
    expect(await query<{ n: number }>('SELECT $1::int + 1 AS n', [41])).toEqual([{ n: 42 }]);
  });

  it('a start that failed: not ready, with the reason, at once', async () => {
    process.env.NETLIFY_DB_URL = url;
    const start = announceDatabaseStart();
    start.down('the engine did not start', 'not ready');
    await expect(databaseReady()).rejects.toMatchObject({
      reason: 'not ready',
      message: expect.stringContaining('the engine did not start'),
    });
  });

  it('a start that takes too long: not ready once the bound has passed', async () => {
    process.env.NETLIFY_DB_URL = url;
    announceDatabaseStart();
    await expect(databaseReady(50)).rejects.toMatchObject({ reason: 'not ready', message: expect.stringContaining('still starting') });
  });

  it('callers wait at most READY_TIMEOUT_MS (a few seconds) for a start by default', () => {
    expect(READY_TIMEOUT_MS).toBeLessThanOrEqual(3_000);
  });

  it('down: callers fail at once, even while they wait for a start, and go through again once it is ready', async () => {
    process.env.NETLIFY_DB_URL = url;
    const start = announceDatabaseStart();
    const waiting = databaseReady(60_000).catch((e: unknown) => e);
    const started = performance.now();
    start.down('connect ECONNREFUSED 127.0.0.1:1');
    expect(await waiting).toMatchObject({
      name: 'DatabaseUnavailable',
      reason: 'unreachable',
      message: expect.stringContaining('ECONNREFUSED'),
    });
    expect(databaseState()).toBe('down');
    await expect(query('SELECT 1')).rejects.toMatchObject({ reason: 'unreachable' });
    // No wait at all: well under the connect timeout even on a busy machine.
    expect(performance.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS / 2);
    start.ready();
    expect(await query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
  });

  it('one pool per process, shared through globalThis', async () => {
    process.env.NETLIFY_DB_URL = url;
    expect(await sharedDatabase()).toBe(await sharedDatabase());
  });
});

describe('transactions', () => {
  it('commit together, or not at all', async () => {
    process.env.NETLIFY_DB_URL = url;
    await query('CREATE TABLE IF NOT EXISTS tx_test (id int PRIMARY KEY)');
    await transaction(async (tx) => {
      await tx.query('INSERT INTO tx_test VALUES (1)');
      await tx.query('INSERT INTO tx_test VALUES (2)');
    });
    await expect(
      transaction(async (tx) => {
        await tx.query('INSERT INTO tx_test VALUES (3)');
        await tx.query('INSERT INTO tx_test VALUES (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await query('SELECT id FROM tx_test ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('the limits when the shared count is missing or cannot be read', () => {
  it('no database configured: every limit counts in memory, said once', async () => {
    process.env.SESSION_SECRET = 'connection-test-secret';
    delete process.env.NETLIFY_DB_URL;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const key = clientKey('sign-in', '192.0.2.4');
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await take(key, 3, 60_000));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]).toMatchObject({ retryAfterS: expect.any(Number) });
    expect(verdicts[3]?.busy).toBeUndefined();
    const said = warn.mock.calls.filter(([text]) => String(text).includes("so every limit counts in this process's memory"));
    expect(said).toHaveLength(1);
  });

  it('a database that cannot answer: guesses refused as busy, the contact limit in memory, said once; the database again once it answers', async () => {
    process.env.SESSION_SECRET = 'connection-test-secret';
    process.env.NETLIFY_DB_URL = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const guess = clientKey('sign-in', '192.0.2.1');
    for (let i = 0; i < 3; i++)
      expect(await take(guess, 3, 60_000)).toEqual({ allowed: false, retryAfterS: BUSY_RETRY_AFTER_S, busy: true });
    expect(await reached(guess, 3, 60_000)).toBe('busy');

    const contact = clientKey('contact', '192.0.2.1');
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await take(contact, 3, 60_000));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]?.busy).toBeUndefined();
    expect(verdicts[3]?.retryAfterS).toBeGreaterThan(0);
    await release(contact);
    expect((await take(contact, 3, 60_000)).allowed).toBe(true);
    const said = warn.mock.calls.filter(([text]) => String(text).includes("the shared count can't be read"));
    expect(said).toHaveLength(1);
    expect(String(said[0]?.[0])).toContain('the contact form’s limit');

    await closeSharedDatabase();
    delete (globalThis as Record<symbol, unknown>)[SHARED];
    process.env.NETLIFY_DB_URL = url;
    expect((await take(clientKey('sign-in', '192.0.2.2'), 3, 60_000)).allowed).toBe(true);
    expect(info.mock.calls.some(([text]) => String(text).includes('the shared count answers again'))).toBe(true);
    expect(await query('SELECT count(*)::int AS n FROM rate_limits')).toEqual([{ n: 1 }]);
  });

  it('a count slower than its bound is refused as busy once the bound has passed, not judged', { timeout: 60_000 }, async () => {
    process.env.SESSION_SECRET = 'connection-test-secret';
    process.env.NETLIFY_DB_URL = url;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const key = clientKey('sign-in', '192.0.2.5');
    await take(key, 3, 60_000);
    const holder = await createDatabase({ connectionString: url });
    let letGo = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The row locked as a burst's concurrent upserts hold it: the next count waits behind it.
    const held = holder.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM rate_limits WHERE key = $1 FOR UPDATE', [key]);
      locked();
      await new Promise<void>((resolve) => (letGo = resolve));
    });
    try {
      await isLocked;
      const started = performance.now();
      expect(await take(key, 3, 60_000)).toMatchObject({ allowed: false, busy: true });
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(COUNT_WAIT_MS - 50);
      expect(took).toBeLessThan(COUNT_WAIT_MS + 5_000);
    } finally {
      letGo();
      await held;
      await holder.end();
    }
  });

  it('without SESSION_SECRET instances could not share keys: guesses refused as busy, the contact limit in memory', async () => {
    delete process.env.SESSION_SECRET;
    process.env.NETLIFY_DB_URL = url;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await take(clientKey('unlock', '192.0.2.3'), 3, 60_000)).toMatchObject({ allowed: false, busy: true });
    expect((await take(clientKey('contact', '192.0.2.3'), 3, 60_000)).allowed).toBe(true);
    expect(warn.mock.calls.some(([text]) => String(text).includes('SESSION_SECRET is not set'))).toBe(true);
  });
});
