import { spawn } from 'node:child_process';

/**
 * The system `git`, run without a shell (arguments are never parsed as
 * shell text), for local mode: it is the developer's own git, with their
 * own credentials for the push.
 */

export class GitCommandError extends Error {
  constructor(
    readonly args: string[],
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(
      `git ${args[0]} failed${exitCode === null ? ' (timed out)' : ` (exit ${exitCode})`}: ${stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500)}`,
    );
    this.name = 'GitCommandError';
  }
}

export type GitRun = { stdout: Buffer; exitCode: number };

export function runGit(
  cwd: string,
  args: string[],
  {
    input,
    env,
    timeoutMs = 20_000,
    allowExit = [],
  }: { input?: Buffer | string; env?: Record<string, string>; timeoutMs?: number; allowExit?: number[] } = {},
): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      // No prompt for a password on a terminal nobody watches: a push without credentials fails instead of hanging.
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '', SSH_ASKPASS: '', LC_ALL: 'C', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString('utf8');
      if (timedOut) return reject(new GitCommandError(args, null, stderr));
      if (code === 0 || allowExit.includes(code ?? -1)) return resolve({ stdout: Buffer.concat(out), exitCode: code ?? -1 });
      reject(new GitCommandError(args, code, stderr));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

export async function gitText(cwd: string, args: string[], options?: Parameters<typeof runGit>[2]): Promise<string> {
  return (await runGit(cwd, args, options)).stdout.toString('utf8').trim();
}

/** `git ls-tree -z` / `git ls-files -s -z` lines: mode, type or stage, oid, path. */
export function parseEntries(output: Buffer, kind: 'tree' | 'index'): Map<string, { mode: string; oid: string; type?: string }> {
  const entries = new Map<string, { mode: string; oid: string; type?: string }>();
  for (const record of output.toString('utf8').split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode = '', second = '', third = ''] = record.slice(0, tab).split(' ');
    const filePath = record.slice(tab + 1);
    if (kind === 'tree') entries.set(filePath, { mode, type: second, oid: third });
    else entries.set(filePath, { mode, oid: second });
  }
  return entries;
}
