import type { TestProject } from 'vitest/node';
import { createDatabase } from '~/db/connection.server';
import { applyMigrations } from '~/db/migrations.server';
import { MIGRATED_TEMPLATE, startPostgres } from '../helpers/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL server (its `postgres` database), and the migrated template every test database copies. */
    postgres: { url: string; template: string };
  }
}

/**
 * One PostgreSQL server for the whole run, instead of a cluster per file:
 * initdb and the migrations run once, into a template database, and each
 * test file copies it (`CREATE DATABASE … TEMPLATE`, test/helpers/postgres.ts:
 * testDatabase), which takes milliseconds. Projects that need it each list
 * this set-up; the first one starts the server and the others reuse it
 * (global set-ups run one after another in vitest's main process).
 */
export default async function setup(project: TestProject) {
  const shared = process.env.PORTFOLIO_TEST_POSTGRES;
  if (shared) {
    project.provide('postgres', JSON.parse(shared) as { url: string; template: string });
    return;
  }
  const pg = await startPostgres();
  try {
    const admin = await createDatabase({ connectionString: pg.url() });
    try {
      await admin.query(`CREATE DATABASE ${MIGRATED_TEMPLATE}`);
    } finally {
      await admin.end();
    }
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
  const provided = { url: pg.url(), template: MIGRATED_TEMPLATE };
  process.env.PORTFOLIO_TEST_POSTGRES = JSON.stringify(provided);
  project.provide('postgres', provided);
  return async () => {
    delete process.env.PORTFOLIO_TEST_POSTGRES;
    await pg.destroy();
  };
}
