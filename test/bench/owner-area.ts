import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../app/db/connection.server';
import { applyMigrations } from '../../app/db/migrations.server';
import { NetlifyDB } from '@netlify/database-dev';
import { postgresBin, startPostgres } from '../helpers/start/postgres';
import { startServer, type RunningServer } from '../helpers/start/server';
import { median } from './stats';

/**
 * The server's cold start and the owner's area under a realistic load of
 * data: process start to the first 200 on `/` (and to the database being
 * ready), and the server time of the area's pages with 500 share links and
 * 5,000 messages, on the embedded engine `npm start` uses and, where
 * PostgreSQL is installed, on a real server.
 */

export const SEED = { links: 500, messages: 5000 };
export const ADMIN_PASSWORD = 'bench owner password';
const OWNER_PAGES = ['/admin', '/admin/links', '/admin/messages'];
const REQUESTS = { warmup: 5, measured: 25 };

export type ColdStart = { label: string; firstOkMs: number[]; databaseReadyMs: number[] };
export type OwnerPageTime = { engine: string; path: string; medianMs: number; p90Ms: number; bytes: number };

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One start: spawn the built server, then the first 200 on `/`, then (with a database) its "Migrations:" line. */
async function oneStart(env: Record<string, string>, withDatabase: boolean): Promise<{ firstOkMs: number; databaseReadyMs: number }> {
  const started = performance.now();
  const server = await startServer(env);
  try {
    await until(async () => ((await fetch(`${server.url}/`)).status === 200 ? true : undefined), 'a 200 on /');
    const firstOkMs = performance.now() - started;
    let databaseReadyMs = Number.NaN;
    if (withDatabase) {
      await until(async () => (/Migrations: (applied|none pending)/.test(server.output()) ? true : undefined), 'the database');
      databaseReadyMs = performance.now() - started;
    }
    return { firstOkMs, databaseReadyMs };
  } finally {
    await server.stop();
  }
}

/** Cold starts without a database and with the embedded one (its data already there, as on every start but the first). */
export async function measureColdStarts(runs: number, log: (line: string) => void): Promise<ColdStart[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-cold-db-'));
  try {
    const embedded = {
      label: 'embedded database (npm start’s default)',
      env: { PORTFOLIO_DB_DIR: dir } as Record<string, string>,
      withDatabase: true,
    };
    const configs = [{ label: 'no database (PORTFOLIO_DB=off)', env: {} as Record<string, string>, withDatabase: false }, embedded];
    await oneStart(embedded.env, true); // makes and migrates the data folder once
    const rounds = configs.map((config) => ({ config, result: { label: config.label, firstOkMs: [], databaseReadyMs: [] } as ColdStart }));
    const results = rounds.map(({ result }) => result);
    for (let i = 0; i < runs; i++) {
      for (const { config, result } of rounds) {
        const run = await oneStart(config.env, config.withDatabase);
        result.firstOkMs.push(run.firstOkMs);
        result.databaseReadyMs.push(run.databaseReadyMs);
      }
      log(`  cold start round ${i + 1}/${runs}`);
    }
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** 500 links (most opened, some revoked or expired, with what they read) and 5,000 messages of every status. */
export async function seed(db: Database, slug: string): Promise<void> {
  await applyMigrations(db);
  await db.query(
    `
    INSERT INTO share_links (id, label, case_studies, notify_on_open, created_at, expires_at, revoked_at, first_opened_at, last_opened_at, opens)
    SELECT substr(md5('link' || i), 1, 22), 'Company ' || i || ' · recruiter', '{}', i % 2 = 0,
           now() - (i || ' hours')::interval,
           now() - (i || ' hours')::interval + (CASE WHEN i % 10 = 0 THEN interval '1 hour' ELSE interval '30 days' END),
           CASE WHEN i % 7 = 0 THEN now() - (i || ' minutes')::interval END,
           CASE WHEN i % 3 <> 0 THEN now() - (i || ' hours')::interval + interval '5 minutes' END,
           CASE WHEN i % 3 <> 0 THEN now() - (i || ' hours')::interval + interval '50 minutes' END,
           CASE WHEN i % 3 <> 0 THEN i % 9 + 1 ELSE 0 END
    FROM generate_series(1, $1::int) AS i`,
    [SEED.links],
  );
  await db.query(
    `INSERT INTO share_link_views (link_id, slug, first_viewed_at, last_viewed_at, views)
     SELECT id, $1, first_opened_at, last_opened_at, opens FROM share_links WHERE opens > 0`,
    [slug],
  );
  await db.query(
    `
    INSERT INTO contact_messages (id, created_at, first_name, last_name, email, message, status, attempts, next_attempt_at, last_error, last_failed_at, delivered_at, done_at)
    SELECT 'bench-' || i, now() - (i || ' minutes')::interval, 'Visitor', 'Number ' || i, 'visitor' || i || '@example.com',
           repeat('A message about the work, with a question or two. ', 1 + i % 12),
           CASE WHEN i % 50 = 0 THEN 'failed' WHEN i % 25 = 0 THEN 'retrying' ELSE 'delivered' END,
           1 + i % 4,
           CASE WHEN i % 25 = 0 AND i % 50 <> 0 THEN now() + interval '10 minutes' END,
           CASE WHEN i % 25 = 0 THEN 'connect ECONNREFUSED 127.0.0.1:587' END,
           CASE WHEN i % 25 = 0 THEN now() - (i || ' minutes')::interval END,
           CASE WHEN i % 25 <> 0 THEN now() - (i || ' minutes')::interval + interval '2 seconds' END,
           CASE WHEN i % 4 = 0 THEN now() END
    FROM generate_series(1, $1::int) AS i`,
    [SEED.messages],
  );
}

export async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({ password: ADMIN_PASSWORD }),
  });
  if (response.status !== 303) throw new Error(`sign-in answered ${response.status}:\n${server.output()}`);
  const [cookie] = (response.headers.get('set-cookie') ?? '').split(';', 1);
  if (!cookie) throw new Error(`sign-in set no cookie:\n${server.output()}`);
  return cookie;
}

