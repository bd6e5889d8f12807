import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { expect, it } from 'vitest';
import { SHUTDOWN_GRACE_MS } from '../../scripts/shutdown';
import { SUCCESS_TEXT, toFormBody, VALID } from '../helpers/data/contact-cases';
import { noticeIn, postForm } from '../helpers/site/http';
import { startServer, type RunningServer } from '../helpers/start/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { stopAfterEach } from '../helpers/suite/stop-after-each';
import { LOG_WAIT, waitFor } from '../helpers/wait';

/** `npm start` (the built server) stops gracefully on SIGTERM and SIGINT. */

const SECRET = 'shutdown-test-secret-abcdefghijklmnop';

let server: RunningServer;
let smtp: TestSmtpServer;
const stopLater = stopAfterEach();

/** When the process exited, with its code. */
function exitOf(child: ChildProcess): Promise<{ code: number | null; at: number }> {
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, at: performance.now() })));
}

it('on SIGTERM, a contact message being sent still gets its answer, the mail is complete, and the process exits 0', async () => {
  smtp = stopLater(await startSmtpServer());
  smtp.setDelay(3_000);
  server = stopLater(await startServer({ SMTP_URL: smtp.url, CONTACT_FUNCTION_SECRET: SECRET }));
  const exit = exitOf(server.process);

  // An idle keep-alive connection must not hold the shutdown up.
  const agent = new http.Agent({ keepAlive: true });
  await new Promise<void>((resolve, reject) =>
    http.get(`${server!.url}/resume`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
  );

  const answer = postForm(server.url, toFormBody({}));
  // The message is at the SMTP server, which holds it for 3 s: the request is in flight.
  await waitFor(() => smtp!.pending() === 1, { timeoutMs: 10_000, what: 'the message to reach the SMTP server' });
  const signalled = performance.now();
  server.process.kill('SIGTERM');
  // The visitor's POST (the action calls the function in-process, not over a second connection).
  await expect.poll(() => server!.output(), LOG_WAIT).toContain('SIGTERM: stopping; 1 request(s) in flight');

  // No new connections are accepted meanwhile.
  await expect(fetch(`${server.url}/resume`)).rejects.toThrow();

  const response = await answer;
  const answered = performance.now();
  expect(response.status).toBe(200);
  expect(noticeIn(await response.text())).toEqual({ variant: 'success', text: SUCCESS_TEXT });
  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0]?.text).toContain(VALID.message);
  expect(smtp.messages[0]?.header('reply-to')).toBe('Ada Lovelace <ada@example.com>');

  const { code, at } = await exit;
  console.log(
    `SIGTERM with a message in flight: answered after ${Math.round(answered - signalled)} ms, exited ${Math.round(at - signalled)} ms after the signal`,
  );
  expect(code).toBe(0);
  expect(at - answered).toBeLessThan(1_000);
  // 'exit' can come before the last of the child's output has been read from its pipe.
  await expect.poll(() => server!.output(), LOG_WAIT).toMatch(/Stopped in \d+ ms\./);
  agent.destroy();
}, 30_000);

it(`closes what is still open after ${SHUTDOWN_GRACE_MS / 1000} s and exits 0`, async () => {
  server = stopLater(await startServer({ CONTACT_FUNCTION_SECRET: SECRET }));
  const exit = exitOf(server.process);
  // An upload that stalls: 10 of the 1,000 bytes it announces.
  const url = new URL(server.url);
  const socket = net.connect(Number(url.port), url.hostname);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  socket.on('error', () => {});
  socket.write(
    `POST /?index HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nfirstName=`,
  );
  // Another request, answered after the server has read the stalled one's headers.
  expect((await fetch(`${server.url}/resume`)).status).toBe(200);

  const signalled = performance.now();
  server.process.kill('SIGTERM');
  await expect.poll(() => server!.output(), LOG_WAIT).toContain('SIGTERM: stopping; 1 request(s) in flight');
  const { code, at } = await exit;
  console.log(`SIGTERM with a stalled upload: exited ${Math.round(at - signalled)} ms after the signal`);
  expect(code).toBe(0);
  expect(at - signalled).toBeGreaterThan(SHUTDOWN_GRACE_MS - 500);
  expect(at - signalled).toBeLessThan(SHUTDOWN_GRACE_MS + 2_000);
  expect(await closed).toBeLessThanOrEqual(at + 100);
  await expect.poll(() => server!.output(), LOG_WAIT).toContain(`Still 1 request(s) in flight after ${SHUTDOWN_GRACE_MS / 1000} s`);
}, 30_000);

it('on SIGINT (Ctrl-C), an idle server exits 0 at once', async () => {
  server = stopLater(await startServer({ CONTACT_FUNCTION_SECRET: SECRET }));
  const exit = exitOf(server.process);
  const signalled = performance.now();
  server.process.kill('SIGINT');
  const { code, at } = await exit;
  expect(code).toBe(0);
  expect(at - signalled).toBeLessThan(1_000);
  await expect.poll(() => server!.output(), LOG_WAIT).toContain('SIGINT: stopping; 0 request(s) in flight');
});
