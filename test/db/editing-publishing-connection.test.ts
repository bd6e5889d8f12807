import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConnection, parseGithubExpiry, tokenExpiry } from '~/editing/connection/check.server';
import { githubFacts, onGithub, visibilityOf } from '~/editing/connection/github-api.server';
import { getPublishingStatus, resolvePublishConfig } from '~/editing/connection/publishing.server';
import { saveConnection } from '~/editing/connection/store.server';
import { buildRepositoryAddress, parseRepositoryAddress } from '~/editing/connection/repository-address';
import { openToken, sealToken } from '~/editing/connection/token-box.server';
import { tokenExpiryWarning, WARN_DAYS } from '~/editing/connection/token-expiry';
import { redactSecrets } from '~/http/log-redaction.server';
import { READ_ONLY_TEST_TOKEN, startGitRemote, TEST_TOKEN, type GitRemote } from '../helpers/start/git-remote';
import { closedPort } from '../helpers/start/ports';
import { startGithubApi, type GithubApi } from '../helpers/stand-ins/github-api';
import { ENGINES, useEngine } from '../helpers/suite/db-engines';

/**
 * The publishing connection's parts: the token sealed at rest (and what a
 * changed secret does), the expiry warning's window, GitHub's expiry header
 * and the repository's visibility (from the stand-in of its API,
 * test/helpers/stand-ins/github-api.ts), the check of a repository and token
 * against a real git remote, and the order resolvePublishConfig follows.
 */

const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'a-session-secret-of-enough-length-0123456789';

describe('the token at rest', () => {
  it('opens with the same secret, and not with another one or when tampered with', () => {
    const sealed = sealToken(TEST_TOKEN, SECRET);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(TEST_TOKEN);
    expect(sealToken(TEST_TOKEN, SECRET)).not.toBe(sealed);
    expect(openToken(sealed, SECRET)).toBe(TEST_TOKEN);
    expect(openToken(sealed, `${SECRET}x`)).toBeNull();
    const [version, iv, tag, body = ''] = sealed.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(openToken([version, iv, tag, flipped].join('.'), SECRET)).toBeNull();
    expect(openToken('not sealed', SECRET)).toBeNull();
  });
});

describe('the expiry warning', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it(`starts ${WARN_DAYS} days before, says how many days are left, and turns stronger once expired`, () => {
    expect(tokenExpiryWarning(null, now)).toBeNull();
    expect(tokenExpiryWarning('not a date', now)).toBeNull();
    expect(tokenExpiryWarning(at(WARN_DAYS * DAY + 60_000), now)).toBeNull();
    expect(tokenExpiryWarning(at(WARN_DAYS * DAY), now)).toMatchObject({ state: 'soon', daysLeft: WARN_DAYS });
    expect(tokenExpiryWarning(at(DAY / 2), now)).toMatchObject({ state: 'soon', daysLeft: 1 });
    expect(tokenExpiryWarning(at(0), now)).toMatchObject({ state: 'expired' });
    expect(tokenExpiryWarning(at(-3 * DAY), now)).toMatchObject({ state: 'expired' });
  });
});

