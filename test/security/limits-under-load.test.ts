import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { PRIVATE_ENV, PRIVATE_PATH } from '../helpers/data/private';
import { postFormFrom, requestFrom, tally, type Answer } from '../helpers/site/from-address';
import { startServer, type RunningServer } from '../helpers/start/server';
import { testDatabase, type TestDatabase } from '../helpers/start/test-database';
import { at } from '../helpers/must';
import { waitFor } from '../helpers/wait';

/**
 * Every guess-type limit under a burst, on a machine that is busy with other
 * work: two built servers on one real PostgreSQL, one CPU-bound process per
 * core beside them, and 200 guesses at once split between the servers. The
 * shared count is then slow, and a slow count is not a missing one: at most
 * the limit may be judged, and every other answer is a refusal (429, or 503
 * when the count could not be read in time) with Retry-After, never a 500 and
 * never a verdict taken from one server's memory.
 */

const ADMIN_PASSWORD = 'owner password for the limits-under-load test';
const MIGRATED = /Migrations: (applied|none pending)/;
const BURST = 200;

let database: TestDatabase;
let servers: RunningServer[] = [];
const hogs: ChildProcess[] = [];

beforeAll(async () => {
  database = await testDatabase();
  const env = {
    ...PRIVATE_ENV,
    ADMIN_PASSWORD,
    CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON,
    NETLIFY_DB_URL: database.url,
    CONTACT_TO: 'owner@example.com',
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
  for (const server of servers)
    await waitFor(() => MIGRATED.test(server.output()), { timeoutMs: 60_000, what: () => `migrations:\n${server.output()}` });
  // The busy machine: one process per core that never yields, started once the servers are up.
  for (let i = 0; i < os.availableParallelism() * Number(process.env.HOGS_PER_CORE ?? 1); i++) {
    const hog = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    hog.on('error', () => {});
    hogs.push(hog);
  }
}, 180_000);

afterAll(async () => {
  if (process.env.DUMP_LOG) for (const server of servers) console.log(server.output());
  await Promise.all(
    hogs.map(
      (hog) =>
        new Promise<void>((resolve) => {
          if (hog.exitCode !== null || hog.signalCode !== null) return resolve();
          hog.once('exit', () => resolve());
          hog.kill('SIGKILL');
        }),
    ),
  );
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

const origin = (i: number) => at(servers, i, `server ${i}`).url;

// Each server signs its owner in once (from an address no burst uses) before a burst, so its pool holds an
// open connection, as a running instance's does. A cold one on a machine this busy may not open a connection
// within the bound at all and refuse the whole burst: safe, but it would prove nothing about the count.
beforeEach(async () => {
  for (const [i, server] of servers.entries())
    await waitFor(
      async () => (await postFormFrom(`127.0.8.${i + 1}`, server.url, '/admin/sign-in', { password: ADMIN_PASSWORD })).status === 303,
      {
        timeoutMs: 60_000,
        intervalMs: 1_000,
        what: () => `server ${i} to sign its owner in:\n${server.output()}`,
      },
    );
}, 90_000);

const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));
const aToken = () => randomBytes(32).toString('base64url');

/** What the page says when the count could not be read in time. */
const BUSY = 'Too many attempts right now';

/**
 * At most `limit` answers with the judged status, at least one (a limit that
 * refuses everything proves nothing), and every other one a refusal with
 * Retry-After; every 503 says `busy` in words, when the page has them. Logs
 * the tally for the record.
 */
function expectAtMostJudged(what: string, answers: Answer[], judged: number, limit: number, busy?: string) {
  const counts = tally(answers);
  console.info(`under load, ${what}: ${JSON.stringify(counts)} (load average ${os.loadavg()[0]!.toFixed(1)})`);
  for (const status of Object.keys(counts).map(Number)) expect([judged, 429, 503], `${what}: status ${status}`).toContain(status);
  expect(counts[judged] ?? 0, what).toBeLessThanOrEqual(limit);
  expect(counts[judged] ?? 0, what).toBeGreaterThan(0);
  for (const answer of answers.filter((one) => one.status !== judged))
    expect(Number(answer.headers['retry-after']), `${what}: Retry-After of a ${answer.status}`).toBeGreaterThan(0);
  if (busy) for (const answer of answers.filter((one) => one.status === 503)) expect(answer.text, `${what}: a 503's words`).toContain(busy);
}

describe('guesses under a burst on a busy machine, across two servers on one PostgreSQL', () => {
  it(
    `${BURST} wrong owner passwords at once: at most 10 judged, every other one refused with Retry-After`,
    { timeout: 120_000 },
    async () => {
      const answers = await times(BURST, (i) => postFormFrom('127.0.7.1', origin(i % 2), '/admin/sign-in', { password: `wrong ${i}` }));
      expectAtMostJudged('owner sign-in', answers, 401, 10, BUSY);
    },
  );

  it(`${BURST} wrong private-page passwords at once: at most 10 judged`, { timeout: 120_000 }, async () => {
    const answers = await times(BURST, (i) => postFormFrom('127.0.7.2', origin(i % 2), PRIVATE_PATH, { password: `wrong ${i}` }));
    expectAtMostJudged('private-page unlock', answers, 401, 10, BUSY);
  });

  it(`${BURST} made-up one-time sign-in links used at once: at most 10 judged`, { timeout: 120_000 }, async () => {
    const answers = await times(BURST, (i) => postFormFrom('127.0.7.3', origin(i % 2), '/admin/sign-in/link', { token: aToken() }));
    expectAtMostJudged('one-time link use', answers, 410, 10, BUSY);
  });

  it(`${BURST} made-up one-time sign-in links opened at once: at most 30 looked up`, { timeout: 120_000 }, async () => {
    const answers = await times(BURST, (i) => requestFrom('127.0.7.4', `${origin(i % 2)}/admin/sign-in/link?token=${aToken()}`));
    expectAtMostJudged('one-time link page', answers, 410, 30, BUSY);
  });

  it(`${BURST} made-up share-link tokens at once: at most 20 judged`, { timeout: 120_000 }, async () => {
    const answers = await times(BURST, (i) =>
      requestFrom('127.0.7.5', `${origin(i % 2)}/s/${'B'.repeat(40)}${String(i).padStart(3, '0')}`),
    );
    expectAtMostJudged('share-link tokens', answers, 404, 20);
  });
});
