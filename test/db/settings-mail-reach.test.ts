import dns from 'node:dns';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliverKept } from '~/contact/delivery.server';
import { saveMailAccount } from '~/contact/mail-account.server';
import { MAIL_TESTS } from '~/contact/mail-reach.server';
import { testAndSave } from '~/contact/mail-settings.server';
import { keepMessage } from '~/contact/messages.server';
import { VALID } from '../helpers/data/contact-cases';
import { saveEnv } from '../helpers/env';
import { startSilentServer, startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { ENGINES, useEngine } from '../helpers/suite/db-engines';

/**
 * What "Another service" on /admin/settings/mail may reach (attack-3.md,
 * finding 2: the form was a port scanner that quoted each service's first
 * line). Only a public address on a mail port: every spelling of this
 * computer or a private network is refused before a connection (a socket
 * listening on every local address sees none), a service that is not a mail
 * server is never quoted (page or log), and a few tests per window are
 * counted in the database. The tests' switch (PORTFOLIO_LOOPBACK_FOR_TESTS)
 * is off where a refusal is tested, as under `npm start`.
 */

const SSH_BANNER = 'SSH-2.0-OpenSSH_9.6 internal-secret-banner build=db-prod-7';
const REDIS_ERROR = '-ERR redis internal: requirepass is "hunter2"';
const LOGIN = { user: 'dana', pass: 'the-right-password' };
const BLOCKED = Symbol.for('portfolio.rate-limits.blocked');

const restoreEnv = saveEnv(['SESSION_SECRET', 'SMTP_URL', 'PORTFOLIO_LOOPBACK_FOR_TESTS', 'CONTACT_TO']);
const switchOff = () => {
  process.env.PORTFOLIO_LOOPBACK_FOR_TESTS = '';
};

function mailForm(host: string, port: number | string, password = 'x'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: 'save',
    provider: 'other',
    host,
    port: String(port),
    security: 'starttls',
    username: LOGIN.user,
    password,
    fromAddress: 'hello@dana.example',
  }))
    form.set(name, value);
  return form;
}

