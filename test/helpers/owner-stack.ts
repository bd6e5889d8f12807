import { createDatabase, type Database } from '~/db/connection.server';
import { FIXTURE_CONTENT_JSON } from './fixture-site';
import { startPostgres, type TestPostgres } from './postgres';
import { PRIVATE_ENV } from './private';
import { startServer, type RunningServer } from './server';
import { waitFor } from './wait';

/**
 * The owner's side as an attacker meets it: the built server on the fixture
 * content (a private case study), with ADMIN_PASSWORD, on a real PostgreSQL
 * of its own, migrated; and a connection of the test's own to look inside.
 * SESSION_SECRET is the server's in this process too, so tests can make
 * share-link tokens.
 */
export type OwnerStack = { pg: TestPostgres; db: Database; server: RunningServer; stop: () => Promise<void> };

export async function startOwnerStack(adminPassword: string, env: Record<string, string> = {}): Promise<OwnerStack> {
  const pg = await startPostgres();
  const url = await pg.createDatabase();
  const server = await startServer({
    ...PRIVATE_ENV,
    ADMIN_PASSWORD: adminPassword,
    CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON,
    NETLIFY_DB_URL: url,
    ...env,
  });
  await waitFor(() => /Migrations: (applied|none pending)/.test(server.output()), {
    timeoutMs: 60_000,
    what: () => `migrations:\n${server.output()}`,
  });
  const db = await createDatabase({ connectionString: url });
  process.env.SESSION_SECRET = PRIVATE_ENV.SESSION_SECRET;
  return {
    pg,
    db,
    server,
    async stop() {
      await server.stop();
      await db.end();
      await pg.destroy();
    },
  };
}
