import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContentPath } from '~/editing/documents/content-path.server';
import { DEFAULT_AUTHOR, publishConfig } from '~/editing/git/publish-config.server';
import { blobIdOf, openFile, publish } from '~/editing/git/publish.server';
import { CONTENT_DIR } from '../helpers/data/content';
import { git } from '../helpers/start/git-remote';

let checkout: string;
let plainFolder: string;

beforeAll(() => {
  checkout = mkdtempSync(path.join(os.tmpdir(), 'publish-config-'));
  git(checkout, ['init', '--quiet']);
  mkdirSync(path.join(checkout, 'content'));
  plainFolder = mkdtempSync(path.join(os.tmpdir(), 'publish-config-plain-'));
});
afterAll(() => {
  rmSync(checkout, { recursive: true, force: true });
  rmSync(plainFolder, { recursive: true, force: true });
});

const TOKEN = 'ghp_configTOKENsecret';

describe('publishConfig: which mode, from the environment', () => {
  it('is remote with a URL and a token, on main by default, with the default author', () => {
    const config = publishConfig({ CONTENT_GIT_URL: 'https://github.com/owner/site.git', CONTENT_GIT_TOKEN: TOKEN }, plainFolder);
    expect(config).toMatchObject({
      mode: 'remote',
      url: 'https://github.com/owner/site.git',
      token: TOKEN,
      branch: 'main',
      author: DEFAULT_AUTHOR,
    });
  });

  it('takes the branch and the author', () => {
    const config = publishConfig(
      {
        CONTENT_GIT_URL: 'https://gitlab.com/o/s.git',
        CONTENT_GIT_TOKEN: TOKEN,
        CONTENT_GIT_BRANCH: 'content',
        CONTENT_GIT_AUTHOR: ' Camila Navarro <camila@example.com> ',
      },
      plainFolder,
    );
    expect(config).toMatchObject({ mode: 'remote', branch: 'content', author: { name: 'Camila Navarro', email: 'camila@example.com' } });
  });

  it('is local in a git checkout with content/ and no URL, and read-only on Netlify without one', () => {
    expect(publishConfig({}, checkout)).toMatchObject({ mode: 'local', root: checkout });
    const onNetlify = publishConfig({ NETLIFY: 'true' }, checkout);
    expect(onNetlify.mode).toBe('read-only');
    expect((onNetlify as { reason: string }).reason).toMatch(
      /CONTENT_GIT_URL.*CONTENT_GIT_TOKEN.*CONTENT_GIT_BRANCH is optional \(default main\)/,
    );
    expect(publishConfig({}, plainFolder).mode).toBe('read-only');
  });

  it.each([
    [{ CONTENT_GIT_URL: 'https://github.com/o/s.git' }, /CONTENT_GIT_TOKEN is not/],
    [{ CONTENT_GIT_TOKEN: TOKEN }, /CONTENT_GIT_URL is not/],
    [{ CONTENT_GIT_URL: 'not a url', CONTENT_GIT_TOKEN: TOKEN }, /is not a URL/],
    [{ CONTENT_GIT_URL: 'http://github.com/o/s.git', CONTENT_GIT_TOKEN: TOKEN }, /must be an https:\/\/ address/],
    [
      { CONTENT_GIT_URL: `https://x-access-token:${TOKEN}@github.com/o/s.git`, CONTENT_GIT_TOKEN: TOKEN },
      /must not contain a user name or password/,
    ],
    [{ CONTENT_GIT_URL: 'https://github.com/o/s.git', CONTENT_GIT_TOKEN: TOKEN, CONTENT_GIT_BRANCH: '../main' }, /not a valid branch name/],
    [
      { CONTENT_GIT_URL: 'https://github.com/o/s.git', CONTENT_GIT_TOKEN: TOKEN, CONTENT_GIT_AUTHOR: 'camila@example.com' },
      /must read "Name <email>"/,
    ],
    [{ CONTENT_GIT_AUTHOR: 'Camila <not-an-email>' }, /must read "Name <email>"/],
  ])('a bad setting is read-only with a message, never a crash nor the token: %j', (env, message) => {
    const config = publishConfig(env, checkout);
    expect(config.mode).toBe('read-only');
    expect((config as { reason: string }).reason).toMatch(message);
    expect((config as { reason: string }).reason).not.toContain(TOKEN);
  });

  it('read-only refuses to publish or open, saying what to set', async () => {
    const config = publishConfig({ NETLIFY: 'true' }, checkout);
    expect(await publish({ files: [{ path: 'content/site.yml', content: 'x', baseBlobId: null }], message: 'Edit' }, config)).toMatchObject(
      {
        status: 'failed',
        reason: expect.stringMatching(/CONTENT_GIT_URL/),
      },
    );
    await expect(openFile('content/site.yml', config)).rejects.toThrow(/CONTENT_GIT_URL/);
  });
});

describe('content paths and requests', () => {
  it.each(['content/site.yml', 'content/case-studies/office-depot.mdx', 'content/case-studies/office-depot/hero-2.png'])(
    'accepts %s',
    (ok) => {
      expect(checkContentPath(ok)).toBe(ok);
    },
  );

  it('accepts every file of the content under test', () => {
    const files = readdirSync(CONTENT_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `content/${path.relative(CONTENT_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(checkContentPath(file)).toBe(file);
  });

  it.each([
    '',
    'content',
    'content/',
    'site.yml',
    '/content/site.yml',
    'content/../package.json',
    'content/./site.yml',
    'content//site.yml',
    'content\\site.yml',
    'Content/site.yml',
    'content/Site.yml',
    'content/.git/config',
    'content/.gitattributes',
    'content/site.yml\0.png',
    'content/script.js',
    'content/%2e%2e/package.json',
    'content/site.yml ',
  ])('refuses %j', (bad) => {
    expect(() => checkContentPath(bad)).toThrow(/cannot be edited/);
  });

  it('refuses a request that is not one clear change set', async () => {
    const config = publishConfig({ CONTENT_GIT_URL: 'https://github.com/o/s.git', CONTENT_GIT_TOKEN: TOKEN }, plainFolder);
    const file = { path: 'content/site.yml', content: 'x', baseBlobId: null };
    const cases: [Parameters<typeof publish>[0], RegExp][] = [
      [{ files: [], message: 'Edit' }, /Nothing to publish/],
      [{ files: [file], message: '  ' }, /has no description/],
      [{ files: [file, file], message: 'Edit' }, /appears twice/],
      [{ files: [{ ...file, baseBlobId: 'abc' }], message: 'Edit' }, /which version it was opened from/],
      [
        { files: [file, { path: 'content/site.yml/x.yml', content: 'y', baseBlobId: null }], message: 'Edit' },
        /cannot be edited|name of a folder/,
      ],
    ];
    for (const [request, reason] of cases)
      expect(await publish(request, config)).toEqual({ status: 'invalid', reason: expect.stringMatching(reason) });
  });

  it('computes git blob ids', () => {
    // `printf 'hello\n' | git hash-object --stdin`
    expect(blobIdOf(Buffer.from('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });
});
