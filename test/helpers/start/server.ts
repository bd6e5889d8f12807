import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../data/content';

export type RunningServer = { url: string; output: () => string; stop: () => Promise<void>; process: ChildProcess };

/**
 * What a server gets unless the test says otherwise: no database (the limits
 * count in memory; a test that wants one passes NETLIFY_DB_URL or
 * PORTFOLIO_DB_DIR), and its own scratch folder for its local secrets and
 * live store, never the developer's .netlify/.
 */
function isolatedEnv(env: Record<string, string | undefined>, scratch: string): Record<string, string | undefined> {
  const wantsDatabase = Boolean(env.NETLIFY_DB_URL || env.PORTFOLIO_DB_DIR);
  return {
    NETLIFY_DB_URL: undefined,
    NETLIFY_DB_EMBEDDED: undefined,
    PORTFOLIO_DB: wantsDatabase ? undefined : 'off',
    PORTFOLIO_SECRETS_FILE: path.join(scratch, 'local-secrets.json'),
    // Its own live store: a publish in one test's server never shows in another's (two servers share one by passing the same).
    LIVE_CONTENT_DIR: path.join(scratch, 'live-content'),
    NETLIFY_BLOBS_CONTEXT: undefined,
    LIVE_STORE: undefined,
    NETLIFY_PURGE_API_TOKEN: undefined,
    ...env,
  };
}

/**
 * Starts the built production server (build/server/serve.mjs) on a free port,
 * with the given extra environment, and resolves once it listens.
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'portfolio-server-'));
  const child = spawn(process.execPath, ['build/server/serve.mjs'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', ...isolatedEnv(env, scratch) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
  return whenReady(child);
}

/**
 * Resolves once a spawned built server says it listens ("ready on …"), with
 * its address, its output so far and a stop that waits for it to exit.
 */
export async function whenReady(child: ChildProcess): Promise<RunningServer> {
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A bound, not a pace: loading the server build takes ~1 s idle and over 20 s on a saturated 2-core machine.
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const address = output.match(/ready on (http:\/\/localhost:\d+)/)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
