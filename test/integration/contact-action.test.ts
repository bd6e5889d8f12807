import http from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSite } from '~/content/content.server';
import {
  FIELD_CASES,
  FUNCTION_ERRORS,
  functionTransportCases,
  JSON_ONLY_CASES,
  SUCCESS_TEXT,
  toFormBody,
  VALID,
  withOverrides,
} from '../helpers/data/contact-cases';
import { fieldErrorIn, fieldValueIn, noticeIn, postForm } from '../helpers/site/http';
import { parseMail } from '../helpers/site/mime';
import { useContactServer } from '../helpers/suite/contact-server';
import { startServer } from '../helpers/start/server';
import { startSilentServer } from '../helpers/start/smtp';
import { closedPort } from '../helpers/start/ports';
import { LOG_WAIT } from '../helpers/wait';
import { at } from '../helpers/must';

/** The `/` action and the mounted function, through the real built server over HTTP. */

const SECRET = 'action-test-secret-abcdefghijklmnop';
const ERROR_TEXT = 'Error Failed to send message. Please try again.';

const stack = useContactServer(SECRET, 1000);
beforeEach(() => {
  stack.smtp.messages.length = 0;
  stack.smtp.setRejecting(false);
});

describe('the / action: delivery', () => {
  it('sends the mail and renders the success notice with an empty form', async () => {
    const response = await postForm(stack.server.url, toFormBody({ message: 'Hi <b>Camila</b> & team,\n\nLet us talk.' }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(noticeIn(html)).toEqual({ variant: 'success', text: SUCCESS_TEXT });
    for (const field of ['firstName', 'lastName', 'email', 'message']) expect(fieldValueIn(html, field)).toBe('');
    expect(stack.smtp.messages).toHaveLength(1);
    const mail = at(stack.smtp.messages, 0, 'a mail');
    expect(mail.envelope).toEqual({ from: 'no-reply@localhost', to: [getSite().email] });
    expect(mail.header('reply-to')).toBe('Ada Lovelace <ada@example.com>');
    expect(mail.header('subject')).toBe('Portfolio message from Ada Lovelace');
    expect(mail.text).toContain('Hi <b>Camila</b> & team,\n\nLet us talk.');
    expect(mail.html).toContain('Hi &lt;b&gt;Camila&lt;/b&gt; &amp; team,');
  });

  it('accepts multipart/form-data as well', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(VALID)) form.set(key, value);
    const response = await fetch(`${stack.server.url}/?index`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(stack.smtp.messages).toHaveLength(1);
  });

  it('answers a filled-in honeypot as a success and sends nothing', async () => {
    const body = toFormBody({});
    body.set('website', 'https://spam.example');
    const response = await postForm(stack.server.url, body);
    expect(response.status).toBe(200);
    expect(noticeIn(await response.text())).toEqual({ variant: 'success', text: SUCCESS_TEXT });
    expect(stack.smtp.messages).toHaveLength(0);
  });

  it('never sends the token to a Host header the client picked', async () => {
    // The mail still arrives: the action posted to its own loopback address, not to evil.example.
    const status = await new Promise<number>((resolve, reject) => {
      const target = new URL(`${stack.server.url}/?index`);
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: '/?index',
          method: 'POST',
          headers: { host: 'evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(toFormBody({}).toString());
    });
    expect(status).toBe(200);
    expect(stack.smtp.messages).toHaveLength(1);
  });
});

describe('the / action: bad input (never a 500, never a mail)', () => {
  it.each(FIELD_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const body = toFormBody(c.fields);
    const response = await postForm(stack.server.url, body);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(fieldErrorIn(html, c.field)).toBe(c.message);
    expect(html).toMatch(new RegExp(`<(input|textarea)[^>]*aria-invalid="true"[^>]*aria-describedby="contact-${c.field}-error"`));
    // What was typed comes back, so nothing is lost.
    for (const field of ['firstName', 'lastName', 'email'] as const) {
      const sent = withOverrides(c.fields)[field];
      if (typeof sent === 'string' && !/[\r\n]/.test(sent)) expect(fieldValueIn(html, field)).toBe(sent);
    }
    expect(stack.smtp.messages).toHaveLength(0);
  });

  const stream = (bytes: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < bytes; sent += 8192) controller.enqueue(new TextEncoder().encode('a'.repeat(8192)));
        controller.close();
      },
    });
  const big = toFormBody({ message: 'x'.repeat(70 * 1024) }).toString();
  const transport: { name: string; init: () => RequestInit; status: number }[] = [
    {
      name: 'JSON posted to the action',
      init: () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(VALID) }),
      status: 415,
    },
    {
      name: 'text/plain',
      init: () => ({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: toFormBody({}).toString() }),
      status: 415,
    },
    { name: 'no Content-Type', init: () => ({ method: 'POST', body: new Blob([toFormBody({}).toString()]) }), status: 415 },
    {
      name: '70 KB form with Content-Length',
      init: () => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: big }),
      status: 413,
    },
    {
      name: '100 KB chunked form without Content-Length',
      init: () =>
        ({
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: stream(100 * 1024),
          duplex: 'half',
        }) as RequestInit,
      status: 413,
    },
    {
      name: 'PUT',
      init: () => ({ method: 'PUT', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: toFormBody({}).toString() }),
      status: 405,
    },
    { name: 'DELETE', init: () => ({ method: 'DELETE' }), status: 405 },
    {
      name: 'malformed multipart',
      init: () => ({ method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, body: '--xyz\r\nbroken' }),
      status: 400,
    },
  ];
  it.each(transport.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const response = await fetch(`${stack.server.url}/?index`, c.init());
    expect(response.status).toBe(c.status);
    expect(noticeIn(await response.text())).toEqual({ variant: 'error', text: ERROR_TEXT });
    expect(stack.smtp.messages).toHaveLength(0);
  });

  it('counts as table cases', () => {
    expect(FIELD_CASES.length + transport.length).toBeGreaterThanOrEqual(30);
  });
});

