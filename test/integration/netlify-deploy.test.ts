import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nodeFileTrace } from '@vercel/nft';
import { build as esbuild } from 'esbuild';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID } from '../helpers/contact-cases';
import { startServer, type RunningServer } from '../helpers/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

/**
 * The deploy artefact, not the local server: the built Netlify function
 * (.netlify/functions-internal/server.mjs) is packaged the way Netlify does it
 * (its files traced with @vercel/nft, the engine Netlify's bundler uses for
 * Functions v2, plus netlify.toml's included_files) into an empty directory,
 * and called there with real Requests. Only Netlify's CDN is missing.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTION_ENTRY = '.netlify/functions-internal/server.mjs';
const SITE = 'https://portfolio.example';
const SECRET = 'deploy-test-secret';

type NetlifyToml = {
  build: { command: string; publish: string; functions: string; environment: Record<string, string> };
  functions: { included_files: string[] };
  redirects: { from: string; to: string; status: number; force?: boolean }[];
  headers: { for: string; values: Record<string, string> }[];
};

type Answer = { path: string; method: string; status: number; headers: Record<string, string>; body: string };

/** Runs inside the packaged directory: imports the function and answers each request. */
const RUNNER = `
import { pathToFileURL } from 'node:url';
const { default: handler } = await import(pathToFileURL('${FUNCTION_ENTRY}').href);
const context = { ip: '203.0.113.9', requestId: 'test', geo: {}, params: {}, site: { url: '${SITE}' } };
const answers = [];
for (const { path, method, body, headers } of JSON.parse(process.argv[2])) {
  const request = new Request('${SITE}' + path, { method, body, headers });
  const response = await handler(request, context);
  answers.push({ path, method, status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() });
}
process.stdout.write('\\n@@ANSWERS@@' + JSON.stringify(answers));
`;

let toml: NetlifyToml;
let traced: string[];
let packageDir: string;
let smtp: TestSmtpServer;
let functionHost: RunningServer;

/** Async, so this process's SMTP server keeps answering while the function runs. */
async function call(
  requests: { path: string; method?: string; body?: string; headers?: Record<string, string> }[],
  env: Record<string, string> = {},
): Promise<Answer[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['runner.mjs', JSON.stringify(requests.map((r) => ({ method: 'GET', ...r })))], {
    cwd: packageDir,
    // Nothing from the repository's environment or working directory leaks in.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LAMBDA_TASK_ROOT: packageDir, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout.slice(stdout.indexOf('@@ANSWERS@@') + '@@ANSWERS@@'.length)) as Answer[];
}

beforeAll(async () => {
  toml = parseToml(await readFile(path.join(ROOT, 'netlify.toml'), 'utf8')) as unknown as NetlifyToml;
  const { fileList } = await nodeFileTrace([path.join(ROOT, FUNCTION_ENTRY)], { base: ROOT });
  traced = [...fileList];
  packageDir = await mkdtemp(path.join(tmpdir(), 'netlify-function-'));
  for (const file of [...traced, ...toml.functions.included_files]) {
    await mkdir(path.dirname(path.join(packageDir, file)), { recursive: true });
    await cp(path.join(ROOT, file), path.join(packageDir, file), { dereference: true });
  }
  await writeFile(path.join(packageDir, 'runner.mjs'), RUNNER);
  // The send-email function, which the action calls, runs on the local server against a real SMTP server.
  smtp = await startSmtpServer();
  functionHost = await startServer({ SMTP_URL: smtp.url, CONTACT_FUNCTION_SECRET: SECRET });
});

afterAll(async () => {
  await functionHost?.stop();
  await smtp?.close();
  if (packageDir) await rm(packageDir, { recursive: true, force: true });
});

describe('netlify.toml', () => {
  it('builds with npm run build, publishes public/, has the functions directory and Node 22', () => {
    expect(toml.build).toMatchObject({ command: 'npm run build', publish: 'public', functions: 'netlify/functions' });
    expect(toml.build.environment.NODE_VERSION).toBe('22');
  });

  it('sends every other path to the Remix function without forcing over static files', () => {
    expect(toml.redirects).toEqual([{ from: '/*', to: '/.netlify/functions/server', status: 200 }]);
  });

  it('caches /build/* immutably for a year', () => {
    const build = toml.headers.find((rule) => rule.for === '/build/*');
    expect(build?.values['Cache-Control']).toBe('public, max-age=31536000, immutable');
  });

  it('ships the compiled content with the functions', () => {
    expect(toml.functions.included_files).toContain('.generated/content.json');
  });
});

describe('what the server function carries', () => {
  it('has no esbuild and no MDX compiler in its bundle', () => {
    const offenders = traced.filter((file) => /node_modules\/(esbuild|@esbuild|@mdx-js|mdx-bundler\/dist\/index|gray-matter|tsx)\b/.test(file));
    expect(offenders).toEqual([]);
    expect(traced).toContain(FUNCTION_ENTRY);
  });

  it('the send-email function has no esbuild and no MDX compiler either', async () => {
    const result = await esbuild({
      entryPoints: [path.join(ROOT, 'netlify/functions/send-email.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    expect(imports.filter((name) => /esbuild|mdx|gray-matter/.test(name))).toEqual([]);
  });
});

describe('the packaged server function answers real Requests', () => {
  it('renders every page with its status, HTML, security and cache headers', async () => {
    const answers = await call([{ path: '/' }, { path: '/resume' }, { path: '/case-study/office-depot' }]);
    for (const answer of answers) {
      expect(answer.status, answer.path).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toMatch(/^<!DOCTYPE html><html lang="en"/);
      expect(answer.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(answer.headers['netlify-cdn-cache-control']).toMatch(/^public, durable, s-maxage=\d+, stale-while-revalidate=\d+$/);
    }
    expect(answers[0].body).toContain('Crafting meaningful digital experiences');
    expect(answers[1].body).toContain('Professional Experience');
    expect(answers[2].body).toContain('The Challenge');
  });

  it('answers unknown paths and unknown case studies with the 404 page, cached briefly', async () => {
    for (const answer of await call([{ path: '/nope' }, { path: '/case-study/nope' }])) {
      expect(answer.status, answer.path).toBe(404);
      expect(answer.body).toContain('Oops! Page not found');
      expect(answer.headers['netlify-cdn-cache-control']).toBe('public, durable, s-maxage=60');
    }
  });

  it('sends a contact POST through the action to send-email, and never caches it', async () => {
    const before = smtp.messages.length;
    const body = new URLSearchParams({ ...VALID, firstName: 'Deploy' }).toString();
    const [answer] = await call(
      [{ path: '/?index', method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-nf-client-connection-ip': '203.0.113.9' } }],
      { CONTACT_FUNCTION_SECRET: SECRET, CONTACT_FUNCTION_URL: `${functionHost.url}/.netlify/functions/send-email` },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['netlify-cdn-cache-control']).toBeUndefined();
    const mails = await smtp.waitForMessages(before + 1);
    expect(mails.at(-1)?.header('subject')).toMatch(/Deploy Lovelace/);
  });

  it('refuses to send without a configured secret, with a 503 and no mail', async () => {
    const before = smtp.messages.length;
    const [answer] = await call([
      { path: '/?index', method: 'POST', body: new URLSearchParams(VALID).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ]);
    expect(answer.status).toBe(503);
    expect(answer.body).toContain('Failed to send message. Please try again.');
    expect(smtp.messages.length).toBe(before);
  });
});
