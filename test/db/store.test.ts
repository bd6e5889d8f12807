import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '~/db/connection.server';
import { applyMigrations, listMigrations, MIGRATIONS_DIR, MigrationError } from '~/db/migrations.server';
import { clientKey, purgeIn, reachedIn, releaseIn, takeIn } from '~/db/rate-limit.server';
import { startEmbeddedDb } from '../helpers/start/embedded-db';
import { testDatabase, type TestDatabase } from '../helpers/start/test-database';
import { at } from '../helpers/must';

/**
 * The store against both engines it meets: a real PostgreSQL (as Netlify
 * Database is) and the embedded engine of npm start (PGlite, one session
 * shared by every connection, so its pool has one connection).
 */

type Engine = { db: Database; url: string; stop: () => Promise<void> };

const ENGINES: [string, () => Promise<Engine>][] = [
  [
    'PostgreSQL',
    async () => {
      // Empty: these tests apply the migrations themselves.
      const database = await testDatabase({ migrated: false });
      const db = await createDatabase({ connectionString: database.url });
      return { db, url: database.url, stop: database.drop };
    },
  ],
  [
    'the embedded engine',
    async () => {
      const engine = await startEmbeddedDb();
      const db = await createDatabase({ connectionString: engine.url, embedded: true });
      return { db, url: engine.url, stop: engine.stop };
    },
  ],
];

/** The repository's migrations, in the order they apply. */
const MIGRATIONS = [
  '20261123230000_owner_area',
  '20261124120000_reading_insights',
  '20261124200000_owner_sign_in_links',
  '20261124210000_insights_limits',
  '20261125000000_content_drafts',
  '20261126000000_site_secrets',
  '20261126000100_messages_kept_without_mail',
  '20261126010000_publishing_connection',
  '20261127000000_private_case_study_password',
  '20261127010000_mail_account',
  '20261127010100_site_address',
  '20261127020000_discarded_drafts',
  '20261127020100_draft_typed_at',
  '20261129000000_owner_time_zone',
];
const WINDOW_MS = 10 * 60 * 1000;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'portfolio-migrations-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A migrations folder with these files (name → SQL, or name/ → a folder's migration.sql). */
async function migrationsDir(files: Record<string, string | null>): Promise<string> {
  const dir = await mkdtemp(path.join(scratch, 'dir-'));
  for (const [name, sql] of Object.entries(files)) {
    if (name.endsWith('/')) {
      await mkdir(path.join(dir, name), { recursive: true });
      if (sql !== null) await writeFile(path.join(dir, name, 'migration.sql'), sql);
    } else await writeFile(path.join(dir, name), sql ?? '');
  }
  return dir;
}