describe('the mounted send-email function over HTTP: bad input', () => {
  const url = () => `${stack.server.url}/.netlify/functions/send-email`;
  it.each(functionTransportCases(SECRET).map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const response = await fetch(url(), c.init());
    expect(response.status).toBe(c.status);
    expect(await response.json()).toEqual({ status: 'error', error: c.error });
    expect(stack.smtp.messages).toHaveLength(0);
  });

  it.each([...FIELD_CASES, ...JSON_ONLY_CASES].map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      body: JSON.stringify(withOverrides(c.fields)),
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'error', error: FUNCTION_ERRORS.invalid });
    expect(body.fieldErrors[c.field]).toBe(c.message);
    expect(stack.smtp.messages).toHaveLength(0);
  });
});

describe('the / action: faults', () => {
  it('renders the error notice, keeps the input and answers 502 when the SMTP server rejects', async () => {
    stack.smtp.setRejecting(true);
    const response = await postForm(stack.server.url, toFormBody({ message: 'Keep <this> text' }));
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(noticeIn(html)).toEqual({ variant: 'error', text: ERROR_TEXT });
    expect(fieldValueIn(html, 'email')).toBe(VALID.email);
    expect(fieldValueIn(html, 'message')).toBe('Keep <this> text');
    await expect.poll(() => stack.server.output(), LOG_WAIT).toContain('send-email: sending failed');
  });

  it('surfaces a silent SMTP server as an error after about 8 s', async () => {
    const silent = await startSilentServer();
    const slow = await startServer({ SMTP_URL: silent.url, CONTACT_FUNCTION_SECRET: SECRET });
    try {
      const started = performance.now();
      const response = await postForm(slow.url, toFormBody({}));
      const elapsed = performance.now() - started;
      console.log(`Silent SMTP server: the visitor saw the error after ${(elapsed / 1000).toFixed(2)} s`);
      // 502 is the function's 8 s SMTP deadline; on a saturated machine the action's own 10 s one (504) can come first.
      expect([502, 504]).toContain(response.status);
      expect(noticeIn(await response.text())).toEqual({ variant: 'error', text: ERROR_TEXT });
      expect(elapsed).toBeGreaterThan(7_500);
      // Bounds, not a pace: the point is that the visitor is not left waiting on a silent stack.server.
      expect(elapsed).toBeLessThan(20_000);
    } finally {
      await slow.stop();
      await silent.close();
    }
  }, 60_000);

  it('gives up on a function that never answers after 10 s (504)', async () => {
    const silent = await startSilentServer();
    const port = new URL(silent.url).port;
    const slow = await startServer({ CONTACT_FUNCTION_URL: `http://127.0.0.1:${port}/`, CONTACT_FUNCTION_SECRET: SECRET });
    try {
      const started = performance.now();
      const response = await postForm(slow.url, toFormBody({}));
      const elapsed = performance.now() - started;
      expect(response.status).toBe(504);
      expect(elapsed).toBeGreaterThan(9_500);
      expect(elapsed).toBeLessThan(25_000);
      await expect.poll(() => slow.output(), LOG_WAIT).toMatch(/no answer from .* within 10000 ms/);
    } finally {
      await slow.stop();
      await silent.close();
    }
  }, 60_000);

  it('answers 502 at once when the function cannot be reached', async () => {
    const slow = await startServer({ CONTACT_FUNCTION_URL: `http://127.0.0.1:${await closedPort()}/`, CONTACT_FUNCTION_SECRET: SECRET });
    try {
      const response = await postForm(slow.url, toFormBody({}));
      expect(response.status).toBe(502);
    } finally {
      await slow.stop();
    }
  });
});

