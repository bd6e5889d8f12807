import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_ROUTE, type CheckChange, type CheckResult } from '~/editing/content-check/types';
import { publishConfig } from '~/editing/git/publish-config.server';
import { readSnapshot } from '~/editing/git/snapshot.server';
import { checkContent, fieldOf } from '../../pipeline/content/check';
import { contentFilesOf, ROOT, SAMPLE_SITE_DIR } from '../helpers/data/content';
import { at, group } from '../helpers/must';

/**
 * The editor's content check on this repository's files (HEAD's, as the
 * local server's check reads them) with the sample designer's content
 * (test/fixtures/site) as content/, through the build's real compileSite:
 * what passes and fails here is what `npm run build` does.
 */

const OFFICE_DEPOT = 'content/case-studies/office-depot.mdx';
let files: Map<string, Buffer>;
let officeDepot: string;
let scratch: string;
let tmpBefore: string | undefined;

beforeAll(async () => {
  const config = publishConfig({}, ROOT);
  if (config.mode !== 'local') throw new Error(`expected local mode in the checkout: ${JSON.stringify(config)}`);
  ({ files } = await readSnapshot(config));
  for (const file of [...files.keys()]) if (file.startsWith('content/')) files.delete(file);
  for (const [file, bytes] of Object.entries(contentFilesOf(SAMPLE_SITE_DIR))) files.set(file, bytes);
  officeDepot = files.get(OFFICE_DEPOT)!.toString('utf8');
  // The check's temporary folders go here, so the test can see that none is left behind.
  scratch = mkdtempSync(path.join(os.tmpdir(), 'content-check-test-'));
  tmpBefore = process.env.TMPDIR;
  process.env.TMPDIR = scratch;
});

afterAll(async () => {
  process.env.TMPDIR = tmpBefore;
  if (tmpBefore === undefined) delete process.env.TMPDIR;
  rmSync(scratch, { recursive: true, force: true });
  // mdx-bundler's esbuild keeps a helper process; end it with the file.
  await (await import('esbuild')).stop();
});

/** office-depot.mdx with `from` replaced by `to` (which must be there, so a test never checks nothing). */
function officeDepotWith(from: string | RegExp, to: string): CheckChange {
  const found = typeof from === 'string' ? officeDepot.includes(from) : from.test(officeDepot);
  if (!found) throw new Error(`test: ${String(from)} is not in ${OFFICE_DEPOT}`);
  return { path: OFFICE_DEPOT, bytes: Buffer.from(officeDepot.replace(from, to)) };
}

const lineIn = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

function problemsOf(result: CheckResult) {
  if (result.ok) throw new Error('expected problems, the check passed');
  return result.problems;
}

