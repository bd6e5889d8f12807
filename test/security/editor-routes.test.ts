import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorStack, type EditorStack } from '../helpers/suite/editor-stack';
import { remoteHead } from '../helpers/start/git-remote';
import { LOG_WAIT } from '../helpers/wait';
import { ROOT } from '../helpers/data/content';
import { cookieOf } from '../helpers/site/http';
import { only } from '../helpers/must';
import { LARGEST_VIDEO_BYTES, videoTooLarge } from '~/editing/uploads/video-formats';

/**
 * The editor's doors, tried as a stranger would: every route and upload
 * signed out and from another origin; hostile uploads (an SVG with a script,
 * a renamed executable, an oversized file, a path in the name, a document
 * path outside the case studies); and the token, which must appear in no
 * answer and no log line, in any spelling.
 */

const PASSWORD = 'owner password for the editor routes';
let stack: EditorStack;
let origin: string;
let owner: string;
const answers: string[] = [];

beforeAll(async () => {
  stack = await startEditorStack({ password: PASSWORD });
  origin = stack.server.url;
  const signedIn = await send('/admin/sign-in', { body: new URLSearchParams({ password: PASSWORD }) });
  expect(signedIn.status).toBe(303);
  owner = cookieOf(signedIn);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** A request whose whole answer (status, headers, body) is kept, to look for the token afterwards. */
async function send(
  path: string,
  { body, headers = {}, method = body ? 'POST' : 'GET' }: { body?: BodyInit; headers?: Record<string, string>; method?: string } = {},
) {
  const response = await fetch(`${origin}${path}`, {
    method,
    body,
    redirect: 'manual',
    headers: { ...(method === 'POST' ? { origin } : {}), ...headers },
  });
  const text = await response.text();
  answers.push(`${response.status} ${JSON.stringify([...response.headers])} ${text}`);
  return Object.assign(response, { bodyText: text });
}

const draftCount = async () =>
  Number(only(await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_drafts'), 'count row').n);
const uploadCount = async () =>
  Number(only(await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_draft_uploads'), 'count row').n);

const editForm = (fields: Record<string, string> = {}) =>
  new URLSearchParams({
    _path: 'content/case-studies/office-depot.mdx',
    intent: 'publish',
    title: 'Taken over',
    body: '\n## Owned\n',
    ...fields,
  });

async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
}

function upload(
  file: Blob,
  name: string,
  {
    alt = 'A test image',
    document = 'content/case-studies/office-depot.mdx',
    headers = { cookie: owner, accept: 'application/json' },
    video,
  }: { alt?: string; document?: string; headers?: Record<string, string>; video?: 'mp4' | 'webm' } = {},
) {
  const form = new FormData();
  form.set('document', document);
  if (video) form.set('video', video);
  else form.set('alt', alt);
  form.set('file', file, name);
  return send('/admin/content/api/upload', { body: form, headers });
}

const POSTS: [string, () => BodyInit][] = [
  ['/admin/content', () => new URLSearchParams({ intent: 'create', title: 'Planted' })],
  ['/admin/content/case-studies/office-depot.mdx', () => editForm()],
  ['/admin/content/site.yml', () => new URLSearchParams({ intent: 'publish', name: 'Someone else' })],
  ['/admin/content/api/draft', () => editForm({ intent: 'save' })],
  ['/admin/content/api/preview', () => editForm({ intent: 'preview' })],
  ['/admin/content/api/field-image', () => editForm({ intent: 'image:image' })],
  ['/admin/content/history/case-studies/office-depot.mdx', () => new URLSearchParams({ commit: '0'.repeat(40) })],
];

describe('signed out', () => {
  for (const path of [
    '/admin/content',
    '/admin/content/case-studies/office-depot.mdx',
    '/admin/content/site.yml',
    '/admin/content/history/resume.mdx',
    '/admin/content/api/media/content/case-studies/office-depot/final-home.png',
    '/admin/content/api/media/public/images/profile.svg',
  ]) {
    it(`GET ${path}: to the sign-in page, with nothing of the content`, async () => {
      const response = await send(path);
      expect(response.status).toBe(303);
      // A page comes back to itself after signing in (the editor's media requests are not pages).
      const back = path.includes('/api/') ? '/admin/sign-in' : `/admin/sign-in?next=${encodeURIComponent(path)}`;
      expect(response.headers.get('location')).toBe(back);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.bodyText).not.toMatch(/Office Depot|role:|PNG/);
      const data = await send(`${path}?_data=routes%2Fadmin.content.%24`);
      // Remix's older data request is taken as the page itself (app/http/request-guard.server.ts): the same redirect.
      expect(data.status).toBe(303);
      expect(data.headers.get('location')).toBe(back);
      expect(data.bodyText).not.toMatch(/Office Depot|role:/);
    });
  }

  for (const [path, body] of POSTS) {
    it(`POST ${path}: to the sign-in page; no draft, no commit`, async () => {
      const [head, drafts] = [remoteHead(stack.remote), await draftCount()];
      const response = await send(path, { body: body() });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/admin/sign-in');
      expect(remoteHead(stack.remote)).toBe(head);
      expect(await draftCount()).toBe(drafts);
    });
  }

  it('POST an upload: to the sign-in page, nothing stored', async () => {
    const before = await uploadCount();
    const response = await upload(new Blob([new Uint8Array(await png())]), 'x.png', { headers: {} });
    expect(response.status).toBe(303);
    expect(await uploadCount()).toBe(before);
  });
});

describe('signed in, from another origin (or none)', () => {
  for (const [path, body] of POSTS) {
    for (const from of ['https://evil.example', 'null', undefined]) {
      it(`POST ${path} with Origin ${from ?? '(none)'}: 403; no draft, no commit`, async () => {
        const [head, drafts] = [remoteHead(stack.remote), await draftCount()];
        const response = await fetch(`${origin}${path}`, {
          method: 'POST',
          redirect: 'manual',
          body: body(),
          headers: { cookie: owner, ...(from ? { origin: from } : {}) },
        });
        answers.push(await response.text());
        expect(response.status).toBe(403);
        expect(remoteHead(stack.remote)).toBe(head);
        expect(await draftCount()).toBe(drafts);
      });
    }
  }

  it('an upload from another origin: 403, nothing stored', async () => {
    const before = await uploadCount();
    const response = await upload(new Blob([new Uint8Array(await png())]), 'x.png', {
      headers: { cookie: owner, origin: 'https://evil.example', accept: 'application/json' },
    });
    expect(response.status).toBe(403);
    expect(await uploadCount()).toBe(before);
  });
});

describe('hostile uploads, signed in', () => {
  it('an SVG with a script: refused with the reason, nothing stored', async () => {
    const before = await uploadCount();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
    const response = await upload(new Blob([svg], { type: 'image/svg+xml' }), 'chart.svg');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(JSON.parse(response.bodyText)).toMatchObject({ ok: false, error: expect.stringMatching(/script/i) });
    expect(await uploadCount()).toBe(before);
  });

  it('an executable renamed photo.png: 415, nothing stored', async () => {
    const before = await uploadCount();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2000, 1)]);
    const response = await upload(new Blob([new Uint8Array(elf)], { type: 'image/png' }), 'photo.png');
    expect(response.status).toBe(415);
    expect(await uploadCount()).toBe(before);
  });

  it('a file of 10 MB, over what a request may carry: 413, nothing stored', async () => {
    const before = await uploadCount();
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const response = await upload(new Blob([new Uint8Array(big)]), 'huge.png');
    expect(response.status).toBe(413);
    expect(await uploadCount()).toBe(before);
  });

  it('a path in the file name: stored flat in the case study’s folder under a name made on the server', async () => {
    const response = await upload(new Blob([new Uint8Array(await png())]), '../../../netlify.toml/..\\..\\evil.png');
    expect(response.status).toBe(200);
    const { src } = JSON.parse(response.bodyText) as { src: string };
    expect(src).toMatch(/^\.\/office-depot\/[a-z0-9-]+\.png$/);
    const rows = await stack.db.query<{ path: string }>('SELECT path FROM content_draft_uploads');
    for (const row of rows) expect(row.path).toMatch(/^content\/case-studies\/office-depot\/[a-z0-9-]+\.[a-z]+$/);
  });

  it.each(['content/site.yml', 'content/case-studies/../../netlify.toml', 'content/case-studies/Office-Depot.mdx', '/etc/passwd'])(
    'an upload for %s, a file that is not a case study: 400',
    async (document) => {
      const response = await upload(new Blob([new Uint8Array(await png())]), 'x.png', { document });
      expect(response.status).toBe(400);
    },
  );

  it('a video for a Video block: judged by its bytes, each field its own copy, at most 4 MB with her sentence', async () => {
    const clip = (name: string) => readFileSync(path.join(ROOT, 'test/fixtures/case-studies/blocks-demo', name));
    const before = await uploadCount();
    const wrongCopy = await upload(new Blob([new Uint8Array(clip('clip.webm'))]), 'clip.mp4', { video: 'mp4' });
    expect(wrongCopy.status).toBe(415);
    const renamed = await upload(new Blob([new Uint8Array(await png())]), 'clip.mp4', { video: 'mp4' });
    expect(renamed.status).toBe(415);
    // Just over 4 MB, still under what a request may carry: the server's own refusal.
    const big = Buffer.concat([clip('clip.mp4'), Buffer.alloc(LARGEST_VIDEO_BYTES + 1 - clip('clip.mp4').length)]);
    const tooBig = await upload(new Blob([new Uint8Array(big)]), 'long.mp4', { video: 'mp4' });
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.bodyText)).toEqual({ ok: false, error: videoTooLarge(big.length) });
    expect(await uploadCount()).toBe(before);
    const kept = await upload(new Blob([new Uint8Array(clip('clip.webm'))]), 'Clip.webm', { video: 'webm' });
    expect(kept.status).toBe(200);
    const { src } = JSON.parse(kept.bodyText) as { src: string };
    expect(src).toMatch(/^\.\/office-depot\/clip-[0-9a-f]{8}\.webm$/);
    const [row] = await stack.db.query<{ media_type: string; size: number }>(
      'SELECT media_type, size FROM content_draft_uploads WHERE path = $1',
      [`content/case-studies/${src.slice(2)}`],
    );
    expect(row).toEqual({ media_type: 'video/webm', size: clip('clip.webm').length });
  });

  it('no alt text: 400, nothing stored', async () => {
    const before = await uploadCount();
    const response = await upload(new Blob([new Uint8Array(await png(41, 30))]), 'x.png', { alt: '   ' });
    expect(response.status).toBe(400);
    expect(await uploadCount()).toBe(before);
  });

  it('the media route serves only content/ and public/ images, never another file', async () => {
    for (const path of [
      '/admin/content/api/media/netlify.toml',
      '/admin/content/api/media/content/../package.json',
      '/admin/content/api/media/.git/config',
      '/admin/content/api/media/content/site.yml',
      '/admin/content/api/media/public/%2e%2e/package.json',
    ]) {
      const response = await send(path, { headers: { cookie: owner } });
      expect([400, 404]).toContain(response.status);
      expect(response.bodyText).not.toMatch(/\[build\]|"dependencies"|\[core\]/);
    }
    // An SVG the branch holds, whichever the content is.
    const anySvg = execFileSync('git', ['ls-files', 'content'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .find((file) => /^content\/[a-z0-9/._-]+\.svg$/.test(file))!;
    const svg = await send(`/admin/content/api/media/${anySvg}`, { headers: { cookie: owner } });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
    expect(svg.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the token', () => {
  it('appears in no answer and no log line, in any spelling', async () => {
    const token = stack.remote.token;
    const spellings = [token, Buffer.from(`x-access-token:${token}`).toString('base64'), encodeURIComponent(token)];
    await expect.poll(() => stack.server.output().length, LOG_WAIT).toBeGreaterThan(0);
    for (const spelling of spellings) {
      for (const answer of answers) expect(answer).not.toContain(spelling);
      expect(stack.server.output()).not.toContain(spelling);
    }
  });
});

describe('a wrong token', () => {
  let wrong: EditorStack;
  let cookie: string;

  beforeAll(async () => {
    wrong = await startEditorStack({ password: PASSWORD, token: 'github_pat_WRONGwrongWRONG0123456789abcdef' });
    const signedIn = await fetch(`${wrong.server.url}/admin/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ password: PASSWORD }),
      headers: { origin: wrong.server.url },
    });
    cookie = cookieOf(signedIn);
  }, 120_000);

  afterAll(async () => {
    await wrong?.stop();
  });

  it('the list and the editor say the host refused the token and what to set, with neither token in the page or the log', async () => {
    const seen: string[] = [];
    for (const path of ['/admin/content', '/admin/content/case-studies/office-depot.mdx']) {
      const response = await fetch(`${wrong.server.url}${path}`, { headers: { cookie } });
      const html = await response.text();
      seen.push(html);
      expect(response.status).toBe(200);
      expect(html).toMatch(/refused the token: it is wrong or has expired/);
      expect(html).toMatch(/paste it in Publishing/);
    }
    // A draft kept from before the token went bad: its publish fails with the same sentence, and the draft stays.
    await wrong.db.query("INSERT INTO content_drafts (path, text, base_blob_id) VALUES ('content/site.yml', 'name: Draft\n', NULL)");
    const publish = await fetch(`${wrong.server.url}/admin/content/site.yml`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ intent: 'publish', _path: 'content/site.yml', name: 'Draft' }),
      headers: { cookie, origin: wrong.server.url },
    });
    const page = await publish.text();
    seen.push(page);
    expect(publish.status).toBeGreaterThanOrEqual(400);
    expect(page).toMatch(/data-save-result="(failed|invalid)"/);
    expect(
      only(
        await wrong.db.query<{ n: number }>("SELECT count(*)::int AS n FROM content_drafts WHERE path = 'content/site.yml'"),
        'count row',
      ).n,
    ).toBe(1);
    for (const token of ['github_pat_WRONGwrongWRONG0123456789abcdef', wrong.remote.token]) {
      for (const html of seen) expect(html).not.toContain(token);
      expect(wrong.server.output()).not.toContain(token);
    }
  });
});
