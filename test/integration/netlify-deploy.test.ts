// @module-tag slow
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleInputs } from '../helpers/data/bundle-inputs';
import { VALID } from '../helpers/data/contact-cases';
import { contentFilesOf, SAMPLE_SITE_DIR } from '../helpers/data/content';
import { git, startGitRemote, TEST_TOKEN, type GitRemote, type SeedFiles } from '../helpers/start/git-remote';
import {
  FUNCTION_ENTRY,
  packageServerFunction,
  packageSourceFunction,
  type FunctionRequest,
  type NetlifyToml,
  type PackagedFunction,
} from '../helpers/start/netlify-package';
import { startServer, type RunningServer } from '../helpers/start/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/start/smtp';
import { at } from '../helpers/must';
import { FONT_PACKAGES, STATIC_FONT_PACKAGES } from '../../pipeline/pdf-fonts/faces';

/**
 * The deploy artefact, not the local server: the built Netlify function,
 * packaged as Netlify does it (test/helpers/start/netlify-package.ts) and called
 * with real Requests. Only Netlify's CDN is missing.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'deploy-test-secret';

let toml: NetlifyToml;
let traced: string[];
let packaged: PackagedFunction;
let smtp: TestSmtpServer;
let functionHost: RunningServer;

const call = (requests: FunctionRequest[], env: Record<string, string> = {}) => packaged.call(requests, env);

beforeAll(async () => {
  packaged = await packageServerFunction();
  ({ toml, traced } = packaged);
  // The send-email function, which the action calls, runs on the local server against a real SMTP server.
  smtp = await startSmtpServer();
  functionHost = await startServer({ SMTP_URL: smtp.url, CONTACT_FUNCTION_SECRET: SECRET });
});

afterAll(async () => {
  await functionHost?.stop();
  await smtp?.close();
  await packaged?.dispose();
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

  it("ships the compiled content, and private case studies' media, with the functions", () => {
    expect(toml.functions.included_files).toContain('.generated/content.json');
    expect(toml.functions.included_files).toContain('.generated/private-media/**');
    // The edit route's loader reads the body editor's script URL from it (scripts/editor-bundle.ts).
    expect(toml.functions.included_files).toContain('.generated/editor-bundle.json');
  });
});

describe('what the server function carries', () => {
  it('has no esbuild and no MDX compiler in its bundle', () => {
    const offenders = traced.filter((file) =>
      /node_modules\/(esbuild|@esbuild|@mdx-js|mdx-bundler\/dist\/index|gray-matter|tsx)\b/.test(file),
    );
    expect(offenders).toEqual([]);
    expect(traced).toContain(FUNCTION_ENTRY);
  });

  it('carries the database client, and never the embedded engine (about 22 MB of PGlite, for npm start only)', () => {
    expect(traced.some((file) => file.startsWith('node_modules/@netlify/database/'))).toBe(true);
    expect(traced.some((file) => file.startsWith('node_modules/pg/'))).toBe(true);
    const offenders = traced.filter((file) => /node_modules\/(@netlify\/database-dev|@electric-sql|pg-gateway)\b/.test(file));
    expect(offenders).toEqual([]);
  });

  it('the send-email function has no esbuild and no MDX compiler either', async () => {
    const { imports } = await bundleInputs('netlify/functions/send-email.ts');
    expect(imports.filter((name) => /esbuild|mdx|gray-matter/.test(name))).toEqual([]);
  });
});

describe('the packaged server function answers real Requests', () => {
  // The pages and the unknown paths go to one process: a cold start (seconds) for both tests, not one each.
  const PAGES = [{ path: '/' }, { path: '/resume' }, { path: '/case-study/office-depot' }];
  const UNKNOWN = [{ path: '/nope' }, { path: '/case-study/nope' }];
  let reads: ReturnType<typeof call> | undefined;
  const answersToReads = () => (reads ??= call([...PAGES, ...UNKNOWN]));

  it('renders every page with its status, HTML, security and cache headers', async () => {
    const answers = (await answersToReads()).slice(0, PAGES.length);
    for (const answer of answers) {
      expect(answer.status, answer.path).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toMatch(/^<!DOCTYPE html><html lang="en"/);
      expect(answer.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(answer.headers['netlify-cdn-cache-control']).toMatch(/^public, durable, s-maxage=\d+, stale-while-revalidate=\d+$/);
    }
    expect(answers[0]?.body).toContain('Crafting meaningful digital experiences');
    expect(answers[1]?.body).toContain('Professional Experience');
    expect(answers[2]?.body).toContain('The Challenge');
  });

  it('answers unknown paths and unknown case studies with the 404 page, cached briefly', async () => {
    for (const answer of (await answersToReads()).slice(PAGES.length)) {
      expect(answer.status, answer.path).toBe(404);
      expect(answer.body).toContain('Oops! Page not found');
      expect(answer.headers['netlify-cdn-cache-control']).toBe('public, durable, s-maxage=60');
    }
  });

  it('sends a contact POST through the action to send-email, and never caches it', async () => {
    const before = smtp.messages.length;
    const body = new URLSearchParams({ ...VALID, firstName: 'Deploy' }).toString();
    const answer = at(
      await call(
        [
          {
            path: '/?index',
            method: 'POST',
            body,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-nf-client-connection-ip': '203.0.113.9' },
          },
        ],
        { CONTACT_FUNCTION_SECRET: SECRET, CONTACT_FUNCTION_URL: `${functionHost.url}/.netlify/functions/send-email` },
      ),
      0,
      'an answer to the contact POST',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['netlify-cdn-cache-control']).toBeUndefined();
    const mails = await smtp.waitForMessages(before + 1);
    expect(mails.at(-1)?.header('subject')).toMatch(/Deploy Lovelace/);
  });

  it('refuses to send without a configured secret, with a 503 and no mail', async () => {
    const before = smtp.messages.length;
    const answer = at(
      await call([
        {
          path: '/?index',
          method: 'POST',
          body: new URLSearchParams(VALID).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ]),
      0,
      'an answer to the contact POST',
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toContain('Failed to send message. Please try again.');
    expect(smtp.messages.length).toBe(before);
  });
});

describe("the content-check function (the editor's compiler), packaged the same way", () => {
  // 32+ characters: a shorter secret turns the check off (MIN_SECRET_LENGTH, since aa23a01).
  const CHECK_SECRET = 'deploy-test-check-secret-of-32-characters';
  const OFFICE_DEPOT = 'content/case-studies/office-depot.mdx';
  let check: PackagedFunction;
  let remote: GitRemote;
  let cache: string;

  beforeAll(async () => {
    check = await packageSourceFunction('netlify/functions/content-check.ts');
    // On Netlify the function reads the branch over smart HTTP (remote mode): a real remote holding the
    // sample designer's content (test/fixtures/site) and this repository's public/.
    const seed: SeedFiles = contentFilesOf(SAMPLE_SITE_DIR);
    for (const file of git(ROOT, ['ls-files', 'public']).split('\n').filter(Boolean)) seed[file] = await readFile(path.join(ROOT, file));
    remote = await startGitRemote({ files: seed });
    cache = await mkdtemp(path.join(tmpdir(), 'content-check-cache-'));
  });
  afterAll(async () => {
    await remote?.close();
    await check?.dispose();
    if (cache) await rm(cache, { recursive: true, force: true });
  });

  const post = (body: unknown, secret = CHECK_SECRET): FunctionRequest => ({
    path: '/.netlify/functions/content-check',
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
  });
  const env = () => ({
    CONTENT_CHECK_SECRET: CHECK_SECRET,
    CONTENT_GIT_URL: remote.url,
    CONTENT_GIT_TOKEN: TEST_TOKEN,
    CONTENT_GIT_CACHE_DIR: cache,
    NETLIFY: 'true',
    // The run's git remote listens on loopback over http: allowed under the tests' switch only (app/outbound/).
    PORTFOLIO_LOOPBACK_FOR_TESTS: 'allow',
  });

  it("carries the MDX compiler, which the site's function does not; the site loads sharp only for an upload", async () => {
    expect(check.traced.some((file) => file.startsWith('node_modules/mdx-bundler/'))).toBe(true);
    expect(check.traced.some((file) => /node_modules\/(@esbuild\/[^/]+\/bin\/esbuild|esbuild\/bin\/esbuild)$/.test(file))).toBe(true);
    expect(check.traced.some((file) => file.startsWith('node_modules/sharp/'))).toBe(true);
    expect(traced.filter((file) => /node_modules\/(esbuild|@esbuild|mdx-bundler)\b/.test(file))).toEqual([]);
    // The owner's upload checks decode images with sharp, so the site's function carries it; a cold start of a
    // public page must not pay for loading it: the server build imports it only where an upload is checked.
    const server = await readFile(path.join(ROOT, '.netlify/functions-internal/server.mjs'), 'utf8');
    expect(server).not.toMatch(/^import[^;]*from\s*["']sharp["']/m);
  });

  it("carries the resume PDF's fonts (each package's CSS and its .woff files, CJK in one weight; her typefaces' Latin only), which the site's function does not", async () => {
    const fonts = path.join(check.dir, 'node_modules/@fontsource');
    const files = (await readdir(fonts, { recursive: true })).map(String);
    for (const { name } of FONT_PACKAGES) {
      const folder = name.slice('@fontsource/'.length);
      expect(files).toContain(path.join(folder, '400.css'));
      expect(files.some((file) => file.startsWith(`${folder}/files/`) && file.endsWith('-400-normal.woff'))).toBe(true);
    }
    expect(files.some((file) => /noto-sans-arabic-arabic-700-normal\.woff$/.test(file))).toBe(true);
    expect(files.filter((file) => /noto-sans-(sc|jp|kr)-.*-700-normal/.test(file) || file.endsWith('.woff2'))).toEqual([]);
    // Her typefaces' static packages: the CSS of the two weights drawn and their Latin files, no other subset.
    for (const { name, regular, bold } of Object.values(STATIC_FONT_PACKAGES)) {
      const folder = name.slice('@fontsource/'.length);
      const own = files.filter((file) => file.startsWith(`${folder}/`) && /\.(css|woff)$/.test(file)).sort();
      const latin = [regular, bold].flatMap((weight) => [
        `${weight}.css`,
        ...['latin', 'latin-ext'].map((subset) => `files/${folder}-${subset}-${weight}-normal.woff`),
      ]);
      expect(own).toEqual(latin.map((file) => path.join(folder, file)).sort());
    }
    expect(traced.filter((file) => file.includes('@fontsource/'))).toEqual([]);
  });

  it("the app's caller (what the editor's routes import) brings neither pipeline/ nor a compiler into the site's function", async () => {
    const { files, imports } = await bundleInputs('app/editing/content-check/call.server.ts');
    expect(files.filter((file) => file.startsWith('pipeline/'))).toEqual([]);
    expect(imports.filter((name) => /esbuild|mdx|sharp|gray-matter/.test(name))).toEqual([]);
  });

  it('answers a real check of the branch plus an edit, and a preview, from its package', async () => {
    const source = await readFile(path.join(SAMPLE_SITE_DIR, 'case-studies/office-depot.mdx'), 'utf8');
    const bad = { changes: [{ path: OFFICE_DEPOT, base64: Buffer.from(source.replace('order: 1', 'order: "two"')).toString('base64') }] };
    const answers = await check.call(
      [post({ changes: [] }), post(bad), post({ changes: [], preview: OFFICE_DEPOT }), post({ changes: [] }, 'wrong')],
      env(),
    );
    const good = at(answers, 0, 'an answer to a check of the branch');
    const invalid = at(answers, 1, 'an answer to a check of a bad edit');
    const preview = at(answers, 2, 'an answer to a preview');
    const refused = at(answers, 3, 'an answer to a wrong secret');
    expect(good.status, good.body).toBe(200);
    expect(good.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(good.body)).toEqual({ ok: true });
    expect(JSON.parse(invalid.body)).toEqual({
      ok: false,
      problems: [expect.objectContaining({ file: OFFICE_DEPOT, field: 'order', line: 15 })],
    });
    const { preview: compiled } = JSON.parse(preview.body);
    expect(compiled.caseStudy.html).toContain('The Challenge');
    expect(compiled.caseStudy.html).toContain('/admin/content/api/media/content/case-studies/office-depot/');
    expect(refused.status).toBe(401);
  });
});