describe('checkContent runs the build’s own compileSite', () => {
  it('passes the real content, and keeps one compiled tree at most (the publish that follows reuses it)', async () => {
    expect(files.has('content/site.yml')).toBe(true);
    expect(await checkContent({ files, changes: [] })).toEqual({ ok: true });
    expect(readdirSync(scratch).filter((name) => !name.startsWith('content-tree-'))).toEqual([]);
    expect(readdirSync(scratch).length).toBeLessThanOrEqual(1);
    // Another tree replaces it: still one folder, never one per check.
    const noted = Buffer.concat([files.get('content/site.yml')!, Buffer.from('\n# a note\n')]);
    expect(await checkContent({ files, changes: [{ path: 'content/site.yml', bytes: noted }] })).toEqual({ ok: true });
    await expect.poll(() => readdirSync(scratch).length, { timeout: 5_000 }).toBeLessThanOrEqual(1);
  });

  it('names the file, the field and the line of a bad field', async () => {
    const change = officeDepotWith('order: 1\n', 'order: "two"\n');
    const problems = problemsOf(await checkContent({ files, changes: [change] }));
    expect(problems).toEqual([
      {
        file: OFFICE_DEPOT,
        field: 'order',
        line: lineIn(officeDepot, 'order: 1'),
        message: 'field "order": Expected number, received string',
      },
    ]);
  });

  it('names nested fields by their path, as the form names its inputs', async () => {
    const change = officeDepotWith('value: +35%', 'value:\n        - 35');
    const problem = at(problemsOf(await checkContent({ files, changes: [change] })), 0, 'a problem');
    expect(problem).toMatchObject({ file: OFFICE_DEPOT, field: 'page.outcomes.1.value', line: lineIn(officeDepot, 'value: +35%') });
    expect(fieldOf('unknown field(s) "colour", "size" in "page"')).toBe('page.colour');
    expect(fieldOf('unknown field(s) "colour"')).toBe('colour');
    expect(fieldOf('MDX does not compile: Unexpected character')).toBeUndefined();
  });

  it('finds the line of a field the build names without one (an image that is not there)', async () => {
    const current = /^image: .*$/m.exec(officeDepot)![0];
    const change = officeDepotWith(current, 'image: /images/case-studies/nope.svg');
    const problem = at(problemsOf(await checkContent({ files, changes: [change] })), 0, 'a problem');
    expect(problem).toEqual({
      file: OFFICE_DEPOT,
      field: 'image',
      line: lineIn(officeDepot, current),
      message: 'field "image": no image at public/images/case-studies/nope.svg',
    });
    const site = files.get('content/site.yml')!.toString('utf8');
    const photo = /^ {4}src: .*$/m.exec(site)!;
    const broken = { path: 'content/site.yml', bytes: Buffer.from(site.replace(photo[0], '    src: ./images/gone.svg')) };
    const [siteProblem] = problemsOf(await checkContent({ files, changes: [broken] }));
    expect(siteProblem).toMatchObject({ file: 'content/site.yml', field: 'photos.profile.src', line: lineIn(site, photo[0]) });
  });

  it('gives the line of a broken MDX body', async () => {
    const change = officeDepotWith('## Research & Discovery\n', '## Research & Discovery\n\n<div>\n\nUnclosed.\n');
    const problem = at(problemsOf(await checkContent({ files, changes: [change] })), 0, 'a problem');
    expect(problem.file).toBe(OFFICE_DEPOT);
    expect(problem.message).toMatch(/^MDX does not compile: /);
    expect(problem.line).toBe(lineIn(officeDepot, '## Research & Discovery') + 2);
    expect(problem.field).toBeUndefined();
  });

  it('refuses frontmatter that names a language, at line 1, and never runs it (gray-matter would run `---js`)', async () => {
    for (const language of ['js', 'javascript', ' js']) {
      const marker = path.join(scratch, `ran-${language.trim()}`);
      const code = `{ title: require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran') || 'x' }`;
      const change = {
        path: OFFICE_DEPOT,
        bytes: Buffer.from(`---${language}\n${code}\n---\n${officeDepot.replace(/^---\n[\s\S]*?\n---\n/, '')}`),
      };
      const problem = at(problemsOf(await checkContent({ files, changes: [change] })), 0, 'a problem');
      expect(problem).toMatchObject({ file: OFFICE_DEPOT, line: 1 });
      expect(problem.message).toContain(`marked "${language.trim()}"`);
      expect(problem.message).toContain('make the first line just "---"');
      expect(existsSync(marker)).toBe(false);
    }
  });

  it('refuses an unknown block, at its line', async () => {
    const change = officeDepotWith('## Research & Discovery\n', '## Research & Discovery\n\n<Carousel images="3" />\n');
    const problem = at(problemsOf(await checkContent({ files, changes: [change] })), 0, 'a problem');
    expect(problem).toMatchObject({ file: OFFICE_DEPOT, line: lineIn(officeDepot, '## Research & Discovery') + 2 });
    expect(problem.message).toMatch(/Carousel/);
  });

  it('refuses an image that is not there', async () => {
    const change = officeDepotWith(
      '## Research & Discovery\n',
      '## Research & Discovery\n\n![A sketch](./office-depot/not-uploaded.png)\n',
    );
    const [problem] = problemsOf(await checkContent({ files, changes: [change] }));
    expect(problem).toMatchObject({ file: OFFICE_DEPOT, line: lineIn(officeDepot, '## Research & Discovery') + 2 });
    expect(problem?.message).toContain('not found (looked for content/case-studies/office-depot/not-uploaded.png)');
  });

  it('refuses deleting a case study another file links to, naming that file and the line of the link', async () => {
    const resume = files.get('content/resume.mdx')!.toString('utf8');
    const linked = `${resume.trimEnd()}\n\nSee [the rewards app](/case-study/office-depot).\n`;
    const changes: CheckChange[] = [
      { path: 'content/resume.mdx', bytes: Buffer.from(linked) },
      { path: OFFICE_DEPOT, bytes: null },
    ];
    expect(await checkContent({ files, changes: changes.slice(0, 1) })).toEqual({ ok: true });
    const problem = at(problemsOf(await checkContent({ files, changes })), 0, 'a problem');
    expect(problem).toMatchObject({ file: 'content/resume.mdx', line: lineIn(linked, '/case-study/office-depot') });
    expect(problem.message).toContain('link to unknown case study "/case-study/office-depot"');
  });

  it('only lets edits touch files under content/', async () => {
    const problems = problemsOf(
      await checkContent({
        files,
        changes: [
          { path: 'app/root.tsx', bytes: Buffer.from('x') },
          { path: 'content/../x.yml', bytes: null },
        ],
      }),
    );
    expect(problems.map((p) => p.file)).toEqual(['app/root.tsx', 'content/../x.yml']);
  });
});

