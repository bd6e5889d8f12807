import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { PASSWORD, PRIVATE_PATH } from '../helpers/data/private';
import { startServer, type RunningServer } from '../helpers/start/server';
import { waitFor } from '../helpers/wait';

/**
 * `npm start` with no database configured: the server answers at once and
 * starts the embedded engine (@netlify/database-dev) in the background, on a
 * folder of its own (PORTFOLIO_DB_DIR here, .netlify/db for a person),
 * migrates it, keeps the limits there across restarts, and stops it on
 * SIGTERM. SESSION_SECRET and the engine's password come from the
 * local-secrets file it makes once.
 */

let dir: string;
let dataDir: string;
let secretsFile: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-local-db-'));
  dataDir = path.join(dir, 'db');
  secretsFile = path.join(dir, 'local-secrets.json');
});
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

const ENV = () => ({
  PORTFOLIO_DB_DIR: dataDir,
  PORTFOLIO_SECRETS_FILE: secretsFile,
  PRIVATE_CASE_STUDY_PASSWORD: PASSWORD,
  CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON,
});
const ENGINE_START_MS = 180_000;

const unlock = async (password: string) => {
  const response = await fetch(server!.url + PRIVATE_PATH, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password }).toString(),
  }).catch((error: Error) => {
    throw new Error(`${error.message} (${error.cause}); the server (exit ${server!.process.exitCode}) said:\n${server!.output()}`);
  });
  await response.arrayBuffer();
  return response.status;
};

const stopped = (child: RunningServer) =>
  new Promise<number | null>((resolve) => {
    if (child.process.exitCode !== null) return resolve(child.process.exitCode);
    child.process.once('exit', (code) => resolve(code));
    child.process.kill('SIGTERM');
  });

it(
  'serves before the engine is up, then starts, migrates and uses it, and stops it on SIGTERM',
  { timeout: ENGINE_START_MS + 60_000 },
  async () => {
    // Hold the folder as a stopping server would: the engine must wait for it, so the pages demonstrably do not wait for the engine.
    await writeFile(`${dataDir}.lock`, String(process.pid));
    const started = performance.now();
    server = await startServer(ENV());
    const listening = performance.now() - started;
    for (const page of ['/', '/resume', '/case-study/blocks-demo', PRIVATE_PATH]) {
      const response = await fetch(server.url + page);
      await response.arrayBuffer();
      expect(response.status, page).toBe(200);
    }
    const pagesServed = performance.now() - started;
    expect(server.output()).not.toMatch(/Database: .*ready/);

    await rm(`${dataDir}.lock`);
    await waitFor(() => /Migrations: applied 20261123230000_owner_area/.test(server!.output()), {
      timeoutMs: ENGINE_START_MS,
      what: () => `the embedded engine to start and be migrated:\n${server!.output()}`,
    });
    const ready = performance.now() - started;
    expect(server.output()).toMatch(
      /Database: embedded \(@netlify\/database-dev, data in .*\/db\/\) on localhost:\d+\/postgres, ready in [\d.]+ s\./,
    );
    expect(server.output()).toContain('made a SESSION_SECRET and kept it in');
    expect(Number(await readFile(`${dataDir}.lock`, 'utf8'))).toBe(server.process.pid);
    console.info(
      `local database: listening after ${(listening / 1000).toFixed(1)} s, 4 pages served after ${(pagesServed / 1000).toFixed(1)} s, database ready after ${(ready / 1000).toFixed(1)} s (fresh folder)`,
    );

    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push(await unlock(`wrong ${i}`));
    expect(statuses).toEqual([...Array(10).fill(401), 429]);

    expect(await stopped(server)).toBe(0);
    expect(server.output()).toMatch(/Stopped in \d+ ms\./);
    await expect(stat(`${dataDir}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
    const secrets = await stat(secretsFile);
    expect(secrets.mode & 0o777).toBe(0o600);
    const kept = JSON.parse(await readFile(secretsFile, 'utf8'));
    expect(kept).toEqual({ SESSION_SECRET: expect.stringMatching(/^[\w-]{43}$/), DATABASE_PASSWORD: expect.stringMatching(/^[\w-]{43}$/) });
    // The engine's password is in the URL the pool gets, never in the log.
    expect(server.output()).not.toContain(kept.DATABASE_PASSWORD);
  },
);

it(
  'after a restart: nothing to migrate, the same secret, and the count of wrong passwords kept',
  { timeout: ENGINE_START_MS },
  async () => {
    const before = await readFile(secretsFile, 'utf8');
    const started = performance.now();
    server = await startServer(ENV());
    await waitFor(() => /Migrations: none pending/.test(server!.output()), {
      timeoutMs: ENGINE_START_MS,
      what: () => `the embedded engine to start again:\n${server!.output()}`,
    });
    console.info(`local database: ready again after ${((performance.now() - started) / 1000).toFixed(1)} s (existing folder)`);
    expect(server.output()).not.toContain('made a SESSION_SECRET');
    // The same secrets, the engine's password included: the server reached its engine with it.
    expect(await readFile(secretsFile, 'utf8')).toBe(before);
    // Still over the limit: the attempts live in the database, under the same hashed key.
    expect(await unlock(PASSWORD)).toBe(429);
    expect(await stopped(server)).toBe(0);
  },
);
