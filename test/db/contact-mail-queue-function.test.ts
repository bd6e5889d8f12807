import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeSharedDatabase } from '~/db/connection.server';
import mailQueue, { config } from '../../netlify/functions/mail-queue';
import { bundleInputs } from '../helpers/data/bundle-inputs';
import { startContactDb, type ContactDb } from '../helpers/suite/contact-db';
import { saveEnv } from '../helpers/env';
import { startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { closedPort } from '../helpers/start/ports';

/** The scheduled function netlify/functions/mail-queue.ts: its schedule, what it carries, and one run. */

const ENV_KEYS = ['SMTP_URL', 'NETLIFY_DB_URL', 'CONTACT_TO'] as const;
const restoreEnv = saveEnv(ENV_KEYS);

let store: ContactDb;
let smtp: TestSmtpServer;

beforeAll(async () => {
  [store, smtp] = await Promise.all([startContactDb(), startSmtpServer()]);
  process.env.SMTP_URL = smtp.url;
  process.env.CONTACT_TO = 'owner@designer.example';
});
afterAll(async () => {
  await closeSharedDatabase();
  await Promise.all([store?.stop(), smtp?.close()]);
  restoreEnv();
});

/** A POST as Netlify's scheduler sends it. */
const scheduled = () =>
  new Request('http://localhost/.netlify/functions/mail-queue', {
    method: 'POST',
    body: JSON.stringify({ next_run: new Date().toISOString() }),
  });

describe('the mail-queue function', () => {
  it('is a Functions v2 scheduled function: every 5 minutes, no URL of its own', () => {
    expect(config).toEqual({ schedule: '*/5 * * * *' });
    expect('path' in config).toBe(false);
  });

  it.each(['mail-queue', 'send-email'])('%s carries no esbuild, no embedded database engine and no MDX compiler', async (name) => {
    const { imports } = await bundleInputs(`netlify/functions/${name}.ts`);
    expect(imports).toContain('@netlify/database');
    expect(imports.filter((name) => /esbuild|database-dev|pglite|mdx|gray-matter/.test(name))).toEqual([]);
  });

  it('one run sends what is due and leaves the rest', async () => {
    process.env.NETLIFY_DB_URL = store.url;
    await closeSharedDatabase();
    const due = await store.insert({ first_name: 'Due' });
    const later = await store.insert({ first_name: 'Later', next_attempt_at: new Date(Date.now() + 60_000) });
    const response = await mailQueue(scheduled());
    expect(response.status).toBe(204);
    expect(smtp.messages.map((mail) => mail.header('subject'))).toEqual(['Portfolio message from Due Lovelace']);
    const rows = Object.fromEntries((await store.rows()).map((row) => [row.id, row.status]));
    expect(rows).toEqual({ [due]: 'delivered', [later]: 'retrying' });
  });

  it('without a database: says so, and ends cleanly', async () => {
    process.env.NETLIFY_DB_URL = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
    await closeSharedDatabase();
    const warn = vi.spyOn(console, 'warn');
    try {
      expect((await mailQueue(scheduled())).status).toBe(204);
      expect(warn.mock.calls.some(([line]) => /^mail-queue: database unreachable: .*; nothing to send\.$/.test(String(line)))).toBe(true);
    } finally {
      warn.mockRestore();
    }
  });
});
