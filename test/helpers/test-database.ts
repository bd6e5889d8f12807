import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase } from '~/db/connection.server';

/** A database of a test's own on the run's PostgreSQL server. */
export type TestDatabase = {
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop: () => Promise<void>;
};

/**
 * A new database on the run's one PostgreSQL server (test/setup/postgres.ts):
 * a copy of the migrated template unless `migrated` is false (then empty, for
 * a test of the migrations themselves). Its name is unique across workers.
 * A file that stops and starts PostgreSQL itself needs a server of its own:
 * startPostgres().
 */
export async function testDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const { url, template } = inject('postgres');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = await createDatabase({ connectionString: url });
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${migrated ? template : 'template0'}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    url: databaseUrl.toString(),
    async drop() {
      const again = await createDatabase({ connectionString: url });
      try {
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}
