// @module-tag slow
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDev, type DevServer } from '../helpers/start/dev';
import { waitForReady } from '../helpers/site/e2e';
import { FILES_SITE, writeFilesSite } from '../helpers/data/files-site';
import { git, makeBareRepository } from '../helpers/start/git-remote';
import { at } from '../helpers/must';
import { testDatabase, type TestDatabase } from '../helpers/start/test-database';
import { PRIVATE_ENV } from '../helpers/data/private';
import { closedPort } from '../helpers/start/ports';
import { waitFor } from '../helpers/wait';
import { signInPage } from '../helpers/site/owner-session';
import { useBrowser } from '../helpers/suite/browser-suite';

/**
 * The editing loop under `npm run dev`, on the tests' own site
 * (test/fixtures/files-site/) in a scratch copy that is a git checkout with
 * an upstream: publishing and deleting in the editor commit (and push)
 * without the server ever restarting, and the site shows the change; then
 * `npm run serve` still serves the production build that was there before
 * (dev built elsewhere), and answers 200.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'dev loop test password';
const EXTRA = 'content/case-studies/bus-stops.mdx';

let dev: DevServer;
let database: TestDatabase;
const chromium = useBrowser();
let upstream: string;
/** The production build as it was before npm run dev: file → sha256. */
let productionBuild: Map<string, string>;

async function hashes(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(
      path.relative(dir, file),
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  }
  return out;
}

async function productionFiles(dir: string): Promise<Map<string, string>> {
  const [server, assets] = await Promise.all([hashes(path.join(dir, 'build')), hashes(path.join(dir, 'public/build'))]);
  return new Map([
    ...[...server].map(([f, h]) => [`build/${f}`, h] as const),
    ...[...assets].map(([f, h]) => [`public/build/${f}`, h] as const),
  ]);
}

/** The copy: the tests' site instead of content/, the production build of this worktree, and a git checkout pushing to a bare upstream. */
async function prepare(dir: string) {
  await rm(path.join(dir, 'content'), { recursive: true, force: true });
  await writeFilesSite(dir);
  // A second case study to delete.
  const card = at(
    (await readFile(path.join(FILES_SITE, 'content/case-studies/trip-planner.mdx'), 'utf8')).split(/^---$/m),
    1,
    'front matter in trip-planner.mdx',
  );
  const soon = card
    .replace(/^title: .*$/m, 'title: Bus Stops')
    .replace(/^order: .*$/m, 'order: 2')
    .replace(/^status: published[\s\S]*$/m, 'status: coming-soon\n');
  await writeFile(path.join(dir, EXTRA), `---${soon}---\n`);
  for (const built of ['build', 'public/build']) await cp(path.join(ROOT, built), path.join(dir, built), { recursive: true });
  git(dir, ['init', '--quiet', '--initial-branch=main']);
  await writeFile(
    path.join(dir, '.gitignore'),
    'node_modules\n/build\n/public/build\n/public/generated\n/.generated\n/.cache\n/.netlify\n/public/editor-dev\n',
  );
  git(dir, ['add', '-A']);
  git(dir, ['commit', '--quiet', '-m', 'The site']);
  upstream = makeBareRepository(await mkdtemp(path.join(os.tmpdir(), 'dev-upstream-')), { cloneFrom: dir });
  git(dir, ['remote', 'add', 'origin', upstream]);
  git(dir, ['fetch', '--quiet', 'origin']);
  git(dir, ['branch', '--quiet', '--set-upstream-to=origin/main', 'main']);
  productionBuild = await productionFiles(dir);
}

beforeAll(async () => {
  database = await testDatabase();
  const url = database.url;
  dev = await startDev(
    {
      ...PRIVATE_ENV,
      ADMIN_PASSWORD: PASSWORD,
      NETLIFY_DB_URL: url,
      PORTFOLIO_DB: '',
      CONTENT_GIT_AUTHOR: 'Robin Example <robin@example.org>',
    },
    { prepare },
  );
  await waitFor(() => /Migrations: (applied|none pending)/.test(dev.output()), {
    timeoutMs: 60_000,
    what: () => `migrations:\n${dev.output()}`,
  });
}, 240_000);
afterAll(async () => {
  await dev?.stop();
  if (upstream) await rm(path.dirname(upstream), { recursive: true, force: true });
  await database?.drop();
});
beforeEach(({ onTestFailed }) => onTestFailed(() => console.log(`npm run dev output:\n${dev?.output()}`)));

const readyLines = () => dev.output().match(/Portfolio ready on/g)?.length ?? 0;
const head = () => git(dev.dir, ['rev-parse', 'HEAD']);