/** Each page's server time for a signed-in owner, one request at a time after warm-ups. */
export async function timePages(server: RunningServer, engine: string, paths: readonly string[] = OWNER_PAGES): Promise<OwnerPageTime[]> {
  const cookie = await signIn(server);
  const out: OwnerPageTime[] = [];
  for (const page of paths) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS.warmup + REQUESTS.measured; i++) {
      const started = performance.now();
      const response = await fetch(server.url + page, { headers: { cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
      if (i >= REQUESTS.warmup) times.push(performance.now() - started);
      bytes = Buffer.byteLength(body);
    }
    times.sort((a, b) => a - b);
    out.push({ engine, path: page, medianMs: median(times), p90Ms: times[Math.floor(times.length * 0.9)] ?? Number.NaN, bytes });
  }
  return out;
}

/** A database engine the benchmarks run the server on, and how the report names it. */
export type SeededEngine = { kind: 'embedded' | 'postgres'; label: string };

/**
 * Runs `measure` against the built server on the seeded data, migrated: on the
 * embedded engine, then on PostgreSQL when it is installed. Returns what was
 * skipped, in words for the report.
 */
export async function onSeededEngines(
  slug: string,
  measure: (server: RunningServer, engine: SeededEngine) => Promise<void>,
): Promise<string[]> {
  const measureOn = async (env: Record<string, string>, engine: SeededEngine) => {
    const server = await startServer({ ...env, ADMIN_PASSWORD });
    try {
      await until(async () => (/Migrations: (applied|none pending)/.test(server.output()) ? true : undefined), engine.label);
      await measure(server, engine);
    } finally {
      await server.stop();
    }
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-owner-db-'));
  try {
    // The engine holds its folder while it runs: seed through it, stop it, then hand the folder to the server.
    const engine = new NetlifyDB({ directory: dir, logger: () => {} });
    try {
      const db = await createDatabase({ connectionString: await engine.start(), embedded: true });
      await seed(db, slug);
      await db.end();
    } finally {
      await engine.stop();
    }
    await measureOn({ PORTFOLIO_DB_DIR: dir }, { kind: 'embedded', label: 'embedded (PGlite)' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  let bin: string;
  try {
    bin = postgresBin();
  } catch {
    return ['PostgreSQL is not installed here (apt-get install postgresql): measured on the embedded engine only.'];
  }
  const pg = await startPostgres();
  try {
    const url = await pg.createDatabase();
    const db = await createDatabase({ connectionString: url });
    await seed(db, slug);
    await db.end();
    await measureOn({ NETLIFY_DB_URL: url }, { kind: 'postgres', label: `PostgreSQL ${path.basename(path.dirname(bin))}` });
  } finally {
    await pg.destroy();
  }
  return [];
}

/** The area's pages with the seeded data: on the embedded engine, then on PostgreSQL when it is installed. */
export async function measureOwnerArea(slug: string, log: (line: string) => void): Promise<{ pages: OwnerPageTime[]; skipped: string[] }> {
  const pages: OwnerPageTime[] = [];
  const skipped = await onSeededEngines(slug, async (server, engine) => {
    log(`  /admin on ${engine.kind === 'embedded' ? 'the embedded engine' : 'PostgreSQL'}`);
    pages.push(...(await timePages(server, engine.label)));
  });
  return { pages, skipped };
}
