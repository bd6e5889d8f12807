import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROOT } from '../helpers/data/content';
import { startEditorStack } from '../helpers/suite/editor-stack';
import { useEditorSuite } from '../helpers/suite/editor-suite';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { bytes, publishAndWait, sha, text, within } from '../helpers/site/live-site';
import { at } from '../helpers/must';
import { startPurgeApi } from '../helpers/stand-ins/purge-api';
import { useStarted } from '../helpers/suite/use-started';

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

const purgeApi = useStarted(startPurgeApi, (api) => api.close());
const editor = useEditorSuite(() =>
  startEditorStack({
    password: 'purge test password',
    fixtures: true,
    env: { NETLIFY_PURGE_API_TOKEN: TOKEN, NETLIFY_PURGE_API_URL: purgeApi.url, SITE_ID },
  }),
);
const purges = () => purgeApi.calls;

/** Every file the build made from content (resume PDF, sharing cards, icons): path → sha256 as the server answers it now. */
async function servedFiles(): Promise<Map<string, string>> {
  const stamp = JSON.parse(readFileSync(path.join(ROOT, path.dirname(FIXTURE_CONTENT_JSON), 'build-version.json'), 'utf8')) as {
    files: Record<string, unknown>;
  };
  const served = new Map<string, string>();
  for (const file of Object.keys(stamp.files)) {
    const answer = await bytes(`${editor.url}${file}`);
    expect(answer.status, file).toBe(200);
    served.set(file, sha(answer.body));
  }
  return served;
}

describe('the purge after a publish', () => {
  it('posts exactly the changed tags, with the site id and the bearer token, to the API Netlify gives a function', async () => {
    const filesBefore = await servedFiles();
    const page = await editor.signedIn({ javaScriptEnabled: false });
    await page.goto(`${editor.url}/admin/content/resume.mdx`);
    const NEW_LINE = 'Purged the cache of exactly what changed.';
    await page.locator('[name="experience.0.bullets.0"]').fill(NEW_LINE);
    const result = await publishAndWait(page);
    expect(result.status, result.message).toBe('published');
    expect(result.message).toMatch(/live on your site now/i);
    await within(30_000, async () => (await text(`${editor.url}/resume`)).body.includes(NEW_LINE), '/resume shows the new line');

    // The purge is sent before the publish answers: it is there already, once.
    expect(purges()).toHaveLength(1);
    const purge = at(purges(), 0, 'a purge');
    expect(purge.method).toBe('POST');
    expect(purge.path).toBe('/api/v1/purge');
    expect(purge.authorization).toBe(`Bearer ${TOKEN}`);
    expect(purge.contentType).toMatch(/^application\/json/);
    const body = JSON.parse(purge.raw) as { cache_tags: string[]; site_id: string };
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
    expect((await text(`${editor.url}/resume`)).headers.get('netlify-cache-tag')?.split(',')).toContain('content-resume');
    expect((await bytes(`${editor.url}/resume.pdf`)).headers.get('netlify-cache-tag')).toBe('file-/resume.pdf');
    expect((await bytes(`${editor.url}/social/resume.png`)).headers.get('netlify-cache-tag')).toBe('file-/social/resume.png');
  });

  it('a sentence of a case study’s story purges that case study’s answers only', async () => {
    const before = purges().length;
    const page = await editor.signedIn({ javaScriptEnabled: false });
    await page.goto(`${editor.url}/admin/content/case-studies/blocks-demo.mdx`);
    const body = page.locator('textarea[data-body-source]');
    const source = await body.inputValue();
    const sentence = source.split('\n').find((line) => /^[A-Z][^<>![\]*_`#|]{20,}\.$/.test(line));
    expect(sentence, 'a plain sentence in the fixture story').toBeTruthy();
    await body.fill(source.replace(sentence!, 'A sentence that only this case study’s page shows.'));
    const result = await publishAndWait(page);
    expect(result.status, result.message).toBe('published');
    expect(purges()).toHaveLength(before + 1);
    const purge = at(purges(), before, 'the second purge');
    expect(purge.authorization).toBe(`Bearer ${TOKEN}`);
    // The story is on its page only: not on a card, not in a sharing image, not in the PDF.
    expect(JSON.parse(purge.raw)).toEqual({ cache_tags: ['content-case-study-blocks-demo'], site_id: SITE_ID });
  });
});
