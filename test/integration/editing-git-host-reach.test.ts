import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkConnection } from '~/editing/connection/check.server';
import { MAX_REDIRECTS } from '~/outbound/guarded-request.server';
import { saveEnv } from '../helpers/env';
import { startGitRemote, TEST_TOKEN, type GitRemote } from '../helpers/start/git-remote';
import { startSilentServer } from '../helpers/start/smtp';

/**
 * What "Check and connect" on /admin/publishing may reach (attack-3.md,
 * finding 8: any https address or loopback http one was sent the pasted
 * token, and redirects were followed unchecked). The git host is judged as
 * the mail settings' host is, on the first address and after every
 * redirect: https only, a public address only, connected to as judged. A
 * refused host gets the sentence a host that does not exist gets. The tests'
 * git remote is plain http on loopback, so the tests' switch is on unless a
 * test turns it off, as `npm start` has it.
 */

const restoreEnv = saveEnv(['PORTFOLIO_LOOPBACK_FOR_TESTS']);
const switchOff = () => {
  process.env.PORTFOLIO_LOOPBACK_FOR_TESTS = '';
};

/** An http server on loopback that answers every request with a redirect to `target(path)`; counts what it gets. */
async function startRedirector(target: (path: string) => string, status = 302) {
  const seen: { path: string; authorization: string | undefined }[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    response.writeHead(status, { location: target(request.url ?? '/') }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { origin: `http://127.0.0.1:${port}`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const check = (repository: string) => checkConnection({ repository, branch: 'main', token: TEST_TOKEN }, { timeoutMs: 5_000 });

let listener: Awaited<ReturnType<typeof startSilentServer>>;
let remote: GitRemote;
beforeAll(async () => {
  // Every address of this computer, IPv4 and IPv6, on one port: a connection to any spelling of it arrives here.
  listener = await startSilentServer({ host: '::' });
  remote = await startGitRemote({ files: { 'content/site.yml': 'name: x\n' } });
});
afterEach(() => restoreEnv());
afterAll(async () => {
  await listener.close();
  await remote.close();
});

describe('the first address', () => {
  it.each([
    (port: number) => `http://127.0.0.1:${port}/owner/repo`,
    (port: number) => `https://127.0.0.1:${port}/owner/repo`,
    (port: number) => `https://127.1:${port}/owner/repo`,
    (port: number) => `https://2130706433:${port}/owner/repo`,
    (port: number) => `https://0x7f.1:${port}/owner/repo`,
    (port: number) => `https://0.0.0.0:${port}/owner/repo`,
    (port: number) => `https://[::1]:${port}/owner/repo`,
    (port: number) => `https://[::ffff:127.0.0.1]:${port}/owner/repo`,
    (port: number) => `https://localhost:${port}/owner/repo`,
  ])('%s: this computer is refused under npm start, before a connection, in the words of a host that is not there', async (address) => {
    switchOff();
    const repository = address(listener.port);
    const refused = await check(repository);
    expect(refused).toEqual({
      ok: false,
      reason: expect.stringMatching(/^Could not reach .+\. Check the address, or try again in a minute\.$/),
    });
    const missing = await check(`https://no-such-host.invalid:${listener.port}/owner/repo`);
    expect(refused.ok === false && refused.reason.replace(/reach \S+\./, 'reach X.')).toBe(
      missing.ok === false && missing.reason.replace(/reach \S+\./, 'reach X.'),
    );
    expect(listener.connections()).toBe(0);
  });

  it('the tests’ own git remote, on loopback, is reached only with the switch on (a control)', async () => {
    expect(await check(remote.url)).toMatchObject({ ok: true });
    switchOff();
    expect(await check(remote.url)).toMatchObject({ ok: false, reason: expect.stringMatching(/^Could not reach/) });
  });
});

describe('every redirect', () => {
  it.each([
    ['http://0.0.0.0:PORT/owner/repo', 'this computer by another name'],
    ['http://[::ffff:127.0.0.1]:PORT/owner/repo', 'plain http to a mapped loopback address'],
    ['http://169.254.169.254/latest/meta-data', 'the cloud’s metadata service'],
    ['https://10.0.0.1/owner/repo', 'a private network'],
    ['https://[fd00::1]/owner/repo', 'a unique-local IPv6 network'],
    ['file:///etc/passwd', 'a file'],
  ])('to %s (%s) is refused before a connection', async (target, _what) => {
    const redirector = await startRedirector(() => target.replace('PORT', String(listener.port)));
    try {
      const before = listener.connections();
      const answer = await check(`${redirector.origin}/owner/repo`);
      expect(answer).toEqual({ ok: false, reason: expect.stringMatching(/^Could not reach 127\.0\.0\.1:\d+\. Check the address/) });
      expect(redirector.seen).toHaveLength(1);
      expect(listener.connections()).toBe(before);
    } finally {
      await redirector.close();
    }
  });

  it('is followed when allowed, without the token to another origin', async () => {
    const redirector = await startRedirector(
      (path) => `${remote.url.replace('127.0.0.1', 'localhost')}${path.replace(/^\/owner\/repo/, '')}`,
    );
    try {
      const answer = await check(`${redirector.origin}/owner/repo`);
      // The remote was reached (it answers 401 without the token), and the token stayed behind.
      expect(answer).toEqual({ ok: false, reason: expect.stringMatching(/refused the token/) });
      expect(redirector.seen[0]?.authorization).toMatch(/^Basic /);
      expect(remote.requests.at(-1)).toMatchObject({ service: 'git-upload-pack' });
    } finally {
      await redirector.close();
    }
  });

  it(`stops after ${MAX_REDIRECTS}`, async () => {
    const redirector = await startRedirector((path) => `/again${path}`);
    try {
      expect(await check(`${redirector.origin}/owner/repo`)).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/^Could not reach/),
      });
      expect(redirector.seen).toHaveLength(MAX_REDIRECTS + 1);
    } finally {
      await redirector.close();
    }
  });
});
