import { createDatabase, type Database } from '~/db/connection.server';
import type { MessageRow } from '~/contact/messages.server';
import { testDatabase, type TestDatabase } from '../start/test-database';

/**
 * A database of its own on the run's PostgreSQL, with the repository's
 * migrations applied, for the contact messages' tests, and small ways to
 * look at and arrange its rows.
 */

export type ContactDb = {
  database: TestDatabase;
  url: string;
  /** A pool of the test's own, apart from the code under test's. */
  db: Database;
  rows: () => Promise<MessageRow[]>;
  /** A message as the table holds it; `age` backdates it (a Postgres interval, e.g. '25 hours'). */
  insert: (fields: Partial<Omit<MessageRow, 'created_at'>> & { age?: string }) => Promise<string>;
  clear: () => Promise<void>;
  stop: () => Promise<void>;
};

export type { MessageRow };

let inserted = 0;

export async function startContactDb(): Promise<ContactDb> {
  const database = await testDatabase();
  try {
    const url = database.url;
    const db = await createDatabase({ connectionString: url });
    return {
      database,
      url,
      db,
      rows: () => db.query<MessageRow>('SELECT * FROM contact_messages ORDER BY created_at, first_name'),
      async insert({ age = '0 seconds', ...fields }) {
        const id = fields.id ?? `test-${++inserted}`;
        await db.query(
          `INSERT INTO contact_messages (id, created_at, first_name, last_name, email, message, status, attempts, next_attempt_at, last_error, delivered_at)
           VALUES ($1, now() - $2::interval, $3, $4, $5, $6, $7, $8, coalesce($9, now() - interval '1 second'), $10, $11)`,
          [
            id,
            age,
            fields.first_name ?? 'Ada',
            fields.last_name ?? 'Lovelace',
            fields.email ?? 'ada@example.com',
            fields.message ?? 'Hello from the test.',
            fields.status ?? 'retrying',
            fields.attempts ?? 1,
            fields.next_attempt_at ?? null,
            fields.last_error ?? null,
            fields.delivered_at ?? (fields.status === 'delivered' ? new Date() : null),
          ],
        );
        return id;
      },
      clear: async () => {
        await db.query('DELETE FROM contact_messages');
      },
      stop: async () => {
        await db.end();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
