import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '~/db/connection.server';
import { FIXTURE_CONTENT_JSON } from '../data/fixture-site';
import { PRIVATE_ENV } from '../data/private';
import { startServer, type RunningServer } from '../start/server';
import { testDatabase, type TestDatabase } from '../start/test-database';
import { useStarted } from './use-started';
import { waitFor } from '../wait';

/**
 * The owner's side as an attacker meets it: the built server on the fixture
 * content (a private case study), with ADMIN_PASSWORD, on a database of its
 * own on the run's PostgreSQL, migrated; and a connection of the test's own
 * to look inside.
 * SESSION_SECRET is the server's in this process too, so tests can make
 * share-link tokens.
 */
export type OwnerStack = {
  /** Its database on the run's PostgreSQL. */
  database: TestDatabase;
  /** The database's address, for a test that opens connections of its own. */
  dbUrl: string;
  db: Database;
  /** The first server; `origin` is its address, the Origin its own forms send. */
  server: RunningServer;
  origin: string;
  /** Every server on the database, `server` first. */
  servers: RunningServer[];
  /** The folder the contact form writes its messages to, with `outbox: true`. */
  outbox?: string;
  stop: () => Promise<void>;
};

export type OwnerStackOptions = {
  /** A fresh CONTACT_OUTBOX_DIR, removed on stop. */
  outbox?: boolean;
  /** How many server processes share the one database (1 unless told). */
  servers?: number;
};

export async function startOwnerStack(
  adminPassword: string,
  env: Record<string, string> = {},
  { outbox: withOutbox = false, servers: count = 1 }: OwnerStackOptions = {},
): Promise<OwnerStack> {
  const database = await testDatabase();
  const dbUrl = database.url;
  const outbox = withOutbox ? await mkdtemp(path.join(tmpdir(), 'owner-outbox-')) : undefined;
  const serverEnv = outbox ? { CONTACT_OUTBOX_DIR: outbox, ...env } : env;
  const servers = await Promise.all(Array.from({ length: count }, () => startOwnerServer(adminPassword, dbUrl, serverEnv)));
  const server = servers[0]!;
  const db = await createDatabase({ connectionString: dbUrl });
  process.env.SESSION_SECRET = PRIVATE_ENV.SESSION_SECRET;
  return {
    database,
    dbUrl,
    db,
    server,
    origin: server.url,
    servers,
    outbox,
    async stop() {
      await Promise.all(servers.map((each) => each.stop()));
      await db.end();
      await database.drop();
      if (outbox) await rm(outbox, { recursive: true, force: true });
    },
  };
}

/**
 * For the enclosing file or describe: an owner's stack started before its
 * tests and stopped after them. The stack it returns is read through once
 * started, so tests write `stack.db`, `stack.origin` as usual.
 */
export function useOwnerStack(adminPassword: string, env: Record<string, string> = {}, options: OwnerStackOptions = {}): OwnerStack {
  return useStarted(
    () => startOwnerStack(adminPassword, env, options),
    (stack) => stack.stop(),
  );
}

/** The built server on the fixture content with ADMIN_PASSWORD, on the database at `dbUrl`, once its migrations have run. */
export async function startOwnerServer(adminPassword: string, dbUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({
    ...PRIVATE_ENV,
    ADMIN_PASSWORD: adminPassword,
    CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON,
    NETLIFY_DB_URL: dbUrl,
    ...env,
  });
  await waitFor(() => /Migrations: (applied|none pending)/.test(server.output()), {
    timeoutMs: 60_000,
    what: () => `migrations:\n${server.output()}`,
  });
  return server;
}
