import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  announceDatabaseStart,
  closeSharedDatabase,
  CONNECT_TIMEOUT_MS,
  createDatabase,
  databaseReady,
  DatabaseUnavailable,
  isDatabaseUnavailable,
  query,
  sharedDatabase,
  sqlState,
  transaction,
} from '~/db/connection.server';
import { applyMigrations } from '~/db/migrations.server';
import { clientKey, release, take } from '~/db/rate-limit.server';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { closedPort, startSilentServer } from '../helpers/smtp';

/**
 * The connection's promises: DatabaseUnavailable for every way the database
 * can be missing, readiness as the local server announces it, transactions,
 * and the limits' fallback to memory.
 */

const SHARED = Symbol.for('portfolio.database');
const LIMITS = Symbol.for('portfolio.rate-limits');
const saved = { url: process.env.NETLIFY_DB_URL, secret: process.env.SESSION_SECRET };

let pg: TestPostgres;
let url: string;
beforeAll(async () => {
  pg = await startPostgres();
  url = await pg.createDatabase();
  const db = await createDatabase({ connectionString: url });
  await applyMigrations(db);
  await db.end();
});
afterAll(async () => {
  await pg?.destroy();
});

afterEach(async () => {
  await closeSharedDatabase();
  delete (globalThis as Record<symbol, unknown>)[SHARED];
  delete (globalThis as Record<symbol, unknown>)[LIMITS];
  for (const [name, value] of [['NETLIFY_DB_URL', saved.url], ['SESSION_SECRET', saved.secret]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
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

  it('a failed start: not ready, with the reason', async () => {
    process.env.NETLIFY_DB_URL = url;
    const start = announceDatabaseStart();
    start.failed('the engine did not start');
    await expect(databaseReady()).rejects.toMatchObject({ reason: 'not ready', message: expect.stringContaining('the engine did not start') });
  });

  it('a start that takes too long: not ready once the bound has passed', async () => {
    process.env.NETLIFY_DB_URL = url;
    announceDatabaseStart();
    await expect(databaseReady(50)).rejects.toMatchObject({ reason: 'not ready', message: expect.stringContaining('still starting') });
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

describe('the limits without a database', () => {
  it('count in memory, say so once, and come back to the database when it is there', async () => {
    process.env.SESSION_SECRET = 'connection-test-secret';
    process.env.NETLIFY_DB_URL = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const key = clientKey('test', '192.0.2.1');
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await take(key, 3, 60_000));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3].retryAfterS).toBeGreaterThan(0);
    await release(key);
    expect((await take(key, 3, 60_000)).allowed).toBe(true);
    const said = warn.mock.calls.filter(([text]) => String(text).includes('the database is unavailable'));
    expect(said).toHaveLength(1);

    await closeSharedDatabase();
    delete (globalThis as Record<symbol, unknown>)[SHARED];
    process.env.NETLIFY_DB_URL = url;
    expect((await take(clientKey('test', '192.0.2.2'), 3, 60_000)).allowed).toBe(true);
    expect(info.mock.calls.some(([text]) => String(text).includes('the database is back'))).toBe(true);
    expect(await query('SELECT count(*)::int AS n FROM rate_limits')).toEqual([{ n: 1 }]);
  });

  it('without SESSION_SECRET they stay in memory: instances could not share keys', async () => {
    delete process.env.SESSION_SECRET;
    process.env.NETLIFY_DB_URL = url;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await take(clientKey('test', '192.0.2.3'), 3, 60_000)).allowed).toBe(true);
    expect(warn.mock.calls.some(([text]) => String(text).includes('SESSION_SECRET is not set'))).toBe(true);
  });
});
