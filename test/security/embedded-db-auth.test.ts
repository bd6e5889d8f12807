import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedEngine, type EmbeddedEngine } from '../../scripts/embedded-engine';
import { devDatabase } from '../../scripts/local-database';
import { localDatabasePassword } from '../../scripts/local-secrets';
import { at, must } from '../helpers/must';

/**
 * The embedded engine listens on a localhost port that any local process can
 * reach. database-dev alone lets in any user with any password; started the
 * way the server starts it (startEmbeddedEngine, with the password kept in
 * the local secrets), it must let in only user postgres with that password.
 */

let dir: string;
let engine: EmbeddedEngine;
let password: string;
let port: number;
const secretsFile = () => path.join(dir, 'local-secrets.json');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-engine-auth-'));
  password = localDatabasePassword(secretsFile());
  engine = await startEmbeddedEngine(path.join(dir, 'db'), { password });
  port = Number(new URL(engine.url).port);
}, 180_000);
afterAll(async () => {
  await engine?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Connects with `pg` directly, as any local process could, and runs one query; the error if it is refused. */
async function tryConnect(config: pg.ClientConfig): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port, database: 'postgres', connectionTimeoutMillis: 10_000, ...config });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>('SELECT 41 + 1 AS n');
    return rows[0];
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('the embedded engine requires its password', () => {
  it('the password is made once, kept in the local secrets with mode 0600, and is long and random', async () => {
    expect(password).toMatch(/^[\w-]{43}$/);
    expect(localDatabasePassword(secretsFile())).toBe(password);
    expect(JSON.parse(await readFile(secretsFile(), 'utf8'))).toEqual({ DATABASE_PASSWORD: password });
    expect((await stat(secretsFile())).mode & 0o777).toBe(0o600);
  });

  it('the URL the server gets carries it, for user postgres', () => {
    const url = new URL(engine.url);
    expect(url.username).toBe('postgres');
    expect(decodeURIComponent(url.password)).toBe(password);
  });

  it('the right password works', async () => {
    expect(await tryConnect({ user: 'postgres', password })).toEqual({ n: 42 });
    // And the URL as the pool gets it.
    const client = new pg.Client({ connectionString: engine.url });
    await client.connect();
    try {
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('a wrong password is refused', async () => {
    expect(await tryConnect({ user: 'postgres', password: 'not-the-password' })).toMatchObject({
      message: expect.stringMatching(/password authentication failed/),
    });
    expect(await tryConnect({ user: 'postgres', password: password.slice(0, -1) + (password.endsWith('A') ? 'B' : 'A') })).toBeInstanceOf(
      Error,
    );
  });

  it('the right password for another user is refused', async () => {
    expect(await tryConnect({ user: 'admin', password })).toMatchObject({
      message: expect.stringMatching(/password authentication failed/),
    });
  });

  it('no password is refused', async () => {
    expect(await tryConnect({ user: 'postgres' })).toBeInstanceOf(Error);
    expect(await tryConnect({ user: 'postgres', password: '' })).toBeInstanceOf(Error);
  });

  it('a client that skips the authentication and sends a query gets no rows, and is cut off', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // StartupMessage, protocol 3.0, user postgres.
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8 + params.length, 0);
    startup.writeInt32BE(196608, 4);
    socket.write(Buffer.concat([startup, params]));
    // The server's first word: AuthenticationSASL ('R', code 10), never AuthenticationOk (code 0).
    await waitUntil(() => Buffer.concat(received).length >= 9);
    const first = Buffer.concat(received);
    expect(String.fromCharCode(at(first, 0, 'a first byte'))).toBe('R');
    expect(first.readInt32BE(5)).toBe(10);
    // A Query ('Q') instead of the password.
    const text = Buffer.from('SELECT * FROM netlify.migrations\0');
    const query = Buffer.alloc(5);
    query.write('Q', 0);
    query.writeInt32BE(4 + text.length, 1);
    socket.write(Buffer.concat([query, text]));
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('the connection stayed open')), 10_000))]);
    const all = Buffer.concat(received);
    // No RowDescription ('T'), DataRow ('D') or AuthenticationOk after the first message.
    expect([...all.subarray(first.length)].map((byte) => String.fromCharCode(byte))).not.toContain('D');
    expect(all.includes(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]))).toBe(false);
  });
});

describe('npm run dev’s engine', () => {
  const saved = { ...process.env };
  afterAll(() => {
    for (const name of ['NETLIFY_DB_URL', 'PORTFOLIO_DB', 'PORTFOLIO_DB_DIR', 'PORTFOLIO_SECRETS_FILE']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('requires the password that the environment it hands each server carries', { timeout: 240_000 }, async () => {
    delete process.env.NETLIFY_DB_URL;
    delete process.env.PORTFOLIO_DB;
    process.env.PORTFOLIO_DB_DIR = path.join(dir, 'dev-db');
    process.env.PORTFOLIO_SECRETS_FILE = path.join(dir, 'dev-secrets.json');
    const dev = (await devDatabase())!;
    try {
      await dev.start();
      const address = must(dev.env.NETLIFY_DB_URL, 'NETLIFY_DB_URL from the dev database');
      const url = new URL(address);
      expect(dev.env.NETLIFY_DB_EMBEDDED).toBe('1');
      expect(decodeURIComponent(url.password)).toBe(
        JSON.parse(await readFile(path.join(dir, 'dev-secrets.json'), 'utf8')).DATABASE_PASSWORD,
      );
      const connect = async (connectionString: string) => {
        const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
        client.on('error', () => {});
        try {
          await client.connect();
          return (await client.query('SELECT 1 AS one')).rows[0];
        } catch (error) {
          return error;
        } finally {
          await client.end().catch(() => {});
        }
      };
      expect(await connect(address)).toEqual({ one: 1 });
      const wrong = new URL(url);
      wrong.password = 'wrong';
      expect(await connect(wrong.toString())).toMatchObject({ message: expect.stringMatching(/password authentication failed/) });
    } finally {
      await dev.stop();
    }
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
