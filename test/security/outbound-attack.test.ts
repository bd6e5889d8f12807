import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TESTS } from '~/contact/mail-reach.server';
import { signInOwner } from '../helpers/site/owner-session';
import { startSilentServer, startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { useOwnerStack } from '../helpers/suite/owner-stack';

/**
 * Finding 2 of attack-3.md, replayed over HTTP against the built server:
 * "Another service" on /admin/settings/mail as a port scanner. Under `npm
 * start` (no tests' switch) the exact request of the report, and every
 * spelling of this computer, is refused before a connection and quotes
 * nothing; the tests a minute are few, 429 with Retry-After, on every
 * instance sharing the database.
 */

const ADMIN_PASSWORD = 'owner password for the outbound review';
const BANNER = 'SSH-2.0-OpenSSH_9.6 internal-secret-banner build=db-prod-7';
const LOGIN = { user: 'dana', pass: 'the-right-password' };

const mailFields = (host: string, port: number, password = 'x') =>
  new URLSearchParams({
    intent: 'save',
    provider: 'other',
    host,
    port: String(port),
    security: 'starttls',
    username: LOGIN.user,
    password,
    fromAddress: 'a@example.com',
  }).toString();

const postMail = (origin: string, cookie: string, body: string, path = '/admin/settings/mail.data') =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie },
    body,
  });

describe('under npm start, the mail settings reach no service on this computer', () => {
  // As `npm start` runs: the tests' switch is off.
  const stack = useOwnerStack(ADMIN_PASSWORD, { PORTFOLIO_LOOPBACK_FOR_TESTS: '' });
  let banner: Awaited<ReturnType<typeof startSilentServer>>;
  beforeAll(async () => {
    banner = await startSilentServer({ banner: BANNER, host: '::', port: 2525 });
  });
  afterAll(() => banner.close());

  it('the report’s request, and every spelling of this computer on a mail port: 422 in her words, no connection, nothing quoted', async () => {
    const cookie = await signInOwner(stack.origin, ADMIN_PASSWORD);
    const exact = await postMail(stack.origin, cookie, mailFields('127.0.0.1', 4461));
    expect(exact.status).toBe(422);
    expect(await exact.text()).toMatch(/port 465 or 587/);
    for (const host of ['127.0.0.1', 'localhost', '0.0.0.0', '127.1', '2130706433', '[::1]', '[::ffff:127.0.0.1]']) {
      const response = await postMail(stack.origin, cookie, mailFields(host, 2525));
      const body = await response.text();
      expect(response.status, host).toBe(422);
      expect(body, host).toMatch(/private network or on this computer|No mail server answered at/);
      expect(body, host).not.toContain('internal-secret-banner');
    }
    expect(banner.connections()).toBe(0);
    expect(stack.server.output()).not.toContain('internal-secret-banner');
  });
});

describe('a few tests per window, across instances', () => {
  const stack = useOwnerStack(ADMIN_PASSWORD, {}, { servers: 2 });
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ login: LOGIN });
  });
  afterAll(() => smtp.close());

  it(`after ${MAIL_TESTS} tests, 429 with Retry-After in her words, on the other instance too`, async () => {
    const [first, second] = stack.servers.map((server) => server.url) as [string, string];
    const cookie = await signInOwner(first, ADMIN_PASSWORD);
    for (let i = 0; i < MAIL_TESTS; i++) {
      const response = await postMail(i % 2 ? second : first, cookie, mailFields('127.0.0.1', smtp.port, 'wrong'));
      expect(response.status, `test ${i + 1}`).toBe(422);
      await response.body?.cancel();
    }
    for (const [origin, path] of [
      [first, '/admin/settings/mail'],
      [second, '/admin/settings/mail.data'],
    ] as const) {
      const limited = await postMail(origin, cookie, mailFields('127.0.0.1', smtp.port, LOGIN.pass), path);
      expect(limited.status, origin).toBe(429);
      expect(Number(limited.headers.get('retry-after')), origin).toBeGreaterThan(60);
      expect(await limited.text()).toMatch(/several tests in a few minutes/);
    }
    expect(smtp.messages).toHaveLength(0);
  });
});
