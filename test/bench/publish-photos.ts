// The bench's git and mail servers listen on this computer, as the tests' do.
import '../setup/loopback-services';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser, openPage } from '../helpers/start/browser';
import { publishedCaseStudy } from '../helpers/data/content';
import { photoLike } from '../helpers/data/photos';
import { buildFixtureSite, FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { startEditorStack, type EditorStack } from '../helpers/suite/editor-stack';
import { signInOwner } from '../helpers/site/owner-session';
import { waitFor } from '../helpers/wait';
import { median, ms } from './stats';

/**
 * A publish with new photos, measured as a Netlify function runs it: the
 * built server (which runs the site's function and the content-check
 * function in one process, so they share the one CPU) pinned to one CPU
 * (`taskset -a -c 0`, every thread of the process: sharp's too) with V8's
 * heap capped at 1,024 MB (`--max-old-space-size`), against a real git
 * remote. Each case is a fresh stack: a title publish first (the instance's
 * first fetch of the branch), then `count` new 3,000 × 2,000 px photos
 * uploaded into a case study's draft and published in one go, through the
 * editor's form without JavaScript.
 *
 * Figures: the publish's answer (check, commit, push, made live), and the
 * time until every new photo's variants answer 200 on the public site; the
 * next publish's answer (a title only, on the branch that now holds the
 * photos); the server's peak resident memory (VmHWM).
 *
 *   npm run bench -- --skip-build --only publish-photos [--photos 1,8,16] [--runs N]
 */

export type PhotoPublish = {
  photos: number;
  warmupMs: number;
  answeredMs: number[];
  variantsReadyMs: number[];
  /** The publish after them, a title only: each of its reads of the branch must not bring the photos again. */
  nextMs: number;
  peakRssMb: number;
  uploadBytes: number;
};
export type PublishPhotosBench = { cases: PhotoPublish[]; cpus: string; heapMb: number; loadAverage: number[] };

const ADMIN_PASSWORD = 'publish photos bench password';
const HEAP_MB = 1024;

/** A photo-like JPEG of 3,000 × 2,000 px: soft colour fields and grain, so it compresses like a photo (about 1.5–2.5 MB). */
export async function benchPhoto(seed: number, width = 3000, height = 2000): Promise<Buffer> {
  return (await photoLike(width, height, { mean: 90 + (seed % 7) * 12, grain: 14, blur: 8 })).jpeg({ quality: 88 }).toBuffer();
}

function pin(pid: number): void {
  execFileSync('taskset', ['-a', '-cp', '0', String(pid)], { stdio: 'ignore' });
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function upload(stack: EditorStack, cookie: string, document: string, name: string, bytes: Buffer): Promise<string> {
  const body = new FormData();
  body.set('document', document);
  body.set('alt', `Bench photo ${name}`);
  body.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
  const answer = await fetch(`${stack.server.url}/admin/content/api/upload`, {
    method: 'POST',
    body,
    headers: { cookie, origin: stack.server.url, accept: 'application/json' },
  });
  const json = (await answer.json()) as { ok: boolean; src?: string; error?: string };
  if (!json.ok || !json.src) throw new Error(`upload ${name}: ${answer.status} ${json.error ?? ''}`);
  return json.src;
}

/** The variant URLs of `src` (an upload's `./slug/name.jpg`) in a page: its file name's stem, any width, hashed. */
function variantsIn(html: string, src: string): string[] {
  const stem = path.posix.basename(src, path.posix.extname(src)).replace(/[^\w-]/g, '-');
  const pattern = new RegExp(`/generated/images/${stem}-\\d+\\.[0-9a-f]+\\.(?:avif|webp)`, 'g');
  return [...new Set(html.match(pattern) ?? [])];
}

async function publishWithPhotos(count: number, runs: number, log: (line: string) => void): Promise<PhotoPublish> {
  const { slug, title } = publishedCaseStudy();
  const document = `content/case-studies/${slug}.mdx`;
  const liveDir = mkdtempSync(path.join(os.tmpdir(), 'bench-photos-live-'));
  const stack = await startEditorStack({
    password: ADMIN_PASSWORD,
    env: { LIVE_CONTENT_DIR: liveDir, NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` },
  });
  const pid = stack.server.process.pid!;
  pin(pid);
  const browser = await launchBrowser();
  try {
    const cookie = await signInOwner(stack.server.url, ADMIN_PASSWORD);
    const tracked = await openPage(browser, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const tab = tracked.page;
    tab.setDefaultTimeout(180_000);
    const at = cookie.indexOf('=');
    await tab.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: stack.server.url }]);
    const publish = async (edit: () => Promise<void>) => {
      await tab.goto(`${stack.server.url}/admin/content/case-studies/${slug}.mdx`);
      await edit();
      const clicked = performance.now();
      await tab.getByRole('button', { name: 'Publish', exact: true }).click();
      const result = tab.locator('[data-save-result]');
      await result.waitFor();
      const answered = performance.now() - clicked;
      const status = await result.getAttribute('data-save-result');
      if (status !== 'published') throw new Error(`publish: ${status}: ${await result.innerText()}`);
      return { clicked, answered };
    };
    const warm = await publish(() => tab.locator('input[name="title"]').fill(`${title} (bench)`));
    log(`    ${count} photo(s): the instance's first publish (title only) answered in ${ms(warm.answered)}`);
    const answeredMs: number[] = [];
    const readyMs: number[] = [];
    let uploadBytes = 0;
    for (let run = 1; run <= runs; run++) {
      const sources: string[] = [];
      for (let i = 0; i < count; i++) {
        const bytes = await benchPhoto(run * 100 + i);
        uploadBytes += bytes.length;
        sources.push(await upload(stack, cookie, document, `bench-${run}-${i}.jpg`, bytes));
      }
      const { clicked, answered } = await publish(async () => {
        const body = tab.locator('textarea[name="body"]');
        const text = await body.inputValue();
        await body.fill(`${text.trimEnd()}\n\n${sources.map((src, i) => `![Bench photo ${i}](${src})`).join('\n\n')}\n`);
      });
      answeredMs.push(answered);
      // Every new photo's variants answer 200 (not the page's fallback), with a bound.
      await waitFor(
        async () => {
          const html = await (await fetch(`${stack.server.url}/case-study/${slug}`)).text();
          const urls = sources.flatMap((src) => variantsIn(html, src));
          if (urls.length < sources.length) return false;
          const answers = await Promise.all(urls.map((url) => fetch(`${stack.server.url}${url}`)));
          return answers.every(
            (answer) =>
              answer.ok &&
              answer.headers.get('content-type')?.startsWith('image/') &&
              /immutable/.test(answer.headers.get('cache-control') ?? ''),
          );
        },
        { timeoutMs: 600_000, intervalMs: 250, what: () => `variants of ${count} photos` },
      );
      readyMs.push(performance.now() - clicked);
      log(`    ${count} photo(s), run ${run}: the publish answered in ${ms(answered)}; every variant served after ${ms(readyMs.at(-1)!)}`);
    }
    const next = await publish(() => tab.locator('input[name="title"]').fill(`${title} (bench, after the photos)`));
    log(`    ${count} photo(s): the next publish (title only) answered in ${ms(next.answered)}`);
    await tracked.close();
    return {
      photos: count,
      warmupMs: warm.answered,
      answeredMs,
      variantsReadyMs: readyMs,
      nextMs: next.answered,
      peakRssMb: peakRssMb(pid),
      uploadBytes,
    };
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(liveDir, { recursive: true, force: true });
  }
}

export async function measurePublishPhotos({
  counts = [1, 8, 16],
  runs = 1,
  log = console.log,
}: { counts?: number[]; runs?: number; log?: (line: string) => void } = {}): Promise<PublishPhotosBench> {
  if (!existsSync(FIXTURE_CONTENT_JSON)) await buildFixtureSite();
  const cases: PhotoPublish[] = [];
  for (const count of counts) cases.push(await publishWithPhotos(count, runs, log));
  return { cases, cpus: '1 (taskset -a -c 0)', heapMb: HEAP_MB, loadAverage: os.loadavg() };
}

export function renderPublishPhotos(result: PublishPhotosBench): string[] {
  return [
    '## A publish with new photos, at one CPU',
    '',
    `The built server pinned to ${result.cpus}, V8 heap ≤ ${result.heapMb} MB; new 3,000 × 2,000 px JPEGs (about 2 MB each) published into a case study in one go, without JavaScript. The function limit is 60 s. Load average at the end: ${result.loadAverage.map((l) => l.toFixed(1)).join(', ')}.`,
    '',
    '| new photos | publish answered (median) | every variant served (median) | runs | the next publish, a title | peak RSS |',
    '|---|---|---|---|---|---|',
    ...result.cases.map(
      (c) =>
        `| ${c.photos} (${(c.uploadBytes / c.answeredMs.length / 1024 / 1024).toFixed(1)} MB) | ${ms(median(c.answeredMs))} | ${ms(median(c.variantsReadyMs))} | ${c.answeredMs.map(ms).join(', ')} | ${ms(c.nextMs)} | ${c.peakRssMb.toFixed(0)} MB |`,
    ),
    '',
  ];
}

/** `--photos 1,8` and `--runs N` from argv. */
export function publishPhotosOptions(argv: string[]): { counts?: number[]; runs?: number } {
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const counts = value('--photos')
    ?.split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const runs = Number(value('--runs'));
  return { ...(counts?.length ? { counts } : {}), ...(Number.isInteger(runs) && runs > 0 ? { runs } : {}) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measurePublishPhotos(publishPhotosOptions(process.argv.slice(2)));
  console.log(renderPublishPhotos(result).join('\n'));
}