describe('addresses', () => {
  it('takes what an owner may paste, and refuses what is not an https repository address', () => {
    expect(parseRepositoryAddress('https://github.com/you/portfolio')).toEqual({ ok: true, url: 'https://github.com/you/portfolio' });
    expect(parseRepositoryAddress(' github.com/you/portfolio/ ')).toEqual({ ok: true, url: 'https://github.com/you/portfolio' });
    expect(parseRepositoryAddress('git@github.com:you/portfolio.git')).toEqual({ ok: true, url: 'https://github.com/you/portfolio.git' });
    expect(parseRepositoryAddress(`https://x-access-token:${TEST_TOKEN}@github.com/you/portfolio`)).toEqual({
      ok: true,
      url: 'https://github.com/you/portfolio',
    });
    expect(parseRepositoryAddress('http://github.com/you/portfolio')).toEqual({
      ok: false,
      reason: expect.stringMatching(/must start with https:\/\//),
    });
    expect(parseRepositoryAddress('https://github.com/you')).toEqual({
      ok: false,
      reason: expect.stringMatching(/owner and the repository’s name/),
    });
    expect(parseRepositoryAddress('')).toMatchObject({ ok: false });
  });

  it('keeps Netlify’s REPOSITORY_URL without a token in it; none is null', () => {
    expect(buildRepositoryAddress('https://github.com/owner/site')).toBe('https://github.com/owner/site');
    expect(buildRepositoryAddress('https://x-access-token:v1.abc@github.com/owner/site')).toBe('https://github.com/owner/site');
    expect(buildRepositoryAddress(undefined)).toBeNull();
    expect(buildRepositoryAddress('ftp://example.com/x/y')).toBeNull();
  });

  it('log lines never carry a GitHub token', () => {
    expect(redactSecrets(`refused ${TEST_TOKEN} and ${READ_ONLY_TEST_TOKEN}`)).toBe('refused [token] and [token]');
  });
});

describe('what GitHub’s API says: the token’s expiry and whether the repository is public', () => {
  // GitHub cannot be reached from the test machine: GITHUB_API_URL points the site at this stand-in, which answers as GitHub does.
  let api: GithubApi;
  beforeAll(async () => {
    api = await startGithubApi({
      repositories: {
        'you/portfolio': { visibility: 'public' },
        'you/secret': { visibility: 'private' },
        'corp/internal': { visibility: 'internal' },
        'you/flaky': 'error',
      },
      expiration: '2027-11-20 09:30:00 UTC',
    });
  });
  afterAll(() => api.close());

  it('reads GitHub-Authentication-Token-Expiration for a github.com repository, and asks nothing for another host', async () => {
    const env = { GITHUB_API_URL: api.url };
    expect(await tokenExpiry('https://github.com/you/portfolio', TEST_TOKEN, env)).toBe('2027-11-20T09:30:00.000Z');
    expect(api.calls).toEqual([{ method: 'GET', path: '/repos/you/portfolio', authorization: `Bearer ${TEST_TOKEN}` }]);
    expect(await tokenExpiry('https://gitlab.com/you/portfolio', TEST_TOKEN, env)).toBeNull();
    expect(api.calls).toHaveLength(1);
    expect(
      await tokenExpiry('https://github.com/you/portfolio', TEST_TOKEN, { GITHUB_API_URL: `http://127.0.0.1:${await closedPort()}` }),
    ).toBeNull();
  });

  it('says public, private (internal counts as private) or nothing, in the same request', async () => {
    const facts = (repository: string) => githubFacts(repository, TEST_TOKEN, { env: { GITHUB_API_URL: api.url } });
    expect(await facts('https://github.com/you/portfolio')).toEqual({
      onGithub: true,
      owner: 'you',
      name: 'portfolio',
      visibility: 'public',
      expiresAt: '2027-11-20T09:30:00.000Z',
    });
    expect(await facts('https://github.com/you/secret.git')).toMatchObject({ name: 'secret', visibility: 'private' });
    expect(await facts('https://github.com/corp/internal')).toMatchObject({ visibility: 'private' });
    // GitHub could not say, or does not show the repository to this token: unknown, never "private".
    expect(await facts('https://github.com/you/flaky')).toMatchObject({ onGithub: true, visibility: null });
    expect(await facts('https://github.com/you/missing')).toMatchObject({ onGithub: true, visibility: null });
    expect(await facts('https://gitlab.com/you/portfolio')).toEqual({ onGithub: false });
  });

  it('a git remote of the tests counts as GitHub’s at the address GITHUB_SERVER_URL names, with an owner and a name', () => {
    expect(onGithub('http://127.0.0.1:4321/dana/portfolio.git', { GITHUB_SERVER_URL: 'http://127.0.0.1:4321' })).toEqual({
      owner: 'dana',
      name: 'portfolio',
    });
    expect(onGithub('http://127.0.0.1:4321/site.git', { GITHUB_SERVER_URL: 'http://127.0.0.1:4321' })).toBeNull();
    expect(onGithub('http://127.0.0.1:4321/dana/portfolio.git', {})).toBeNull();
    expect(onGithub('https://github.com/dana/portfolio/tree/main', {})).toBeNull();
    expect(visibilityOf({ private: true })).toBe('private');
    expect(visibilityOf({ private: false })).toBe('public');
    expect(visibilityOf({})).toBeNull();
    expect(visibilityOf('public')).toBeNull();
  });

  it.each([
    ['2026-12-01 00:00:00 UTC', '2026-12-01T00:00:00.000Z'],
    ['2026-12-01 02:00:00 +0200', '2026-12-01T00:00:00.000Z'],
    [null, null],
    ['soon', null],
  ])('parses the header as GitHub writes it: %s is %s', (header, expiry) => {
    expect(parseGithubExpiry(header)).toBe(expiry);
  });
});

describe('checking a repository and a token, against a real git remote', () => {
  let remote: GitRemote & { root: string };
  beforeAll(async () => {
    remote = await startGitRemote({ files: { 'content/site.yml': 'name: Test\n' }, readOnlyToken: READ_ONLY_TEST_TOKEN });
  }, 60_000);
  afterAll(() => remote?.close());

  it('says exactly what is wrong, and changes nothing in the repository', async () => {
    const head = remote.git('rev-parse', 'main');
    const check = (over: Partial<{ repository: string; branch: string; token: string }>, options?: { timeoutMs: number }) =>
      checkConnection({ repository: remote.url, branch: 'main', token: TEST_TOKEN, ...over }, options);
    expect(await check({})).toEqual({ ok: true, expiresAt: null, visibility: null });
    expect(await check({ token: 'ghp_wrong0123456789abcdefWRONG' })).toEqual({
      ok: false,
      reason: expect.stringMatching(/refused the token: it is wrong, or it has expired/),
    });
    expect(await check({ token: READ_ONLY_TEST_TOKEN })).toEqual({
      ok: false,
      reason: expect.stringMatching(/may read the repository but not make changes/),
    });
    expect(await check({ repository: remote.url.replace('site.git', 'elsewhere.git') })).toEqual({
      ok: false,
      reason: expect.stringMatching(/There is no repository at/),
    });
    expect(await check({ branch: 'content' })).toEqual({ ok: false, reason: expect.stringMatching(/no branch named “content”/) });
    expect(await check({ repository: `http://127.0.0.1:${await closedPort()}/site.git` })).toEqual({
      ok: false,
      reason: expect.stringMatching(/Could not reach 127\.0\.0\.1:\d+\. Check the address/),
    });
    expect(remote.git('rev-parse', 'main')).toBe(head);
    expect(remote.requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('a host that never answers is reported within the bound', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const result = await checkConnection(
        { repository: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/site.git`, branch: 'main', token: TEST_TOKEN },
        { timeoutMs: 500 },
      );
      expect(result).toEqual({ ok: false, reason: expect.stringMatching(/^127\.0\.0\.1:\d+ did not answer within 1 second\. Try again/) });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe.each(ENGINES)('where the editor publishes to, on %s', (_name, start) => {
  useEngine(start);
  const plainFolder = mkdtempSync(path.join(os.tmpdir(), 'publishing-connection-'));
  const saved = process.env.SESSION_SECRET;
  beforeAll(() => {
    process.env.SESSION_SECRET = SECRET;
  });
  afterAll(() => {
    rmSync(plainFolder, { recursive: true, force: true });
    if (saved === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = saved;
  });

  it('settings first, then the kept connection; a changed secret asks for the token again', async () => {
    const env = { NETLIFY: 'true' };
    expect(await getPublishingStatus(env, plainFolder)).toEqual({
      state: 'not-connected',
      repository: null,
      expiresAt: null,
      reason: null,
    });
    expect(await resolvePublishConfig(env, plainFolder)).toMatchObject({
      mode: 'read-only',
      fixHref: '/admin/publishing',
      reason: expect.stringMatching(/not connected yet/),
    });

    await saveConnection({
      repository: 'https://github.com/you/portfolio',
      branch: 'main',
      token: TEST_TOKEN,
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    expect(await resolvePublishConfig(env, plainFolder)).toMatchObject({
      mode: 'remote',
      url: 'https://github.com/you/portfolio',
      token: TEST_TOKEN,
      branch: 'main',
      source: 'owner-area',
    });
    const status = await getPublishingStatus(env, plainFolder);
    expect(status).toEqual({
      state: 'connected',
      repository: 'https://github.com/you/portfolio',
      expiresAt: '2030-01-01T00:00:00.000Z',
      reason: null,
    });
    expect(JSON.stringify(status)).not.toContain(TEST_TOKEN);

    const fromSettings = { ...env, CONTENT_GIT_URL: 'https://github.com/other/site', CONTENT_GIT_TOKEN: 'ghp_fromSettings0123456789' };
    expect(await resolvePublishConfig(fromSettings, plainFolder)).toMatchObject({ mode: 'remote', url: 'https://github.com/other/site' });
    expect(await getPublishingStatus(fromSettings, plainFolder)).toMatchObject({
      state: 'from-settings',
      repository: 'https://github.com/other/site',
    });

    process.env.SESSION_SECRET = `${SECRET}-changed`;
    try {
      expect(await getPublishingStatus(env, plainFolder)).toMatchObject({
        state: 'problem',
        reason: expect.stringMatching(/Paste the token again/),
      });
      expect(await resolvePublishConfig(env, plainFolder)).toMatchObject({
        mode: 'read-only',
        reason: expect.stringMatching(/Paste the token again/),
      });
    } finally {
      process.env.SESSION_SECRET = SECRET;
    }
  });
});
