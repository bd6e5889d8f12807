// @module-tag slow
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stopAll } from '../helpers/start/browser';
import { useBrowser } from '../helpers/suite/browser-suite';
import { startDev, type DevServer } from '../helpers/start/dev';
import { LOG_WAIT, waitFor } from '../helpers/wait';

/**
 * `npm run dev` with a content mistake stays up: every page answers with an
 * error page naming the file, the field and the line; the open page turns
 * into it by itself, and turns back into the site once the file is fixed.
 */

const RESTART = { timeout: 60_000 };
const DEPOT = 'content/case-studies/office-depot.mdx';
const DEPOT_TITLE = 'Office Depot Rewards App Redesign';

const chromium = useBrowser();
let dev: DevServer;
let page: Page;

beforeAll(async () => {
  dev = await startDev();
  page = await chromium.openPage();
}, 180_000);
afterAll(() => stopAll(dev));

// What remix dev and the app server said, when a test fails.
beforeEach(({ onTestFailed }) => onTestFailed(() => console.log(`npm run dev output:\n${dev?.output()}`)));

let pendingUndo: (() => Promise<void>) | undefined;

/** Replaces `from` in a file of the scratch copy; returns the undo. Fails when `from` is not there. */
async function edit(file: string, from: string | RegExp, to: string): Promise<() => Promise<void>> {
  const target = path.join(dev.dir, file);
  const original = await readFile(target, 'utf8');
  const changed = original.replace(from, to);
  expect(changed, `${String(from)} not found in ${file}`).not.toBe(original);
  await writeFile(target, changed);
  pendingUndo = async () => {
    pendingUndo = undefined;
    await writeFile(target, original);
  };
  return pendingUndo;
}

// A test that failed before its undo leaves the next one a working site.
afterEach(async () => {
  if (!pendingUndo) return;
  await pendingUndo();
  await waitFor(async () => (await fetch(dev.url).catch(() => undefined))?.status === 200, {
    timeoutMs: 60_000,
    what: 'the site to come back',
  });
});

async function lineOf(file: string, pattern: RegExp): Promise<number> {
  const index = (await readFile(path.join(dev.dir, file), 'utf8')).split('\n').findIndex((line) => pattern.test(line));
  expect(index, `no line matches ${pattern} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** The text of the problems list: "line 2 | unknown field(s) …" per problem. */
function problemsOn(page: Page): Promise<string[]> {
  return page.locator('main li').evaluateAll((items) => items.map((li) => [...li.children].map((c) => c.textContent).join(' | ')));
}

async function expectErrorPageOverHttp(file: string, ...texts: string[]) {
  for (const route of ['/', '/resume', '/case-study/office-depot', '/nope']) {
    const response = await fetch(`${dev.url}${route}`);
    expect(response.status, route).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(`<code>${file}</code>`);
    for (const text of texts) expect(html).toContain(text);
    // A page for a person, not a stack trace.
    expect(html).not.toMatch(/\bat [\w.<>]+ \(|node_modules|Error:/);
  }
}

describe('npm run dev with a content mistake', () => {
  it('frontmatter: the open page becomes the error page (file, field, line), and the site comes back when the file is fixed', async () => {
    await page.goto(`${dev.url}/case-study/office-depot`);
    expect(await page.locator('h1').first().textContent()).toBe(DEPOT_TITLE);

    const undo = await edit(DEPOT, /^title:/m, 'tittle:');
    const line = await lineOf(DEPOT, /^tittle:/);
    // Nobody reloads the page: it reloads itself after the rebuild.
    await page.waitForSelector('text=needs a fix', RESTART);
    expect(await page.locator('h1').textContent()).toBe(`The site cannot be shown: ${DEPOT} needs a fix`);
    expect(await problemsOn(page)).toEqual([' | field "title" is missing', `line ${line} | unknown field(s) "tittle"`]);
    // The lines around it, the one at fault marked.
    expect(await page.locator('pre .hit').textContent()).toBe(`${line}tittle: ${DEPOT_TITLE}`);
    await expectErrorPageOverHttp(DEPOT, 'unknown field(s) &quot;tittle&quot;', `line ${line}`);
    // The terminal says the same.
    await expect
      .poll(() => dev.output(), LOG_WAIT)
      .toContain(`Content error in ${DEPOT}:\n  - field "title" is missing\n  - line ${line}: unknown field(s) "tittle"`);

    // Readable without JavaScript.
    const plain = await chromium.open({ javaScriptEnabled: false });
    await plain.page.goto(`${dev.url}/resume`);
    expect(await problemsOn(plain.page)).toContain(`line ${line} | unknown field(s) "tittle"`);
    await plain.close();

    // `npm run build` still stops on it.
    const build = await promisify(execFile)('npm', ['run', 'build'], { cwd: dev.dir }).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );
    expect(build.code).not.toBe(0);
    expect(build.output).toContain(`line ${line}: unknown field(s) "tittle"`);

    await undo();
    await page.locator('h1', { hasText: DEPOT_TITLE }).waitFor(RESTART);
  }, 180_000);

  it('a broken MDX body: an unclosed <div> with its line and column', async () => {
    await page.goto(`${dev.url}/`);
    await page.waitForSelector('#work');
    const undo = await edit(DEPOT, '## Future Enhancements\n', '## Future Enhancements\n\n<div>\n\nOops.\n');
    const line = await lineOf(DEPOT, /^<div>$/);
    await page.waitForSelector('text=needs a fix', RESTART);
    expect(await problemsOn(page)).toEqual([`line ${line}, column 1 | MDX does not compile: Expected a closing tag for \`<div>\``]);
    expect(await page.locator('pre .hit').textContent()).toBe(`${line}<div>`);
    await undo();
    await page.waitForSelector('#work', RESTART);
  }, 120_000);

  it('site.yml: the field and its line', async () => {
    const undo = await edit('content/site.yml', /^email: .*$/m, 'email: not-an-email');
    const line = await lineOf('content/site.yml', /^email: not-an-email$/);
    await page.waitForSelector('text=needs a fix', RESTART);
    expect(await page.locator('h1').textContent()).toBe('The site cannot be shown: content/site.yml needs a fix');
    expect(await problemsOn(page)).toEqual([`line ${line} | field "email": must be an e-mail address`]);
    await undo();
    await page.waitForSelector('#work', RESTART);
  }, 120_000);
});
