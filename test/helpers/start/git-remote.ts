import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A real git remote for the publishing tests: a bare repository served by
 * `git http-backend` (git's own smart-HTTP CGI) behind a small Node HTTP
 * server on 127.0.0.1, with HTTP Basic auth as GitHub takes a token
 * (username x-access-token, the token as password). No mock of git: what
 * lands here is what a real host would have received.
 */

export const GIT_HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';
export const TEST_TOKEN = 'ghp_testTOKEN0123456789abcdefSECRET';
/** A token that may read but not push, when a remote is started with it (readOnlyToken). */
export const READ_ONLY_TEST_TOKEN = 'github_pat_readONLYtoken0123456789abcdefSECRET';

export type GitRequestInfo = { method: string; path: string; service: string | null; gzip: boolean };

export type GitRemote = {
  /** http://127.0.0.1:<port>/site.git (or the repositoryPath it was started with) */
  url: string;
  /** The bare repository on disk, for `git --git-dir`. */
  bareDir: string;
  token: string;
  /** A second token that may fetch but not push (GitHub's 403 at git-receive-pack); null unless asked for. */
  readOnlyToken: string | null;
  /** Runs git against the bare repository and returns its trimmed stdout. */
  git(...args: string[]): string;
  /** Every request the server answered (method, path, service), in order. */
  requests: GitRequestInfo[];
  /** Called before each request reaches git; a test uses it to move the branch mid-publish. */
  beforeRequest: ((info: GitRequestInfo) => void | Promise<void>) | null;
  /** Called after git has answered, before the answer is sent: a test holds it to lose an answer git already acted on. */
  beforeResponse: ((info: GitRequestInfo) => void | Promise<void>) | null;
  close(): Promise<void>;
};

export type SeedFiles = Record<string, string | Buffer>;

/** Author of the seed commit and of test commits made "by someone else". */
export const OTHER_AUTHOR = {
  GIT_AUTHOR_NAME: 'Other Dev',
  GIT_AUTHOR_EMAIL: 'other@example.com',
  GIT_COMMITTER_NAME: 'Other Dev',
  GIT_COMMITTER_EMAIL: 'other@example.com',
};

export function git(cwd: string, args: string[], input?: string | Buffer, env: Record<string, string> = {}): string {
  return execFileSync('git', args, {
    cwd,
    input,
    env: { ...process.env, ...OTHER_AUTHOR, GIT_TERMINAL_PROMPT: '0', ...env },
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString('utf8')
    .trim();
}

/** git without blocking: needed whenever git talks to the server in this same process (execFileSync would deadlock it). */
export function gitAsync(cwd: string, args: string[], timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, timeout: timeoutMs, env: { ...process.env, ...OTHER_AUTHOR, GIT_TERMINAL_PROMPT: '0' } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`git ${args[0]} failed: ${stderr}`));
        else resolve(stdout.trim());
      },
    );
  });
}

/**
 * A bare repository whose `main` holds `files` in one commit; or, with
 * `cloneFrom`, a bare clone of that repository. At `root`/site.git, or at
 * `root`/`repositoryPath` (e.g. `dana/portfolio.git`, an owner and a name as
 * on GitHub).
 */
export function makeBareRepository(
  root: string,
  { files = {}, cloneFrom, repositoryPath = 'site.git' }: { files?: SeedFiles; cloneFrom?: string; repositoryPath?: string } = {},
): string {
  const bareDir = path.join(root, repositoryPath);
  mkdirSync(path.dirname(bareDir), { recursive: true });
  if (cloneFrom) {
    git(root, ['clone', '--quiet', '--bare', cloneFrom, bareDir]);
    return bareDir;
  }
  git(root, ['init', '--quiet', '--bare', '--initial-branch=main', bareDir]);
  const work = path.join(root, 'seed');
  git(root, ['init', '--quiet', '--initial-branch=main', work]);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    writeFileSync(path.join(work, file), content);
  }
  git(work, ['add', '-A']);
  git(work, ['commit', '--quiet', '-m', 'Seed']);
  git(work, ['push', '--quiet', bareDir, 'main']);
  rmSync(work, { recursive: true, force: true });
  return bareDir;
}

