import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { VALID, toFormBody } from '../helpers/contact-cases';
import { postForm } from '../helpers/http';
import { parseMail } from '../helpers/mime';

/**
 * `npm run dev` delivers to the outbox. It runs in a copy of the project:
 * remix dev writes build/ and public/build/, which the production-server
 * tests running next to it must not see change under them.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', '.git', 'build', '.outbox', '.cache', '.netlify', 'test-results', 'screenshots']);

let dir: string | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    // npm → tsx → remix dev → the server: end the whole group this test started.
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('npm run dev writes a contact message to .outbox/ when SMTP_URL is unset', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-dev-'));
  await cp(ROOT, dir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(ROOT, source);
      return !SKIP.has(relative.split(path.sep)[0]) && relative !== path.join('public', 'build');
    },
  });
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));

  // vitest sets NODE_ENV=test; dev must run as it would for a person.
  const { NODE_ENV: _vitestNodeEnv, ...inherited } = process.env;
  const env: Record<string, string | undefined> = { ...inherited, PORT: '0', SMTP_URL: '', CONTACT_FUNCTION_SECRET: '', CONTACT_OUTBOX_DIR: '' };
  child = spawn('npm', ['run', 'dev'], { cwd: dir, env: env as NodeJS.ProcessEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run dev did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child!.stdout!.on('data', onData);
    child!.stderr!.on('data', onData);
    child!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run dev exited with ${code}:\n${output}`));
    });
  });

  const response = await postForm(url, toFormBody({}));
  expect(response.status).toBe(200);
  const outbox = path.join(dir, '.outbox');
  const files = await readdir(outbox);
  expect(files).toHaveLength(1);
  expect(output).toContain(`Contact message written to ${path.join(outbox, files[0])}`);
  const mail = parseMail(await readFile(path.join(outbox, files[0]), 'utf8'));
  expect(mail.header('reply-to')).toBe('Ada Lovelace <ada@example.com>');
  expect(mail.text).toContain(VALID.message);
}, 180_000);