describe('the preview', () => {
  it('returns the compiled case study, every image and video pointing at a real file through the owner-only media route', async () => {
    // A new upload beside the case study: no build has made variants of it.
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const upload = 'content/case-studies/office-depot/new-sketch.png';
    const changes = [
      { path: upload, bytes: png },
      officeDepotWith('## Research & Discovery\n', '## Research & Discovery\n\n![A new sketch](./office-depot/new-sketch.png)\n'),
    ];
    const result = await checkContent({ files, changes, preview: OFFICE_DEPOT });
    if (!result.ok || !result.preview) throw new Error(`expected a preview: ${JSON.stringify(result)}`);
    const { caseStudy, site } = result.preview;
    expect(caseStudy.title).toBe('Office Depot Rewards App Redesign');
    expect(caseStudy.html).toContain('The Challenge');
    expect(caseStudy.sections.length).toBeGreaterThan(3);

    const json = JSON.stringify(result.preview);
    expect(json).not.toMatch(/\/generated\//);
    const urls = [
      ...[...caseStudy.html.matchAll(/\s(?:src|poster)="([^"]+)"/g)].map((m) => group(m, 'a src')),
      ...[...caseStudy.html.matchAll(/\ssrcset="([^"]+)"/g)].flatMap((m) =>
        group(m, 'a srcset')
          .split(',')
          .map((entry) => entry.trim().split(/\s+/)[0] ?? ''),
      ),
      ...[...caseStudy.html.matchAll(/\shref="([^"]+\.(?:png|jpe?g|webp|avif|svg|mp4|webm))"/g)].map((m) => group(m, 'a media link')),
      caseStudy.image,
      ...caseStudy.imageSources.avif.split(', ').map((entry) => entry.split(' ')[0] ?? ''),
      site.photos.profile.src,
      site.photos.about.src,
    ];
    expect(urls.length).toBeGreaterThan(20);
    const known = new Set([...files.keys(), upload]);
    for (const url of urls) {
      expect(url.startsWith(MEDIA_ROUTE), url).toBe(true);
      const repoPath = decodeURIComponent(url.slice(MEDIA_ROUTE.length));
      expect(known.has(repoPath), url).toBe(true);
    }
    expect(urls).toContain(`${MEDIA_ROUTE}${upload}`);
  });

  it("points a private case study's media, which the build keeps out of public/, at the media route too", async () => {
    const change = officeDepotWith('status: published\n', 'status: published\nvisibility: private\n');
    const result = await checkContent({ files, changes: [change], preview: OFFICE_DEPOT });
    if (!result.ok || !result.preview) throw new Error(`expected a preview: ${JSON.stringify(result)}`);
    expect(result.preview.caseStudy.private).toBe(true);
    expect(result.preview.caseStudy.html).toContain(`${MEDIA_ROUTE}content/case-studies/office-depot/final-home.png`);
    expect(result.preview.caseStudy.html).not.toMatch(/private-media|\/generated\//);
  });

  it('says why there is no page for a case study that is coming soon', async () => {
    const result = await checkContent({ files, changes: [], preview: 'content/case-studies/mobile-banking.mdx' });
    expect(result).toEqual({ ok: true, previewUnavailable: expect.stringMatching(/coming soon: only a published case study has a page/) });
  });

  it('answers within 3 s on the real content (median of 5)', async () => {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const result = await checkContent({ files, changes: [officeDepotWith('order: 1\n', 'order: 1\n')], preview: OFFICE_DEPOT });
      times.push(performance.now() - started);
      expect(result.ok).toBe(true);
    }
    const median = at(
      [...times].sort((a, b) => a - b),
      2,
      'a median run',
    );
    console.info(`content check with preview: median ${Math.round(median)} ms (runs: ${times.map(Math.round).join(', ')} ms)`);
    expect(median).toBeLessThan(3000);
  });
});

describe('characters the resume PDF cannot draw', () => {
  const RESUME = 'content/resume.mdx';
  const resumeWith = (from: string, to: string): CheckChange => {
    const text = files.get(RESUME)!.toString('utf8');
    if (!text.includes(from)) throw new Error(`test: ${from} is not in ${RESUME}`);
    return { path: RESUME, bytes: Buffer.from(text.replace(from, to)) };
  };

  it('refuses one before the publish, naming the field, its line and the character', async () => {
    const change = resumeWith('name: English', 'name: English 🇬🇧');
    const text = change.bytes!.toString('utf8');
    const [problem, ...rest] = problemsOf(await checkContent({ files, changes: [change] }));
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ file: RESUME, field: 'languages.0.name', line: lineIn(text, 'name: English') });
    expect(problem?.message).toContain('“🇬”');
    expect(problem?.message).toContain('the resume PDF has no font that can draw');
  });

  it('lets Arabic, Hebrew, Cyrillic, Greek and Chinese through', async () => {
    const change = resumeWith('name: English', 'name: Arabic (العربية) · עברית · Русский · Ελληνικά · 中文');
    expect(await checkContent({ files, changes: [change] })).toEqual({ ok: true });
  });
});
