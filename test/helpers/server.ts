import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export type RunningServer = { url: string; output: () => string; stop: () => Promise<void>; process: ChildProcess };

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the built production server (build/server/serve.mjs) on a free port,
 * with the given extra environment, and resolves once it listens.
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['build/server/serve.mjs'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/ready on (http:\/\/localhost:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
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
