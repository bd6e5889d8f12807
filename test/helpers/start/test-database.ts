import { randomBytes } from 'node:crypto';
import { createDatabase } from '~/db/connection.server';
import { applyMigrations } from '~/db/migrations.server';
import { MIGRATED_TEMPLATE, startPostgres } from './postgres';

/** Where the run's PostgreSQL is (test/setup/postgres.ts): set in vitest's main process, inherited by its workers. */
export const SHARED_POSTGRES_ENV = 'PORTFOLIO_TEST_POSTGRES';

export type SharedPostgres = { url: string; template: string };

/** A database of a test's own. */
export type TestDatabase = {
  url: string;
  /** Drops it, closing whatever is still connected (outside a test run: stops its server). */
  drop: () => Promise<void>;
};

/**
 * A new database on the run's one PostgreSQL server (test/setup/postgres.ts):
 * a copy of the migrated template unless `migrated` is false (then empty, for
 * a test of the migrations themselves). Its name is unique across workers.
 * Outside a test run (the benchmarks) it gets a server of its own, stopped by
 * drop(). A file that stops and starts PostgreSQL itself needs a server of
 * its own: startPostgres().
 */
export async function testDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const shared = process.env[SHARED_POSTGRES_ENV];
  if (!shared) return databaseOnItsOwnServer(migrated);
  const { url, template } = JSON.parse(shared) as SharedPostgres;
  const name = `test_${randomBytes(6).toString('hex')}`;
  await asAdmin(url, `CREATE DATABASE ${name} TEMPLATE ${migrated ? template : 'template0'}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return { url: databaseUrl.toString(), drop: () => asAdmin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function asAdmin(url: string, statement: string): Promise<void> {
  const admin = await createDatabase({ connectionString: url });
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function databaseOnItsOwnServer(migrated: boolean): Promise<TestDatabase> {
  const pg = await startPostgres();
  try {
    const url = await pg.createDatabase();
    if (migrated) {
      const db = await createDatabase({ connectionString: url });
      try {
        await applyMigrations(db);
      } finally {
        await db.end();
      }
    }
    return { url, drop: pg.destroy };
  } catch (error) {
    await pg.destroy();
    throw error;
  }
}

/** The run's PostgreSQL for vitest's main process: its template migrated, its address for the workers. */
export async function startSharedPostgres(): Promise<{ shared: SharedPostgres; stop: () => Promise<void> }> {
  const pg = await startPostgres();
  try {
    await asAdmin(pg.url(), `CREATE DATABASE ${MIGRATED_TEMPLATE}`);
    const template = await createDatabase({ connectionString: pg.url(MIGRATED_TEMPLATE) });
    try {
      await applyMigrations(template);
    } finally {
      // A database with a connection open cannot be copied.
      await template.end();
    }
  } catch (error) {
    await pg.destroy();
    throw error;
  }
  return { shared: { url: pg.url(), template: MIGRATED_TEMPLATE }, stop: pg.destroy };
}
