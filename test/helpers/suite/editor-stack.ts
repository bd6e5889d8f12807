import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { fingerprintsOf } from '~/editing/setup/sample-leftovers.server';
import { readContentSnapshot } from '../../../scripts/content-snapshot';
import { type TrackedPage } from '../start/browser';
import type { BrowserSuite } from './browser-suite';
import { CONTENT_DIR, contentFilesOf, ROOT } from '../data/content';
import { seedFilesUnder, startGitRemote, type GitRemote, type SeedFiles } from '../start/git-remote';
import { startOwnerStack, type OwnerStack } from './owner-stack';
import { signInPage } from '../site/owner-session';

/**
 * The editor as the designer meets it on Netlify: the built server in remote
 * mode, publishing over smart HTTP to a bare repository behind
 * git-http-backend (Basic auth, the token as password), seeded with the
 * content under test as content/ and this checkout's committed public/; the owner's area on
 * a PostgreSQL of its own.
 */

/**
 * What a clone of the site's repository holds under content/ and public/:
 * the content under test (the sample fixture by default, never the
 * designer's own content/, test/helpers/data/content.ts) and the tracked files of
 * public/; with `fixtures`, the fixture case studies too
 * (test/fixtures/case-studies/ → content/case-studies/), so the editor opens
 * them like the designer's own.
 */
export function committedSiteFiles({ fixtures = false }: { fixtures?: boolean } = {}): SeedFiles {
  const files: SeedFiles = { ...contentFilesOf(CONTENT_DIR) };
  if (fixtures) {
    for (const [file, bytes] of Object.entries(contentFilesOf(path.join(ROOT, 'test/fixtures/case-studies'))))
      files[file.replace(/^content\//, 'content/case-studies/')] = bytes;
  }
  for (const file of execFileSync('git', ['ls-files', '-z', 'public'], { cwd: ROOT }).toString().split('\0').filter(Boolean)) {
    files[file] = readFileSync(path.join(ROOT, file));
  }
  return files;
}

export type EditorStack = OwnerStack & { remote: GitRemote & { root: string }; password: string };

export async function startEditorStack({
  password,
  token,
  env = {},
  fixtures = false,
}: {
  password: string;
  token?: string;
  env?: Record<string, string>;
  fixtures?: boolean;
}): Promise<EditorStack> {
  return startEditorStackOn(committedSiteFiles({ fixtures }), { password, token, env });
}

/**
 * The editor against a real git remote holding `files`: the built server in
 * remote mode, committing as `author`, the owner's area on a PostgreSQL of its own.
 */
export async function startEditorStackOn(
  files: SeedFiles,
  {
    password,
    token,
    author = 'Dana Designer <dana@example.com>',
    env = {},
  }: { password: string; token?: string; author?: string; env?: Record<string, string> },
): Promise<EditorStack> {
  const remote = await startGitRemote({ files });
  const owner = await startOwnerStack(password, {
    CONTENT_GIT_URL: remote.url,
    CONTENT_GIT_TOKEN: token ?? remote.token,
    CONTENT_GIT_BRANCH: 'main',
    CONTENT_GIT_AUTHOR: author,
    ...env,
  });
  return withRemote(owner, remote, password);
}

/** An owner's stack and the remote it publishes to, stopped together. */
export function withRemote(owner: OwnerStack, remote: GitRemote & { root: string }, password: string): EditorStack {
  return {
    ...owner,
    remote,
    password,
    async stop() {
      await owner.stop();
      await remote.close();
    },
  };
}

/**
 * The editor on a remote holding a fixture designer's content/ and public/,
 * the server comparing with her fingerprints (written into `scratch`), so
 * nothing depends on the words of content/.
 */
export async function startFixtureDesignerStack(
  fixture: string,
  scratch: string,
  password: string,
  env: Record<string, string> = {},
): Promise<EditorStack> {
  const printsFile = path.join(scratch, 'fingerprints.json');
  writeFileSync(printsFile, JSON.stringify(fingerprintsOf(await readContentSnapshot(fixture))));
  const files = {
    ...seedFilesUnder(path.join(fixture, 'content'), 'content/'),
    ...seedFilesUnder(path.join(fixture, 'public'), 'public/'),
  };
  return startEditorStackOn(files, { password, env: { SAMPLE_FINGERPRINTS_FILE: printsFile, ...env } });
}

/**
 * How a signed-in page is opened: a width (1280 unless told), light or dark,
 * with or without JavaScript; `at`, a path it opens once signed in (the
 * overview, '/admin', is where the sign-in form lands her).
 */
export type SignedInOptions = { javaScriptEnabled?: boolean; width?: number; dark?: boolean; at?: string };

function signedInContext({ javaScriptEnabled = true, width = 1280, dark = false }: SignedInOptions): BrowserContextOptions {
  return { javaScriptEnabled, viewport: { width, height: 900 }, colorScheme: dark ? 'dark' : 'light' };
}

/** A signed-in page (see SignedInOptions) of a test file's browser (useBrowser), which closes it after the file's tests. */
export async function signedInPageOf(chromium: BrowserSuite, stack: EditorStack, options: SignedInOptions = {}): Promise<TrackedPage> {
  const tracked = await chromium.open(signedInContext(options));
  await signInPage(tracked.page, stack.server.url, stack.password);
  if (options.at) await tracked.page.goto(`${stack.server.url}${options.at}`);
  return tracked;
}