describe('migration names', () => {
  it('the repository’s migrations are all named as a deploy expects', async () => {
    const migrations = await listMigrations(MIGRATIONS_DIR);
    expect(migrations.map((m) => m.name)).toEqual(MIGRATIONS);
  });

  it.each([
    ['an uppercase slug', '20261124000000_AddFoo.sql'],
    ['a short number', '0001_add_foo.sql'],
    ['no slug', '20261124000000.sql'],
    ['a space', '20261124000000_add foo.sql'],
    ['a folder with an uppercase slug', '20261124000000_AddFoo/'],
  ])('refuses %s, naming the file', async (_what, name) => {
    const dir = await migrationsDir({ [name]: 'SELECT 1;' });
    const error = await listMigrations(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toContain(path.join(dir, name.replace(/\/$/, '')));
    expect((error as Error).message).toContain('Netlify would skip');
  });

  it('refuses a folder without migration.sql, and two migrations with one timestamp', async () => {
    await expect(listMigrations(await migrationsDir({ '20261124000000_add_foo/': null }))).rejects.toThrow('must hold migration.sql');
    const twins = await migrationsDir({ '20261124000000_a.sql': 'SELECT 1;', '20261124000000_b.sql': 'SELECT 1;' });
    await expect(listMigrations(twins)).rejects.toThrow('same timestamp');
  });

  it('ignores dotfiles and notes, and sorts by name', async () => {
    const dir = await migrationsDir({
      '.gitkeep': '',
      'README.md': '# notes',
      '20261125000000_b.sql': 'SELECT 1;',
      '20261124000000_a/': 'SELECT 1;',
    });
    expect((await listMigrations(dir)).map((m) => m.name)).toEqual(['20261124000000_a', '20261125000000_b']);
  });
});

describe.each(ENGINES)('on %s', (_name, start) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await start();
  });
  afterAll(async () => {
    await engine?.db.end();
    await engine?.stop();
  });

  describe('migrations', () => {
    it('apply once, each recorded in netlify.migrations; a second run applies none', async () => {
      const first = await applyMigrations(engine.db);
      expect(first.applied).toEqual(MIGRATIONS);
      const rows = await engine.db.query<{ name: string; applied_at: Date }>('SELECT name, applied_at FROM netlify.migrations');
      expect(rows.map((row) => row.name).sort()).toEqual(MIGRATIONS);
      expect(rows[0]?.applied_at).toBeInstanceOf(Date);
      const tables = await engine.db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.map((row) => row.table_name)).toEqual([
        'admin_sessions',
        'contact_messages',
        'content_discarded_drafts',
        'content_draft_uploads',
        'content_drafts',
        'insight_address_limits',
        'insight_daily',
        'insight_events',
        'insight_rollups',
        'insight_salts',
        'insight_visitor_limits',
        'mail_account',
        'owner_sign_in_links',
        'owner_time_zone',
        'private_case_study_password',
        'publishing_connection',
        'rate_limits',
        'share_link_views',
        'share_links',
        'site_address',
        'site_secrets',
      ]);
      expect(await applyMigrations(engine.db)).toEqual({ applied: [], total: MIGRATIONS.length });
    });

    it('a badly named migration stops the run before anything is applied', async () => {
      const dir = await migrationsDir({
        '20270101000000_fine.sql': 'CREATE TABLE fine (id int);',
        '20270101000001_NotFine.sql': 'CREATE TABLE not_fine (id int);',
      });
      await expect(applyMigrations(engine.db, dir)).rejects.toThrow(/20270101000001_NotFine\.sql.*Netlify would skip/);
      expect(await engine.db.query("SELECT 1 FROM netlify.migrations WHERE name LIKE '20270101%'")).toEqual([]);
    });

    it('a failing migration names its file and leaves nothing of itself; the ones before it stay', async () => {
      const dir = await migrationsDir({
        '20270201000000_first.sql': 'CREATE TABLE first_one (id int);',
        '20270201000001_broken/': 'CREATE TABLE half_done (id int);\nSELECT no_such_column FROM first_one;',
      });
      await expect(applyMigrations(engine.db, dir)).rejects.toThrow(/20270201000001_broken\/migration\.sql failed: .*no_such_column/);
      const names = await engine.db.query<{ name: string }>("SELECT name FROM netlify.migrations WHERE name LIKE '20270201%'");
      expect(names.map((row) => row.name)).toEqual(['20270201000000_first']);
      expect(await engine.db.query("SELECT to_regclass('half_done') IS NULL AS gone")).toEqual([{ gone: true }]);
    });
  });

  it('a connection that dies inside a transaction leaves nothing behind', async () => {
    const { getDatabase } = await import('@netlify/database');
    const pool = getDatabase({ connectionString: engine.url }).pool as unknown as pg.Pool;
    const client = await pool.connect();
    await client.query('BEGIN');
    await client.query("INSERT INTO rate_limits (key, hits) VALUES ('left-open', 1)");
    // As when npm run dev kills its server: the socket closes, no ROLLBACK is sent.
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    client.release(new Error('killed'));
    await pool.end();
    const next = await createDatabase({ connectionString: engine.url, embedded: engine.db.embedded });
    try {
      expect(await next.query("SELECT key FROM rate_limits WHERE key = 'left-open'")).toEqual([]);
    } finally {
      await next.end();
    }
  });

  describe('the schema', () => {
    it('refuses what it must: an unknown status, a link id of the wrong shape, a view of an unknown link', async () => {
      const insertMessage = (status: string) =>
        engine.db.query(
          `INSERT INTO contact_messages (id, first_name, last_name, email, message, status) VALUES ($1, 'Ada', 'Lovelace', 'ada@example.com', 'Hi', $2)`,
          [`m-${status}`, status],
        );
      await insertMessage('pending');
      await expect(insertMessage('lost')).rejects.toMatchObject({ code: '23514' });
      await expect(
        engine.db.query(`INSERT INTO share_links (id, label, expires_at) VALUES ('short', 'Acme', now() + interval '1 day')`),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(
        engine.db.query(`INSERT INTO share_link_views (link_id, slug) VALUES ('AAAAAAAAAAAAAAAAAAAAAA', 'x')`),
      ).rejects.toMatchObject({
        code: '23503',
      });
    });
  });

  describe('the rate limit', () => {
    it('30 attempts on one key with a limit of 10: exactly 10 allowed, the rest told when to come back', async () => {
      const key = clientKey('test', '198.51.100.1');
      const verdicts = [];
      for (let i = 0; i < 30; i++) verdicts.push(await takeIn(engine.db, key, 10, WINDOW_MS));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
      expect(verdicts.slice(0, 10).every((v) => v.allowed && v.retryAfterS === 0)).toBe(true);
      for (const verdict of verdicts.slice(10)) {
        expect(verdict.allowed).toBe(false);
        expect(verdict.retryAfterS).toBeGreaterThan(0);
        expect(verdict.retryAfterS).toBeLessThanOrEqual(WINDOW_MS / 1000);
      }
      expect(await reachedIn(engine.db, key, 10, WINDOW_MS)).toBe(true);
    });

    it('a new window starts afresh once the last one has passed', async () => {
      const key = clientKey('test', '198.51.100.2');
      for (let i = 0; i < 11; i++) await takeIn(engine.db, key, 10, WINDOW_MS);
      expect((await takeIn(engine.db, key, 10, WINDOW_MS)).allowed).toBe(false);
      // The window began longer ago than it lasts.
      await engine.db.query(`UPDATE rate_limits SET window_started = now() - interval '11 minutes' WHERE key = $1`, [key]);
      expect(await reachedIn(engine.db, key, 10, WINDOW_MS)).toBe(false);
      expect(await takeIn(engine.db, key, 10, WINDOW_MS)).toEqual({ allowed: true, retryAfterS: 0 });
      expect(await engine.db.query('SELECT hits FROM rate_limits WHERE key = $1', [key])).toEqual([{ hits: 1 }]);
    });

    it('release gives a slot back; reached only reads', async () => {
      const key = clientKey('test', '198.51.100.3');
      for (let i = 0; i < 10; i++) expect((await takeIn(engine.db, key, 10, WINDOW_MS)).allowed).toBe(true);
      for (let i = 0; i < 3; i++) expect(await reachedIn(engine.db, key, 10, WINDOW_MS)).toBe(true);
      await releaseIn(engine.db, key);
      expect(await reachedIn(engine.db, key, 10, WINDOW_MS)).toBe(false);
      expect((await takeIn(engine.db, key, 10, WINDOW_MS)).allowed).toBe(true);
      expect((await takeIn(engine.db, key, 10, WINDOW_MS)).allowed).toBe(false);
      expect(await reachedIn(engine.db, clientKey('test', '198.51.100.99'), 10, WINDOW_MS)).toBe(false);
    });

    it('concurrent attempts on one key: still exactly 10 allowed', async () => {
      const key = clientKey('test', '198.51.100.4');
      const verdicts = await Promise.all(Array.from({ length: 60 }, () => takeIn(engine.db, key, 10, WINDOW_MS)));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    });

    it('never stores an address: keys are a keyed hash', async () => {
      const ip = '203.0.113.77';
      await takeIn(engine.db, clientKey('unlock', ip), 10, WINDOW_MS);
      const rows = await engine.db.query<{ key: string }>('SELECT key FROM rate_limits');
      expect(rows.length).toBeGreaterThan(0);
      for (const { key } of rows) {
        expect(key).toMatch(/^[a-z]+:[A-Za-z0-9_-]{43}$/);
        expect(key).not.toContain('203.0.113');
      }
      const everything = await engine.db.query<{ row: string }>('SELECT rate_limits::text AS row FROM rate_limits');
      expect(everything.some(({ row }) => row.includes(ip))).toBe(false);
    });

    it('rows whose window ended long ago are purged', async () => {
      const key = clientKey('test', '198.51.100.5');
      await takeIn(engine.db, key, 10, WINDOW_MS);
      await engine.db.query(`UPDATE rate_limits SET window_started = now() - interval '2 days' WHERE key = $1`, [key]);
      expect(await purgeIn(engine.db)).toBeGreaterThanOrEqual(1);
      expect(await engine.db.query('SELECT 1 FROM rate_limits WHERE key = $1', [key])).toEqual([]);
    });
  });
});

