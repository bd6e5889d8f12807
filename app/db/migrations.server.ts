import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './connection.server';

/**
 * Our migration runner, for the local server (the embedded engine, or any
 * Postgres named by NETLIFY_DB_URL). In production Netlify applies the same
 * files itself, before the deploy is published; never point this at the
 * hosted database.
 *
 * It keeps Netlify's conventions, so both agree on what has been applied:
 * files in netlify/database/migrations/ named `<UTC YYYYMMDDHHMMSS>_<slug>.sql`
 * (or a folder `<…>/migration.sql`), applied in name order, each in one
 * transaction together with its row in netlify.migrations(name, applied_at).
 * A name Netlify's deploy would silently skip is refused here, loudly.
 */

export const MIGRATIONS_DIR = 'netlify/database/migrations';

/** Netlify's deploy accepts `^\d+_[a-z0-9_-]+(\.sql)?$`; we also want the 14-digit UTC timestamp its CLI writes. */
const NAME = /^(\d{14})_[a-z0-9_-]+$/;

/** Any constant: every process that migrates this database takes the same lock. */
const LOCK_KEY = 7_402_019_231;

export type Migration = { name: string; file: string };

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** The migrations in `dir`, in the order they apply; refuses names and layouts a deploy would skip or reject. */
export async function listMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const migrations: Migration[] = [];
  const byNumber = new Map<string, string>();
  for (const entry of entries) {
    // .gitkeep, README.md and the like are not migrations.
    if (entry.name.startsWith('.') || (entry.isFile() && !entry.name.endsWith('.sql'))) continue;
    const where = path.join(dir, entry.name);
    const name = entry.isDirectory() ? entry.name : entry.name.slice(0, -'.sql'.length);
    const timestamp = NAME.exec(name)?.[1];
    if (!timestamp || (!entry.isDirectory() && !entry.isFile())) {
      throw new MigrationError(
        `${where}: a migration is named <UTC YYYYMMDDHHMMSS>_<slug>.sql (or a folder of that name holding migration.sql), ` +
          'with a slug of lowercase letters, digits, "_" and "-"; Netlify would skip this one without a word.',
      );
    }
    const file = entry.isDirectory() ? path.join(where, 'migration.sql') : where;
    if (entry.isDirectory() && !(await stat(file).catch(() => null))?.isFile()) {
      throw new MigrationError(`${where}: a migration folder must hold migration.sql.`);
    }
    const other = byNumber.get(timestamp);
    if (other) throw new MigrationError(`${where}: ${other} has the same timestamp; each migration needs its own.`);
    byNumber.set(timestamp, name);
    migrations.push({ name, file });
  }
  return migrations.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Applies the pending migrations in `dir` to `db` and returns the names it
 * applied (none when all were). Each one runs in its own transaction with
 * its netlify.migrations row, under a transaction-level advisory lock, so
 * two processes starting together never both apply one. Stops at the first
 * failure, which names the file; the ones before it stay applied.
 */
export async function applyMigrations(db: Database, dir = MIGRATIONS_DIR): Promise<{ applied: string[]; total: number }> {
  const migrations = await listMigrations(dir);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.query('CREATE SCHEMA IF NOT EXISTS netlify');
    await tx.query('CREATE TABLE IF NOT EXISTS netlify.migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
  });
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM netlify.migrations')).map((row) => row.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    const sql = await readFile(migration.file, 'utf8');
    try {
      const ran = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
        // Another process may have applied it while this one waited for the lock.
        if ((await tx.query('SELECT 1 FROM netlify.migrations WHERE name = $1', [migration.name])).length > 0) return false;
        await tx.query(sql);
        await tx.query('INSERT INTO netlify.migrations (name) VALUES ($1)', [migration.name]);
        return true;
      });
      if (ran) applied.push(migration.name);
    } catch (error) {
      if (error instanceof Error && error.name === 'DatabaseUnavailable') throw error;
      throw new MigrationError(`${migration.file} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return { applied, total: migrations.length };
}