export async function startGitRemote(
  options: { files?: SeedFiles; cloneFrom?: string; token?: string; readOnlyToken?: string; repositoryPath?: string } = {},
): Promise<GitRemote & { root: string }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'git-remote-'));
  const bareDir = makeBareRepository(root, options);
  const token = options.token ?? TEST_TOKEN;
  const basic = (value: string) => `Basic ${Buffer.from(`x-access-token:${value}`).toString('base64')}`;
  const expected = basic(token);
  const readOnly = options.readOnlyToken ? basic(options.readOnlyToken) : null;
  const requests: GitRequestInfo[] = [];
  const live = new Set<ReturnType<typeof spawn>>();

  const remote = {
    url: '',
    bareDir,
    token,
    readOnlyToken: options.readOnlyToken ?? null,
    root,
    requests,
    beforeRequest: null as GitRemote['beforeRequest'],
    beforeResponse: null as GitRemote['beforeResponse'],
    git: (...args: string[]) => git(root, ['--git-dir', bareDir, ...args]),
    close: async () => undefined,
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const info: GitRequestInfo = {
        method: req.method ?? 'GET',
        path: url.pathname,
        service: url.searchParams.get('service'),
        gzip: req.headers['content-encoding'] === 'gzip',
      };
      requests.push(info);
      // As GitHub answers a token without write access: it may fetch, and gets 403 at the first step of a push.
      if (readOnly !== null && req.headers.authorization === readOnly) {
        if (info.service === 'git-receive-pack' || info.path.endsWith('/git-receive-pack')) {
          req.resume();
          res.writeHead(403, { 'Content-Type': 'text/plain' }).end('Permission to site.git denied to x-access-token.\n');
          return;
        }
      } else if (req.headers.authorization !== expected) {
        req.resume();
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"', 'Content-Type': 'text/plain' }).end('Unauthorized\n');
        return;
      }
      await remote.beforeRequest?.(info);
      const body = req.headers['content-encoding'] === 'gzip' ? req.pipe(zlib.createGunzip()) : req;
      // A CGI gets only what the spec gives it (and PATH), not this process's environment.
      const cgi = spawn(GIT_HTTP_BACKEND, [], {
        env: {
          PATH: process.env.PATH,
          GIT_PROJECT_ROOT: root,
          GIT_HTTP_EXPORT_ALL: '1',
          REMOTE_USER: 'x-access-token',
          REMOTE_ADDR: '127.0.0.1',
          PATH_INFO: decodeURIComponent(url.pathname),
          QUERY_STRING: url.search.slice(1),
          REQUEST_METHOD: req.method ?? 'GET',
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          // The body is decompressed here, so its length is unknown: http-backend then reads to the end.
          ...(req.headers['content-encoding'] !== 'gzip' && req.headers['content-length']
            ? { CONTENT_LENGTH: req.headers['content-length'] }
            : {}),
          ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
        } as unknown as NodeJS.ProcessEnv,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      live.add(cgi);
      cgi.on('close', () => live.delete(cgi));
      body.pipe(cgi.stdin);
      cgi.stdin.on('error', () => undefined);
      // A client that gives up mid-body must not leave git waiting for the rest of it.
      req.on('close', () => {
        if (!req.complete) cgi.kill('SIGKILL');
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      cgi.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      cgi.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      const exited = new Promise<number | null>((resolve) => cgi.on('close', resolve));
      void exited.then(async (code) => {
        await remote.beforeResponse?.(info);
        if (res.destroyed) return;
        const output = Buffer.concat(out);
        const end = findHeaderEnd(output);
        if (end === null) {
          res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`git http-backend failed (${code}): ${Buffer.concat(err)}`);
          return;
        }
        const headers: Record<string, string> = {};
        let status = 200;
        for (const line of output.subarray(0, end.at).toString('latin1').split(/\r?\n/)) {
          const colon = line.indexOf(':');
          if (colon < 1) continue;
          const name = line.slice(0, colon).trim();
          const value = line.slice(colon + 1).trim();
          if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200;
          else headers[name] = value;
        }
        res.writeHead(status, headers).end(output.subarray(end.at + end.length));
      });
    })().catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500).end(String(error.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  remote.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${options.repositoryPath ?? 'site.git'}`;
  remote.close = async () => {
    for (const cgi of live) cgi.kill('SIGKILL');
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  };
  return remote;
}

/** The blank line after the CGI headers: CRLF CRLF, or LF LF. */
function findHeaderEnd(output: Buffer): { at: number; length: number } | null {
  const crlf = output.indexOf('\r\n\r\n');
  const lf = output.indexOf('\n\n');
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { at: crlf, length: 4 };
  if (lf !== -1) return { at: lf, length: 2 };
  return null;
}

/** The settings that put the editor in remote mode: publishing to `remote`'s `branch` with its token, committing as `author`. */
export function remoteModeEnv(remote: GitRemote, author: string, branch = 'main'): Record<string, string> {
  return { CONTENT_GIT_URL: remote.url, CONTENT_GIT_TOKEN: remote.token, CONTENT_GIT_BRANCH: branch, CONTENT_GIT_AUTHOR: author };
}

/** A commit on the remote's main by someone else (as a push from another machine would make), writing `files` and deleting `deleted`. */
export function commitOnRemote(remote: GitRemote, files: SeedFiles, message = 'Change from elsewhere', deleted: string[] = []): string {
  const work = mkdtempSync(path.join(os.tmpdir(), 'git-elsewhere-'));
  try {
    git(work, ['clone', '--quiet', remote.bareDir, '.']);
    return commitAndPush(work, files, message, deleted);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** In the clone at `work`: writes `files`, deletes `deleted`, commits everything and pushes main to origin; returns the commit. */
export function commitAndPush(work: string, files: SeedFiles, message: string, deleted: string[] = []): string {
  for (const file of deleted) git(work, ['rm', '--quiet', file]);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    writeFileSync(path.join(work, file), content);
  }
  git(work, ['add', '-A']);
  git(work, ['commit', '--quiet', '-m', message]);
  git(work, ['push', '--quiet', 'origin', 'main']);
  return git(work, ['rev-parse', 'HEAD']);
}

/** Every file under `dir`, keyed by `prefix` + its path below `dir`: a fixture folder as a remote's seed. */
export function seedFilesUnder(dir: string, prefix: string): SeedFiles {
  const files: SeedFiles = {};
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) Object.assign(files, seedFilesUnder(full, `${prefix}${entry}/`));
    else files[`${prefix}${entry}`] = readFileSync(full);
  }
  return files;
}

/** The file on the remote's main. */
export function remoteFile(remote: GitRemote, file: string, ref = 'main'): string {
  return execFileSync('git', ['--git-dir', remote.bareDir, 'show', `${ref}:${file}`]).toString('utf8');
}

/** The paths a commit changed, sorted. */
export function changedPaths(remote: GitRemote, commit: string): string[] {
  return execFileSync('git', ['--git-dir', remote.bareDir, 'diff-tree', '--no-commit-id', '--name-only', '-r', commit])
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .sort();
}

export function remoteHead(remote: GitRemote): string {
  return remote.git('rev-parse', 'main').trim();
}