describe('on PostgreSQL, under load', () => {
  let database: TestDatabase;
  let url: string;
  beforeAll(async () => {
    database = await testDatabase({ migrated: false });
    url = database.url;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('two processes migrating at once apply each migration once', async () => {
    const [a, b] = await Promise.all([createDatabase({ connectionString: url }), createDatabase({ connectionString: url })]);
    try {
      const runs = await Promise.all([applyMigrations(a), applyMigrations(b)]);
      expect(runs.flatMap((run) => run.applied).sort()).toEqual(MIGRATIONS);
      expect(await a.query('SELECT count(*)::int AS n FROM netlify.migrations')).toEqual([{ n: MIGRATIONS.length }]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('500 concurrent attempts on one key with a limit of 10: exactly 10 allowed', async () => {
    // Several pools, as several instances would have.
    const pools = await Promise.all([1, 2, 3].map(() => createDatabase({ connectionString: url })));
    try {
      const key = clientKey('test', '198.51.100.10');
      const verdicts = await Promise.all(
        Array.from({ length: 500 }, (_, i) => takeIn(at(pools, i % pools.length, 'a pool'), key, 10, WINDOW_MS)),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
      expect(await at(pools, 0, 'a pool').query('SELECT hits FROM rate_limits WHERE key = $1', [key])).toEqual([{ hits: 500 }]);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
