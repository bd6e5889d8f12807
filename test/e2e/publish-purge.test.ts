import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, type TrackedPage } from '../helpers/browser';
import { ROOT } from '../helpers/content';
import { openSignedIn, startEditorStack, type EditorStack } from '../helpers/editor-stack';
import { FIXTURE_CONTENT_JSON } from '../helpers/fixture-site';
import { bytes, publishAndWait, sha, text, within } from '../helpers/live-site';
import { at } from '../helpers/must';

/**
 * A publish purges Netlify's CDN of exactly the answers it changed. Netlify's
 * API cannot be reached from here (no network, and no site of ours), so the
 * purge goes to a stand-in: a local HTTP server at NETLIFY_PURGE_API_URL that
 * records what `purgeCache` (@netlify/functions) sends it, as a deployed
 * function would send it to api.netlify.com with the token Netlify gives it.
 * Which tags are right is found independently of the code under test: the
 * resume's pieces, and every file (the PDF, the cards, the icons) whose bytes
 * the server answers differently after the publish.
 */

vi.setConfig({ testTimeout: 240_000 });

const TOKEN = 'purge-token-for-the-stand-in';
const SITE_ID = '11111111-2222-3333-4444-555555555555';

type Purge = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

let standIn: Server;
let standInUrl: string;
const purges: Purge[] = [];
let stack: EditorStack;
let browser: Browser;
const opened: TrackedPage[] = [];

beforeAll(async () => {
  standIn = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      purges.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  [stack, browser] = await Promise.all([
    startEditorStack({
      password: 'purge test password',
      fixtures: true,
      env: { NETLIFY_PURGE_API_TOKEN: TOKEN, NETLIFY_PURGE_API_URL: standInUrl, SITE_ID },
    }),
    launchBrowser(),
  ]);
}, 180_000);

afterAll(async () => {
  for (const page of opened) await page.close();
  await browser?.close();
  await stack?.stop();
  await new Promise((resolve) => standIn?.close(resolve));
});

/** Every file the build made from content (resume PDF, sharing cards, icons): path → sha256 as the server answers it now. */
async function servedFiles(): Promise<Map<string, string>> {
  const stamp = JSON.parse(readFileSync(path.join(ROOT, path.dirname(FIXTURE_CONTENT_JSON), 'build-version.json'), 'utf8')) as {
    files: Record<string, unknown>;
  };
  const served = new Map<string, string>();
  for (const file of Object.keys(stamp.files)) {
    const answer = await bytes(`${stack.server.url}${file}`);
    expect(answer.status, file).toBe(200);
    served.set(file, sha(answer.body));
  }
  return served;
}

describe('the purge after a publish', () => {
  it('posts exactly the changed tags, with the site id and the bearer token, to the API Netlify gives a function', async () => {
    const filesBefore = await servedFiles();
    const tracked = await openSignedIn(browser, stack, { javaScriptEnabled: false });
    opened.push(tracked);
    const { page } = tracked;
    await page.goto(`${stack.server.url}/admin/content/resume.mdx`);
    const NEW_LINE = 'Purged the cache of exactly what changed.';
    await page.locator('[name="experience.0.bullets.0"]').fill(NEW_LINE);
    const result = await publishAndWait(page);
    expect(result.status, result.message).toBe('published');
    expect(result.message).toMatch(/live on your site now/i);
    await within(30_000, async () => (await text(`${stack.server.url}/resume`)).body.includes(NEW_LINE), '/resume shows the new line');

    // The purge is sent before the publish answers: it is there already, once.
    expect(purges).toHaveLength(1);
    const purge = at(purges, 0, 'a purge');
    expect(purge.method).toBe('POST');
    expect(purge.url).toBe('/api/v1/purge');
    expect(purge.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(purge.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(purge.body) as { cache_tags: string[]; site_id: string };
    expect(Object.keys(body).sort()).toEqual(['cache_tags', 'site_id']);
    expect(body.site_id).toBe(SITE_ID);

    // Right, found from the answers: the resume's content, and each file the server now answers with other bytes.
    const filesAfter = await servedFiles();
    const changedFiles = [...filesAfter.keys()].filter((file) => filesAfter.get(file) !== filesBefore.get(file));
    // A bullet is in the PDF; the resume's sharing card draws the headline, the place and the companies, not bullets.
    expect(changedFiles).toEqual(['/resume.pdf']);
    const expected = ['content-resume', ...changedFiles.map((file) => `file-${file}`)].sort();
    expect([...body.cache_tags].sort()).toEqual(expected);
    // Nothing a resume line does not touch: no case study, no card list, not the site's words, no icon.
    expect(
      body.cache_tags.filter((tag) =>
        /^content-(case-study-|cards$|site$)|^file-\/favicon|^file-\/apple-touch-icon|^file-\/social\/case-study-/.test(tag),
      ),
    ).toEqual([]);

    // And the answers carry the tags that were purged: the resume page, its PDF.
    expect((await text(`${stack.server.url}/resume`)).headers.get('netlify-cache-tag')?.split(',')).toContain('content-resume');
    expect((await bytes(`${stack.server.url}/resume.pdf`)).headers.get('netlify-cache-tag')).toBe('file-/resume.pdf');
    expect((await bytes(`${stack.server.url}/social/resume.png`)).headers.get('netlify-cache-tag')).toBe('file-/social/resume.png');
  });

  it('a sentence of a case study’s story purges that case study’s answers only', async () => {
    const before = purges.length;
    const tracked = await openSignedIn(browser, stack, { javaScriptEnabled: false });
    opened.push(tracked);
    const { page } = tracked;
    await page.goto(`${stack.server.url}/admin/content/case-studies/blocks-demo.mdx`);
    const body = page.locator('textarea[data-body-source]');
    const source = await body.inputValue();
    const sentence = source.split('\n').find((line) => /^[A-Z][^<>![\]*_`#|]{20,}\.$/.test(line));
    expect(sentence, 'a plain sentence in the fixture story').toBeTruthy();
    await body.fill(source.replace(sentence!, 'A sentence that only this case study’s page shows.'));
    const result = await publishAndWait(page);
    expect(result.status, result.message).toBe('published');
    expect(purges).toHaveLength(before + 1);
    const purge = purges.at(-1)!;
    expect(purge.headers.authorization).toBe(`Bearer ${TOKEN}`);
    // The story is on its page only: not on a card, not in a sharing image, not in the PDF.
    expect(JSON.parse(purge.body)).toEqual({ cache_tags: ['content-case-study-blocks-demo'], site_id: SITE_ID });
  });
});
