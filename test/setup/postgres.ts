import { SHARED_POSTGRES_ENV, startSharedPostgres } from '../helpers/start/test-database';

/**
 * One PostgreSQL server for the whole run, instead of a cluster per file:
 * initdb and the migrations run once, into a template database, and each
 * test file copies it (`CREATE DATABASE … TEMPLATE`, testDatabase() in
 * test/helpers/start/test-database.ts), which takes milliseconds. Its address
 * is in the environment the workers inherit. Projects that need it each
 * list this set-up; the first one starts the server and the others reuse it
 * (global set-ups run one after another in vitest's main process).
 */
export default async function setup() {
  if (process.env[SHARED_POSTGRES_ENV]) return;
  const { shared, stop } = await startSharedPostgres();
  process.env[SHARED_POSTGRES_ENV] = JSON.stringify(shared);
  return async () => {
    delete process.env[SHARED_POSTGRES_ENV];
    await stop();
  };
}