/** Everything written to the log while `work` ran. */
async function logged<T>(work: () => Promise<T>): Promise<{ result: T; log: string }> {
  const lines: unknown[][] = [];
  const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args)),
  );
  try {
    const result = await work();
    return { result, log: lines.map((args) => args.map(String).join(' ')).join('\n') };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

const engine = useEngine(ENGINES[0]![1]);

beforeEach(async () => {
  process.env.SESSION_SECRET = 'mail-reach-test-secret-0123456789abcdefghij';
  delete process.env.SMTP_URL;
  await engine.db.query('DELETE FROM rate_limits');
  await engine.db.query('DELETE FROM mail_account');
  (globalThis as Record<symbol, Map<string, number> | undefined>)[BLOCKED]?.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  restoreEnv();
});

describe('every spelling of this computer or a private network is refused before a connection', () => {
  // 2525 is a mail port, so only the address can stop these; '::' hears 127.x, ::1, ::ffff:127.0.0.1 and 0.0.0.0.
  let listener: Awaited<ReturnType<typeof startSilentServer>>;
  beforeAll(async () => {
    listener = await startSilentServer({ banner: SSH_BANNER, host: '::', port: 2525 });
  });
  afterAll(() => listener.close());

  it.each([
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f.1',
    '0177.0.0.1',
    '0.0.0.0',
    '[::1]',
    '::1',
    '[::ffff:127.0.0.1]',
    'localhost',
    '169.254.169.254',
    '10.0.0.1',
    '[fd00::1]',
  ])('%s', async (host) => {
    switchOff();
    const { result, log } = await logged(() => testAndSave(mailForm(host, 2525)));
    expect(result).toMatchObject({ state: 'failed' });
    expect(result.state === 'failed' && result.fieldErrors).toBeFalsy();
    expect(result.message).toMatch(/^Not saved\. (.+ is an address on a private network or on this computer|No mail server answered at “)/);
    expect(`${result.message}\n${log}`).not.toContain('internal-secret-banner');
    expect(listener.connections()).toBe(0);
    expect(await engine.db.query('SELECT 1 FROM mail_account')).toHaveLength(0);
  });

  it('a port that is not a mail port is refused in her words, before any connection', async () => {
    switchOff();
    const other = await startSilentServer({ banner: REDIS_ERROR });
    try {
      for (const [host, port] of [
        ['127.0.0.1', other.port],
        ['1.1.1.1', 6379],
        ['1.1.1.1', 22],
      ] as const) {
        const result = await testAndSave(mailForm(host, port));
        expect(result.state === 'failed' && result.fieldErrors?.port, `${host}:${port}`).toMatch(
          /port 465 or 587 \(some also on 25 or 2525\)/,
        );
      }
      expect(other.connections()).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('what answered is never quoted', () => {
  it.each([
    ['an SSH server', SSH_BANNER, 'internal-secret-banner'],
    ['a Redis server', REDIS_ERROR, 'hunter2'],
  ])('%s: not a mail server, in her words, and its line is in neither the answer nor the log', async (_what, banner, secret) => {
    const service = await startSilentServer({ banner });
    try {
      const { result, log } = await logged(() => testAndSave(mailForm('127.0.0.1', service.port)));
      expect(service.connections()).toBe(1);
      expect(result.message).toMatch(/answered at 127\.0\.0\.1, port \d+, but not as a mail server does/);
      expect(result.message).not.toContain(secret);
      expect(log).not.toContain(secret);
      expect(log).not.toMatch(/SSH-2\.0|-ERR/);
    } finally {
      await service.close();
    }
  });
});

describe('a few tests per window, counted in the database', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ login: LOGIN });
  });
  afterAll(() => smtp.close());

  it(`after ${MAIL_TESTS} tests the next is refused with a wait, on this instance and on a new one`, async () => {
    for (let i = 0; i < MAIL_TESTS; i++) {
      const result = await testAndSave(mailForm('127.0.0.1', smtp.port, 'wrong'));
      expect(result.message, `test ${i + 1}`).toMatch(/did not accept the user name and password/);
    }
    const limited = await testAndSave(mailForm('127.0.0.1', smtp.port, LOGIN.pass));
    expect(limited).toMatchObject({ state: 'failed', limited: { busy: false, retryAfterS: expect.any(Number) } });
    expect(limited.state === 'failed' && limited.limited?.retryAfterS).toBeGreaterThan(60);
    expect(limited.message).toMatch(/several tests in a few minutes.*Try again in \d+ minutes?\./);
    // A new instance has nothing in memory: the database's count refuses it too.
    (globalThis as Record<symbol, Map<string, number> | undefined>)[BLOCKED]?.clear();
    expect(await testAndSave(mailForm('127.0.0.1', smtp.port, LOGIN.pass))).toMatchObject({ limited: { busy: false } });
    expect(smtp.messages).toHaveLength(0);
    expect(await engine.db.query('SELECT 1 FROM mail_account')).toHaveLength(0);
  });

  it('the right account, within the limit, is tested and kept (a control)', async () => {
    const result = await testAndSave(mailForm('127.0.0.1', smtp.port, LOGIN.pass));
    expect(result).toMatchObject({ state: 'sent' });
    await smtp.waitForMessages(1);
  });
});

/**
 * `name` answers `address` from now on, to the site's own check and to
 * nodemailer's resolver alike: DNS is what cannot be re-pointed here, so it
 * is mocked at node:dns, both of its faces.
 */
function pointNameAt(name: string, address: string): void {
  const notFound = () => Object.assign(new Error(`queryA ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  type Callback = (error: Error | null, found?: unknown) => void;
  const answer = (host: string, found: unknown, callback: Callback) =>
    process.nextTick(() => (host === name ? callback(null, found) : callback(notFound())));
  vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
    if (host !== name) throw notFound();
    return [{ address, family: 4 }];
  }) as unknown as typeof dns.promises.lookup);
  vi.spyOn(dns, 'lookup').mockImplementation(((host: string, _options: unknown, callback: Callback) =>
    answer(host, [{ address, family: 4 }], callback)) as unknown as typeof dns.lookup);
  vi.spyOn(dns.Resolver.prototype, 'resolve4').mockImplementation(((host: string, ...rest: unknown[]) =>
    answer(host, [address], rest.at(-1) as Callback)) as unknown as typeof dns.Resolver.prototype.resolve4);
  vi.spyOn(dns.Resolver.prototype, 'resolve6').mockImplementation(((_host: string, ...rest: unknown[]) =>
    process.nextTick(() => (rest.at(-1) as Callback)(notFound()))) as unknown as typeof dns.Resolver.prototype.resolve6);
}

const keptAccount = (host: string, port: number) => ({
  provider: 'other' as const,
  host,
  port,
  security: 'starttls' as const,
  username: LOGIN.user,
  password: LOGIN.pass,
  fromAddress: 'hello@dana.example',
});

async function lastErrorOf(id: string): Promise<string> {
  const [row] = await engine.db.query<{ last_error: string }>('SELECT last_error FROM contact_messages WHERE id = $1', [id]);
  return row?.last_error ?? '';
}

describe('contact mail through the kept account is held to the same rules as its test', () => {
  beforeEach(() => {
    process.env.CONTACT_TO = 'dana@dana.example';
  });

  it('a saved host that now resolves to this computer: a failed attempt in her words, no connection, nothing quoted', async () => {
    const listener = await startSilentServer({ banner: SSH_BANNER, host: '127.0.0.1' });
    try {
      await saveMailAccount(keptAccount('mail.dana.example', listener.port), engine.db);
      switchOff();
      pointNameAt('mail.dana.example', '127.0.0.1');
      const id = await keepMessage(VALID, engine.db);
      const { result, log } = await logged(() => deliverKept(engine.db, id, VALID, 1));
      expect(result.status).toBe('retrying');
      expect(listener.connections()).toBe(0);
      const lastError = await lastErrorOf(id);
      expect(lastError).toMatch(/now leads nowhere, or inside this network.*no connection was made/);
      expect(log).toContain(`message ${id}: attempt 1 failed (${lastError})`);
      for (const text of [lastError, log]) expect(text).not.toMatch(/SSH|secret-banner|db-prod|Invalid greeting/);
    } finally {
      await listener.close();
    }
  });

  it('a mail server that refuses with secrets in its words: only what happened and its codes are kept and logged', async () => {
    const secret = 'relay db-prod-7 internal token=hunter2';
    const smtp = await startSmtpServer({ login: LOGIN, refusal: secret });
    try {
      smtp.setRejecting(true);
      await saveMailAccount(keptAccount('127.0.0.1', smtp.port), engine.db);
      const id = await keepMessage(VALID, engine.db);
      const { result, log } = await logged(() => deliverKept(engine.db, id, VALID, 1));
      expect(result.status).toBe('retrying');
      const lastError = await lastErrorOf(id);
      expect(lastError).toBe('the mail service did not take the message (EMESSAGE, reply 550, at DATA)');
      expect(log).toContain(`message ${id}: attempt 1 failed (${lastError})`);
      for (const text of [lastError, log]) expect(text).not.toMatch(/db-prod|hunter2|token/);
    } finally {
      await smtp.close();
    }
  });
});
