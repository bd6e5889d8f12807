import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sendEmail from '../../netlify/functions/send-email';
import { getMailConfig } from '~/contact/config.server';
import { getSite } from '~/content/content.server';
import { FIELD_CASES, FUNCTION_ERRORS, functionTransportCases, JSON_ONLY_CASES, VALID, withOverrides } from '../helpers/data/contact-cases';
import { saveEnv } from '../helpers/env';
import { parseMail } from '../helpers/site/mime';
import { startSilentServer, startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { closedPort } from '../helpers/start/ports';
import { expectConsoleError } from '../setup/console-errors';
import { at } from '../helpers/must';

/**
 * The function called directly with real Fetch Requests, sending through a
 * real SMTP server. Content must be compiled (the global setup builds).
 */

const SECRET = 'function-test-secret-0123456789';
const URL_ = 'http://localhost/.netlify/functions/send-email';
const ENV_KEYS = ['SMTP_URL', 'CONTACT_TO', 'CONTACT_FROM', 'CONTACT_FUNCTION_SECRET', 'CONTACT_OUTBOX_DIR'] as const;
const restoreEnv = saveEnv(ENV_KEYS);

let smtp: TestSmtpServer;

function call(init: RequestInit): Promise<Response> {
  return sendEmail(new Request(URL_, init), {} as Context);
}

function post(body: unknown, secret = SECRET): Promise<Response> {
  return call({
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  restoreEnv();
});
beforeEach(() => {
  for (const key of ENV_KEYS) delete process.env[key];
  process.env.SMTP_URL = smtp.url;
  process.env.CONTACT_FUNCTION_SECRET = SECRET;
  smtp.messages.length = 0;
  smtp.setRejecting(false);
});

describe('send-email function: delivery', () => {
  it('sends one mail: From the site, To the designer, Reply-To the visitor, subject naming them', async () => {
    const response = await post({ ...VALID, firstName: '  Ada ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success' });
    expect(smtp.messages).toHaveLength(1);
    const mail = at(smtp.messages, 0, 'a mail');
    const designer = getSite().email;
    expect(mail.envelope).toEqual({ from: 'no-reply@localhost', to: [designer] });
    expect(mail.header('from')).toBe(`"${getSite().name} (portfolio)" <no-reply@localhost>`);
    expect(mail.header('to')).toBe(designer);
    expect(mail.header('reply-to')).toBe('Ada Lovelace <ada@example.com>');
    expect(mail.header('subject')).toBe('Portfolio message from Ada Lovelace');
    expect(mail.text).toContain('Name: Ada Lovelace\nEmail: ada@example.com\n\n' + VALID.message);
    expect(mail.html).toContain('<td>Ada Lovelace</td>');
    expect(mail.html).toContain('I would like to talk about a senior UX role.');
  });

  it('uses CONTACT_TO and CONTACT_FROM when set, and encodes non-ASCII names', async () => {
    process.env.CONTACT_TO = 'inbox@designer.example';
    process.env.CONTACT_FROM = 'Portfolio <hello@designer.example>';
    const response = await post({ ...VALID, firstName: 'José', lastName: 'Núñez' });
    expect(response.status).toBe(200);
    const mail = at(smtp.messages, 0, 'a mail');
    expect(mail.envelope).toEqual({ from: 'hello@designer.example', to: ['inbox@designer.example'] });
    expect(mail.header('from')).toBe('Portfolio <hello@designer.example>');
    expect(mail.header('subject')).toBe('Portfolio message from José Núñez');
    expect(mail.header('reply-to')).toBe('José Núñez <ada@example.com>');
  });

  it('keeps header text in the message inside the body: still one recipient, no Bcc', async () => {
    const response = await post({ ...VALID, message: 'Hi\r\nBcc: victim@example.org\r\n\r\n<b>bold</b>' });
    expect(response.status).toBe(200);
    const mail = at(smtp.messages, 0, 'a mail');
    expect(mail.envelope.to).toEqual([getSite().email]);
    expect(mail.headerNames).not.toContain('bcc');
    expect(mail.text).toContain('Bcc: victim@example.org');
    expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  it('accepts the scheme in any case', async () => {
    const response = await call({
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `bearer ${SECRET}` },
      body: JSON.stringify(VALID),
    });
    expect(response.status).toBe(200);
  });
});

describe('send-email function: refusals (no mail)', () => {
  const transport = functionTransportCases(SECRET);
  it.each(transport.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const response = await call(c.init());
    expect(response.status).toBe(c.status);
    expect(await response.json()).toEqual({ status: 'error', error: c.error });
    expect(smtp.messages).toHaveLength(0);
  });

  const fields = [...FIELD_CASES, ...JSON_ONLY_CASES];
  it.each(fields.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const response = await post(withOverrides(c.fields));
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'error', error: FUNCTION_ERRORS.invalid });
    expect(body.fieldErrors[c.field]).toBe(c.message);
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses on a Content-Length over 64 KB before reading the body', async () => {
    // The body itself is tiny: only the declared length can trigger this 413.
    const response = await call({
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}`, 'content-length': '70000' },
      body: JSON.stringify(VALID),
    });
    expect(response.status).toBe(413);
    expect(smtp.messages).toHaveLength(0);
  });

  it.each([
    ['null', null],
    ['an array', [VALID]],
    ['a string', 'hello'],
  ])('refuses JSON that is %s', async (_name, body) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses everything when CONTACT_FUNCTION_SECRET is not set, even a request with an empty token', async () => {
    delete process.env.CONTACT_FUNCTION_SECRET;
    expectConsoleError(2);
    expect((await post(VALID, '')).status).toBe(401);
    expect((await post(VALID, 'undefined')).status).toBe(401);
    expect(smtp.messages).toHaveLength(0);
  });

  it('counts as table cases', () => {
    // The issue asks for at least 30 bad-input cases against the function.
    expect(transport.length + fields.length).toBeGreaterThanOrEqual(30);
  });
});

describe('send-email function: mail server faults', () => {
  it('answers 502 when the SMTP server rejects the message', async () => {
    smtp.setRejecting(true);
    expectConsoleError();
    const response = await post(VALID);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ status: 'error', error: 'Failed to send message.' });
  });

  it('answers 502 at once when nothing listens on the SMTP port', async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
    expectConsoleError();
    const started = performance.now();
    const response = await post(VALID);
    expect(response.status).toBe(502);
    // Well under the 8 s SMTP deadline: a refused connection fails at once (bound generous for a busy machine).
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('gives up on an SMTP server that never answers after about 8 s', async () => {
    const silent = await startSilentServer();
    process.env.SMTP_URL = silent.url;
    expectConsoleError();
    try {
      const started = performance.now();
      const response = await post(VALID);
      const elapsed = performance.now() - started;
      expect(response.status).toBe(502);
      expect(silent.connections()).toBe(1);
      expect(elapsed).toBeGreaterThan(7_500);
      expect(elapsed).toBeLessThan(15_000);
    } finally {
      await silent.close();
    }
  }, 20_000);
});

describe('send-email function: outbox (no SMTP_URL)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    delete process.env.SMTP_URL;
    process.env.CONTACT_OUTBOX_DIR = path.join(dir, 'outbox');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('defaults to .outbox/ in the working directory', () => {
    delete process.env.CONTACT_OUTBOX_DIR;
    expect(getMailConfig().outboxDir).toBe(path.resolve('.outbox'));
  });

  it('writes one parseable .eml per message', async () => {
    const response = await post(VALID);
    expect(response.status).toBe(200);
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*\.eml$/);
    const raw = await readFile(path.join(dir, 'outbox', at(files, 0, 'a written mail')), 'utf8');
    expect(raw).toContain('\r\n');
    const mail = parseMail(raw);
    expect(mail.header('to')).toBe(getSite().email);
    expect(mail.header('reply-to')).toBe('Ada Lovelace <ada@example.com>');
    expect(mail.header('subject')).toBe('Portfolio message from Ada Lovelace');
    expect(mail.header('message-id')).toMatch(/^<.+@localhost>$/);
    expect(mail.text).toContain(VALID.message);
    expect(mail.html).toContain('Ada Lovelace');
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers 502 when the outbox cannot be written (as on a read-only deploy)', async () => {
    await writeFile(path.join(dir, 'outbox'), 'a file where the folder should be');
    expectConsoleError();
    const response = await post(VALID);
    expect(response.status).toBe(502);
  });
});
