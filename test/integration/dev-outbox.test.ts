// @module-tag slow
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { VALID, toFormBody } from '../helpers/data/contact-cases';
import { startDev, type DevServer } from '../helpers/start/dev';
import { postForm } from '../helpers/site/http';
import { parseMail } from '../helpers/site/mime';
import { LOG_WAIT } from '../helpers/wait';
import { at } from '../helpers/must';

/** `npm run dev` delivers to the outbox (in a scratch copy of the project: test/helpers/start/dev.ts). */

let dev: DevServer | undefined;
afterAll(() => dev?.stop());

it('npm run dev writes a contact message to .outbox/ when SMTP_URL is unset', async () => {
  dev = await startDev();
  const response = await postForm(dev.url, toFormBody({}));
  expect(response.status).toBe(200);
  const outbox = path.join(dev.dir, '.outbox');
  const files = await readdir(outbox);
  expect(files).toHaveLength(1);
  await expect
    .poll(() => dev!.output(), LOG_WAIT)
    .toContain(`Contact message written to ${path.join(outbox, at(files, 0, 'a written mail'))}`);
  const mail = parseMail(await readFile(path.join(outbox, at(files, 0, 'a written mail')), 'utf8'));
  expect(mail.header('reply-to')).toBe('Ada Lovelace <ada@example.com>');
  expect(mail.text).toContain(VALID.message);
}, 180_000);
