import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT, SAMPLE_SITE_DIR } from '../data/content';
import { closedPort } from './ports';
import { group } from '../must';
import { waitFor } from '../wait';

/**
 * `npm run dev` in a scratch copy of the project: remix dev writes build/ and
 * public/build/, which the production-server tests running next to it must
 * not see change under them. The copy's content/ is the sample designer's
 * (test/fixtures/site), never the designer's own.
 */

const SKIP = new Set(['node_modules', '.git', 'build', '.outbox', '.cache', '.netlify', 'test-results', 'screenshots']);

export type DevServer = {
  /** The scratch copy of the project. */
  dir: string;
  /** The app server's address (127.0.0.1). */
  url: string;
  /** Everything npm run dev printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the match once the output matches, at most `timeoutMs` later. */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** Ends the whole process group (npm → tsx → remix dev → the app server) and removes the copy (unless `keepCopy`). */
  stop: (options?: { keepCopy?: boolean }) => Promise<void>;
};

/** `prepare`: runs on the copy before `npm run dev` starts (e.g. lays out fixture content, makes it a git checkout). */
export async function startDev(
  env: Record<string, string> = {},
  { prepare }: { prepare?: (dir: string) => Promise<void> } = {},
): Promise<DevServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-dev-'));
  await cp(ROOT, dir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(ROOT, source);
      return !SKIP.has(relative.split(path.sep)[0] ?? '') && relative !== path.join('public', 'build') && relative !== 'content';
    },
  });
  await cp(SAMPLE_SITE_DIR, path.join(dir, 'content'), { recursive: true });
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  await prepare?.(dir);

  // vitest sets NODE_ENV=test; dev must run as it would for a person.
  const { NODE_ENV: _vitestNodeEnv, ...inherited } = process.env;
  // A fixed port: remix dev restarts the app server after each edit, and the page must find it again.
  const port = String(await closedPort());
  // No database unless asked for (the embedded engine takes seconds of CPU to start); secrets stay in the copy.
  const childEnv: Record<string, string | undefined> = {
    ...inherited,
    PORT: port,
    // Its own reload socket too: two dev servers starting at once must not both take 3001.
    REMIX_DEV_SOCKET_PORT: String(await closedPort()),
    SMTP_URL: '',
    CONTACT_FUNCTION_SECRET: '',
    CONTACT_OUTBOX_DIR: '',
    NETLIFY_DB_URL: undefined,
    NETLIFY_DB_EMBEDDED: undefined,
    PORTFOLIO_DB: 'off',
    PORTFOLIO_SECRETS_FILE: undefined,
    ...env,
  };
  const child: ChildProcess = spawn('npm', ['run', 'dev'], {
    cwd: dir,
    env: childEnv as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async ({ keepCopy = false }: { keepCopy?: boolean } = {}) => {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // End the whole group this helper started.
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    if (!keepCopy) await rm(dir, { recursive: true, force: true });
  };

  const waitForOutput = (pattern: RegExp, timeoutMs = 60_000) =>
    waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}:\n${output}`);
        return pattern.exec(output) ?? undefined;
      },
      { timeoutMs, what: () => `npm run dev to print ${pattern}:\n${output}` },
    );

  try {
    const ready = await waitForOutput(/ready on (http:\/\/localhost:\d+)/, 120_000);
    return {
      dir,
      url: group(ready, 'the address npm run dev serves on').replace('localhost', '127.0.0.1'),
      output: () => output,
      waitForOutput,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
