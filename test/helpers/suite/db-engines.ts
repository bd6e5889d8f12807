import { afterAll, beforeAll } from 'vitest';
import { closeSharedDatabase, createDatabase, type Database } from '~/db/connection.server';
import { applyMigrations } from '~/db/migrations.server';
import { startEmbeddedDb } from '../start/embedded-db';
import { saveEnv } from '../env';
import { testDatabase } from '../start/test-database';

/**
 * The two engines the stores are tested on, for `describe.each(ENGINES)`:
 * a database of its own on the run's real PostgreSQL, and the embedded
 * engine `npm start` uses.
 */

export type Engine = { db: Database; url: string; embedded: boolean; stop: () => Promise<void> };

export const ENGINES: [string, () => Promise<Engine>][] = [
  [
    'PostgreSQL',
    async () => {
      const database = await testDatabase();
      return { db: await createDatabase({ connectionString: database.url }), url: database.url, embedded: false, stop: database.drop };
    },
  ],
  [
    'the embedded engine',
    async () => {
      const engine = await startEmbeddedDb();
      return {
        db: await createDatabase({ connectionString: engine.url, embedded: true }),
        url: engine.url,
        embedded: true,
        stop: engine.stop,
      };
    },
  ],
];

/**
 * For the enclosing describe: the engine started and migrated, and made the
 * process's database (NETLIFY_DB_URL), everything put back after;
 * `beforeStop` runs first (work still writing to it). The engine it returns
 * is read through once started, so tests write `engine.db` as usual.
 */
export function useEngine(start: () => Promise<Engine>, { beforeStop }: { beforeStop?: () => Promise<unknown> } = {}): Engine {
  let current: Engine | undefined;
  const restoreEnv = saveEnv(['NETLIFY_DB_URL', 'NETLIFY_DB_EMBEDDED']);
  beforeAll(async () => {
    current = await start();
    await applyMigrations(current.db);
    process.env.NETLIFY_DB_URL = current.url;
    process.env.NETLIFY_DB_EMBEDDED = current.embedded ? '1' : '';
  });
  afterAll(async () => {
    await beforeStop?.();
    await closeSharedDatabase();
    await current?.db.end();
    await current?.stop();
    restoreEnv();
  });
  return new Proxy({} as Engine, { get: (_target, key) => current![key as keyof Engine] });
}