/** Asks the server for a page every 100 ms until stopped; every answer must come (no refused connection, no 5xx). */
function keepAsking() {
  const failures: string[] = [];
  let answers = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      try {
        const response = await fetch(`${dev.url}/`, { signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`${response.status} at ${new Date(started).toISOString()}`);
        answers++;
      } catch (error) {
        failures.push(`${(error as Error).cause ?? error} at ${new Date(started).toISOString()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { failures, answers };
    },
  };
}

async function signIn(): Promise<Page> {
  const page = await (await chromium.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInPage(page, dev.url, PASSWORD);
  return page;
}

describe('publishing under npm run dev', () => {
  it('publish and delete in the editor: each commit lands and is pushed, the site shows it, the server never restarts', async () => {
    expect(readyLines()).toBe(1);
    const before = head();
    const page = await signIn();
    const asking = keepAsking();

    // Publish: a field of the published case study.
    await page.goto(`${dev.url}/admin/content/case-studies/trip-planner.mdx`);
    await waitForReady(page);
    await page
      .locator('input[name="role"]')
      .waitFor({ timeout: 30_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${page.url()}\n${(await page.locator('body').innerText()).slice(0, 1500)}`);
      });
    await page.locator('input[name="role"]').fill('Principal designer');
    // The publish checks the content, commits, pushes and compiles it here: seconds on a busy machine.
    await page.getByRole('button', { name: 'Publish', exact: true }).click({ noWaitAfter: true, timeout: 120_000 });
    const saved = page.locator('[data-save-result]');
    await saved.waitFor({ timeout: 120_000 });
    expect(await saved.getAttribute('data-save-result'), await saved.innerText()).toBe('published');
    const published = await saved.getAttribute('data-commit');
    expect(head()).toBe(published);
    expect(git(dev.dir, ['rev-parse', `${published}^`])).toBe(before);
    expect(git(dev.dir, ['show', `${published}:content/case-studies/trip-planner.mdx`])).toMatch(/^role: Principal designer$/m);
    // The page it leads to, and the site, already show it: compiled in this process before the answer.
    const study = await (await fetch(`${dev.url}/case-study/trip-planner`)).text();
    expect(study).toContain('Principal designer');

    // Delete: confirmed in the list, right after the publish.
    await page.goto(`${dev.url}/admin/content`);
    await waitForReady(page);
    await page.getByRole('button', { name: 'Delete Bus Stops' }).click();
    await page.getByRole('button', { name: 'Delete case study' }).click({ noWaitAfter: true, timeout: 120_000 });
    await page.getByText('Deleted, with its images.').waitFor({ timeout: 120_000 });
    const deleted = head();
    expect(git(dev.dir, ['rev-parse', `${deleted}^`])).toBe(published);
    expect(git(dev.dir, ['ls-tree', '--name-only', deleted, '--', EXTRA])).toBe('');
    await expect
      .poll(async () => (await fetch(`${dev.url}/`)).text().then((html) => html.includes('Bus Stops')), { timeout: 30_000 })
      .toBe(false);

    // Pushed to the upstream, and nothing of it lost.
    expect(git(upstream, ['--git-dir', upstream, 'rev-parse', 'main'])).toBe(deleted);

    // A few more seconds of asking: a restart would show as refused connections, and as a second "ready".
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const { failures, answers } = await asking.stop();
    expect(failures).toEqual([]);
    expect(answers).toBeGreaterThan(10);
    expect(readyLines()).toBe(1);
    expect(dev.output()).toMatch(/Content compiled again \(\d+ ms\); the server kept running\./);
    expect(dev.output()).not.toMatch(/rebuilding|app server ready/);
    await page.context().close();
  }, 360_000);

  it('a file edited by hand shows on the open page without a restart', async () => {
    const page = await (await chromium.browser.newContext()).newPage();
    await page.goto(`${dev.url}/case-study/trip-planner`);
    const file = path.join(dev.dir, 'content/case-studies/trip-planner.mdx');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('Riders missed their connections.', 'Riders kept missing their trains.'));
    // Nobody reloads the page: the content's compile tells it to.
    await page.getByText('Riders kept missing their trains.').waitFor({ timeout: 60_000 });
    expect(readyLines()).toBe(1);
    await page.context().close();
  }, 120_000);
});

describe('npm run serve after npm run dev', () => {
  it('serves the production build that was there, untouched: 200, not a development build', async () => {
    expect(await productionFiles(dev.dir)).toEqual(productionBuild);
    // Dev built into a folder of its own.
    expect((await readdir(path.join(dev.dir, '.cache/dev-build/build'))).includes('index.js')).toBe(true);
    const dir = dev.dir;
    const port = String(await closedPort());
    const { NODE_ENV: _ignored, ...inherited } = process.env;
    // The dev session ends; its copy stays for npm run serve (afterAll removes it).
    await dev.stop({ keepCopy: true });
    const serve = spawn('npm', ['run', 'serve'], {
      cwd: dir,
      env: { ...inherited, PORT: port, PORTFOLIO_DB: 'off', SESSION_SECRET: PRIVATE_ENV.SESSION_SECRET } as unknown as NodeJS.ProcessEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    serve.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    serve.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    try {
      await waitFor(() => /Portfolio ready on/.test(output), { timeoutMs: 60_000, what: () => `npm run serve to start:\n${output}` });
      for (const route of ['/', '/case-study/trip-planner', '/resume']) {
        const response = await fetch(`http://127.0.0.1:${port}${route}`);
        const html = await response.text();
        expect(response.status, `${route}\n${output}`).toBe(200);
        expect(html).not.toContain('jsxDEV');
      }
      const home = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      // The islands' boot module, named by the inline script that adds it at load (app/islands/boot-loader.ts).
      const script =
        /<script[^>]+(?:src|data-islands-boot)="(\/build\/[^"]+\.js)"/.exec(home)?.[1] ?? /href="(\/build\/[^"]+\.js)"/.exec(home)?.[1];
      expect(script, 'a script of the production build').toBeDefined();
      expect(productionBuild.has(`public${script}`), script).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}${script}`)).status).toBe(200);
      expect(output).not.toMatch(/jsxDEV|Internal Server Error/);
    } finally {
      if (serve.pid && serve.exitCode === null) {
        const exited = new Promise((resolve) => serve.once('exit', resolve));
        process.kill(-serve.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      }
    }
  }, 180_000);
});
