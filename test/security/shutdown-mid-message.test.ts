import net from 'node:net';
import { expect, it } from 'vitest';
import { SUCCESS_TEXT, toFormBody, VALID } from '../helpers/data/contact-cases';
import { noticeIn } from '../helpers/site/http';
import { startServer, type RunningServer } from '../helpers/start/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { stopAfterEach } from '../helpers/suite/stop-after-each';
import { LOG_WAIT } from '../helpers/wait';
import { at } from '../helpers/must';

/**
 * SIGTERM while a contact message is on its way: the request finishes its
 * whole path (mailed or kept) and the visitor gets the true answer, even
 * when the action reaches for the send-email function only after the
 * server has stopped accepting connections.
 */

const SECRET = 'shutdown-in-flight-secret-abcdefghijk';

let server: RunningServer;
let smtp: TestSmtpServer;
const stopLater = stopAfterEach();

it('a message whose body is still arriving at SIGTERM is mailed, answered "Message sent!", and the process exits 0', async () => {
  smtp = stopLater(await startSmtpServer());
  server = stopLater(await startServer({ SMTP_URL: smtp.url, CONTACT_FUNCTION_SECRET: SECRET }));
  const exited = new Promise<number | null>((resolve) => server!.process.once('exit', resolve));
  const url = new URL(server.url);
  const body = toFormBody({ message: 'Sent as the server was asked to stop.' }).toString();
  const socket = net.connect(Number(url.port), url.hostname);
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /?index HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/html\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  // The request is in flight (its headers are read) when the signal comes; the listener then closes.
  await expect.poll(async () => (await fetch(`${server!.url}/resume`)).status, LOG_WAIT).toBe(200);
  server.process.kill('SIGTERM');
  await expect.poll(() => server!.output(), LOG_WAIT).toMatch(/SIGTERM: stopping; [12] request\(s\) in flight/);
  await expect(fetch(`${server.url}/resume`)).rejects.toThrow();
  // Only now does the action have the whole message, and call the function.
  socket.write(body.slice(half));
  await ended;

  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  const html = answer.slice(answer.indexOf('\r\n\r\n'));
  expect(noticeIn(html.replace(/^[0-9a-f]+\r\n/gm, ''))).toEqual({ variant: 'success', text: SUCCESS_TEXT });
  const mail = at(await smtp.waitForMessages(1), 0, 'a mail');
  expect(mail.text).toContain('Sent as the server was asked to stop.');
  expect(mail.header('reply-to')).toBe(`${VALID.firstName} ${VALID.lastName} <${VALID.email}>`);
  expect(await exited).toBe(0);
  expect(server.output()).not.toContain('fetch failed');
}, 60_000);
