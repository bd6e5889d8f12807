import { expect, it } from 'vitest';
import { SUCCESS_TEXT, toFormBody, VALID } from '../helpers/data/contact-cases';
import { startContactDb } from '../helpers/suite/contact-db';
import { fieldValueIn, noticeIn, postForm } from '../helpers/site/http';
import { startServer } from '../helpers/start/server';
import { startSmtpServer } from '../helpers/start/smtp';
import { closedPort } from '../helpers/start/ports';
import { stopAfterEach } from '../helpers/suite/stop-after-each';
import { useStarted } from '../helpers/suite/use-started';
import { LOG_WAIT, waitFor } from '../helpers/wait';
import { at } from '../helpers/must';

/**
 * The built server (`npm start`) with a real PostgreSQL behind it: a message
 * sent while the mail server is down is kept, the visitor told it was sent,
 * and the server's own mail-queue timer delivers it within a minute of the
 * mail server coming back. With neither, the visitor keeps what they typed.
 */

const SECRET = 'queue-timer-test-secret-0123456789';
/** The promise: a failed message goes out within this once mail is back (first retry after 30 s, a tick every 20 s). */
const RETRY_WITHIN_MS = 60_000;

const store = useStarted(startContactDb, (store) => store.stop());
const stopLater = stopAfterEach();

it('SMTP down: "Message sent!" and kept; once SMTP is back, the timer delivers it exactly once within 60 s', async () => {
  const port = await closedPort();
  const server = stopLater(
    await startServer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONTACT_FUNCTION_SECRET: SECRET,
      NETLIFY_DB_URL: store.url,
      CONTACT_TO: 'owner@designer.example',
    }),
  );

  const response = await postForm(server.url, toFormBody({ firstName: 'Timer' }));
  expect(response.status).toBe(200);
  expect(noticeIn(await response.text())).toEqual({ variant: 'success', text: SUCCESS_TEXT });
  const kept = at(await store.rows(), 0, 'a kept message');
  expect(kept).toMatchObject({ first_name: 'Timer', status: 'retrying', attempts: 1 });
  // The timer's first run comes 3 s after the start.
  await expect.poll(() => server.output(), { timeout: 30_000, interval: 100 }).toContain('Mail queue: running');

  const smtp = stopLater(await startSmtpServer({ port }));
  const back = performance.now();
  await smtp.waitForMessages(1, RETRY_WITHIN_MS + 15_000);
  const after = performance.now() - back;
  expect(after).toBeLessThan(RETRY_WITHIN_MS);
  expect(smtp.messages[0]?.header('subject')).toBe('Portfolio message from Timer Lovelace');
  await waitFor(async () => (await store.rows())[0]?.status === 'delivered', { what: 'the message to be recorded delivered' });
  expect(await store.rows()).toMatchObject([{ id: kept.id, status: 'delivered', attempts: 2 }]);
  // The log line follows the row's update by a moment: waited for, never read once.
  await expect
    .poll(() => server.output(), { timeout: 10_000, interval: 50 })
    .toContain(`contact: message ${kept.id} delivered on attempt 2.`);
  console.info(`queue-timer: delivered ${(after / 1000).toFixed(1)} s after SMTP came back.`);

  // Stopped gracefully, the timer with it; nothing was sent twice meanwhile.
  await server.stop();
  expect(smtp.messages).toHaveLength(1);
}, 120_000);

it('SMTP and the database both down: 502, the error, and the visitor’s text is still in the form', async () => {
  const server = stopLater(
    await startServer({
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      CONTACT_FUNCTION_SECRET: SECRET,
      NETLIFY_DB_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`,
    }),
  );
  const typed = { message: 'Keep this text, please: I typed it for a while.' };
  const response = await postForm(server.url, toFormBody(typed));
  expect(response.status).toBe(502);
  const html = await response.text();
  expect(noticeIn(html)).toEqual({ variant: 'error', text: 'Error Failed to send message. Please try again.' });
  expect(fieldValueIn(html, 'message')).toBe(typed.message);
  expect(fieldValueIn(html, 'email')).toBe(VALID.email);
  await expect.poll(() => server.output(), LOG_WAIT).toContain('neither kept nor mailed');
  expect(server.output()).not.toContain(typed.message);
  expect(server.output()).not.toContain(VALID.email);
}, 60_000);
