import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabase } from '~/db/connection.server';
import { closedPort } from './ports';

const run = promisify(execFile);

/**
 * A real PostgreSQL for the tests: Debian's server binaries (whichever
 * version /usr/lib/postgresql holds; .ci/run installs the `postgresql`
 * package when there is none), a fresh cluster in a temporary folder, trust
 * authentication, TCP on 127.0.0.1 and a free port. initdb refuses to run as
 * root, so under root every command runs as the `postgres` user.
 *
 * Tuned for tests, never for data: no fsync, pg_stat_statements loaded (the
 * tests count statements with it).
 */

export type TestPostgres = {
  port: number;
  /** The URL of database `name` on this server. */
  url: (name?: string) => string;
  /** A new, empty database of its own, and its URL. */
  createDatabase: () => Promise<string>;
  /** Stops the server (fast shutdown: open connections are told and closed). */
  stop: () => Promise<void>;
  /** Starts it again after stop(), on the same port, with the same data: a database coming back. */
  start: () => Promise<void>;
  /** Stops it if it runs, and removes its folder. */
  destroy: () => Promise<void>;
  /** Its log, for failure messages. */
  log: () => Promise<string>;
};

const START_TIMEOUT_S = 60;

/** The newest /usr/lib/postgresql/<version>/bin that has initdb. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  const found = versions.map((version) => path.join(root, version, 'bin')).find((bin) => existsSync(path.join(bin, 'initdb')));
  if (!found) throw new Error('No PostgreSQL server in /usr/lib/postgresql/*/bin: apt-get install -y postgresql (.ci/run does it).');
  return found;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as `postgres` when we are root. */
async function pgCommand(bin: string, command: string, args: string[], timeoutS = START_TIMEOUT_S + 30) {
  const file = path.join(bin, command);
  const [program, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return run(program, argv, { timeout: timeoutS * 1000, cwd: os.tmpdir() });
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const { stdout } = await run('id', ['postgres']);
  const uid = Number(/uid=(\d+)/.exec(stdout)?.[1]);
  const gid = Number(/gid=(\d+)/.exec(stdout)?.[1]);
  return { uid, gid };
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-pg-'));
  if (isRoot()) {
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  let running = false;
  let port = 0;
  const log = () => readFile(logFile, 'utf8').catch(() => '(no log)');
  const stop = async () => {
    if (!running) return;
    running = false;
    await pgCommand(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', String(START_TIMEOUT_S), 'stop']);
  };
  const launch = async () => {
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
      '-c shared_preload_libraries=pg_stat_statements',
    ].join(' ');
    // -w waits until it accepts connections, at most -t seconds.
    await pgCommand(bin, 'pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', String(START_TIMEOUT_S), 'start']);
    running = true;
  };
  const destroy = async () => {
    await stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await pgCommand(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    // A free port can be taken between our check and the server's bind: try another.
    for (let attempt = 1; ; attempt++) {
      port = await closedPort();
      try {
        await launch();
        break;
      } catch (error) {
        if (attempt >= 3) throw new Error(`PostgreSQL did not start: ${error}\n${await log()}`);
      }
    }
  } catch (error) {
    await destroy();
    throw error;
  }

  const url = (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`;
  let databases = 0;
  return {
    port,
    url,
    stop,
    start: async () => {
      if (!running) await launch();
    },
    destroy,
    log,
    async createDatabase() {
      const name = `test_${++databases}`;
      const admin = await createDatabase({ connectionString: url() });
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
  };
}

/** The database the run's global set-up migrates once (test/setup/postgres.ts), for every test database to copy. */
export const MIGRATED_TEMPLATE = 'portfolio_migrated';