describe('the / action: rate limit', () => {
  it('answers the third valid message within 10 minutes with 429; bad input and other IP claims do not matter', async () => {
    const limited = await startServer({ SMTP_URL: stack.smtp.url, CONTACT_FUNCTION_SECRET: SECRET, CONTACT_RATE_LIMIT: '2' });
    try {
      expect((await postForm(limited.url, toFormBody({}))).status).toBe(200);
      // Invalid input is not counted against the visitor.
      expect((await postForm(limited.url, toFormBody({ email: 'nope' }))).status).toBe(422);
      expect((await postForm(limited.url, toFormBody({}))).status).toBe(200);
      const third = await postForm(limited.url, toFormBody({ message: 'third' }), { 'x-nf-client-connection-ip': '203.0.113.7' });
      expect(third.status).toBe(429);
      const html = await third.text();
      expect(noticeIn(html)).toEqual({ variant: 'error', text: ERROR_TEXT });
      expect(fieldValueIn(html, 'message')).toBe('third');
      expect(stack.smtp.messages).toHaveLength(2);
    } finally {
      await limited.stop();
    }
  });
});

describe('npm start without SMTP_URL', () => {
  it('writes each message to the outbox as a parseable .eml and logs the path', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-http-'));
    const local = await startServer({ SMTP_URL: '', CONTACT_FUNCTION_SECRET: '', CONTACT_OUTBOX_DIR: dir });
    try {
      expect(local.output()).toContain('generated a CONTACT_FUNCTION_SECRET');
      const response = await postForm(local.url, toFormBody({}));
      expect(response.status).toBe(200);
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      await expect
        .poll(() => local.output(), LOG_WAIT)
        .toContain(`Contact message written to ${path.join(dir, at(files, 0, 'a written mail'))}`);
      const mail = parseMail(await readFile(path.join(dir, at(files, 0, 'a written mail')), 'utf8'));
      expect(mail.header('reply-to')).toBe('Ada Lovelace <ada@example.com>');
      expect(mail.text).toContain(VALID.message);
    } finally {
      await local.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
