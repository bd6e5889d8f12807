// @module-tag slow
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseStudyFile, changeOneWord } from '../../test/bench/build';
import { CONTENT_DIR, ROOT } from '../helpers/data/content';
import { at } from '../helpers/must';
import { linkImageVariants } from '../helpers/start/built-clone';

/**
 * `npm run build` with its cache (.cache/build) writes what a build without
 * it writes, byte for byte. Built in a scratch copy of this checkout (its
 * tracked and new files, node_modules linked), so the project's own build
 * and cache are left alone; the content is a copy of the content under test.
 *
 *   A: cold (no app cache; the suite build's compressed twins seeded)
 *   B: one word of content changed: the app is reused, only content is compiled
 *   C: a class name Tailwind knows appears in content/: the app is built again
 *   D: C's tree again, cold: every output equal to C's
 */
const OUTPUTS = ['public/build', 'build', '.netlify/functions-internal', '.generated'];

let root: string;
let contentDir: string;
let caseStudy: string;

/** Every output file's hash, by path. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dir of OUTPUTS) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      out[path.relative(root, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
    }
  }
  return out;
}

function build(): string {
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentDir, BUILD_CACHE: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const only = (files: Record<string, string>, keep: (file: string) => boolean) =>
  Object.fromEntries(Object.entries(files).filter(([file]) => keep(file)));
const isContentOutput = (file: string) => file.startsWith('.generated/') && !file.endsWith('editor-bundle.json');

beforeAll(() => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'build-cache-it-'));
  root = path.join(scratch, 'site');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(root, file));
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  // The image variants are not an output compared here, and a deploy's build cache restores them too.
  linkImageVariants(root);
  // The compressed twins are kept by their source's bytes, level and compressor versions, so the suite's own build's twins
  // change no output here, and spare A compressing the same assets again (about 90 s on 2 cores); D compresses everything, cold.
  const twins = path.join(ROOT, '.cache/build/precompressed');
  if (existsSync(twins)) cpSync(twins, path.join(root, '.cache/build/precompressed'), { recursive: true });
  contentDir = path.join(scratch, 'content');
  cpSync(CONTENT_DIR, contentDir, { recursive: true });
  caseStudy = caseStudyFile(contentDir);
});

afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }));

describe('the build cache', () => {
  it(
    'gives the outputs of a build without it: after a content edit, after a new class name, and against a cold build',
    { timeout: 900_000 },
    () => {
      const coldA = build();
      expect(coldA).not.toMatch(/reused from \.cache/);
      const a = snapshot();
      expect(Object.keys(a).some((file) => file.startsWith('public/build/editor/') && file.endsWith('.js.br'))).toBe(true);

      writeFileSync(caseStudy, changeOneWord(readFileSync(caseStudy, 'utf8'), 'zebrafish'));
      const logB = build();
      expect(logB).toMatch(/App \(Remix, editor bundle, islands\): unchanged, reused/);
      expect(logB).toMatch(/0 compressed/);
      const b = snapshot();
      // The word reached the compiled content; nothing else changed.
      expect(readFileSync(path.join(root, '.generated/content.json'), 'utf8')).toContain('zebrafish');
      expect(only(b, (file) => !isContentOutput(file))).toEqual(only(a, (file) => !isContentOutput(file)));

      // A class no stylesheet has yet, in a file only Tailwind reads (content/ is scanned by app/tailwind.css).
      writeFileSync(path.join(root, 'content/build-cache-probe.mdx'), '<p className="tracking-[0.3131em]">probe</p>\n');
      const logC = build();
      expect(logC).not.toMatch(/reused from \.cache/);
      const c = snapshot();
      const css = Object.keys(c).filter((file) => /^public\/build\/_assets\/tailwind-.*\.css$/.test(file));
      expect(css).toHaveLength(1);
      const stylesheet = at(css, 0, 'a Tailwind stylesheet');
      expect(readFileSync(path.join(root, stylesheet), 'utf8')).toContain('tracking-\\[0\\.3131em\\]');
      expect(Object.keys(a)).not.toContain(stylesheet);

      rmSync(path.join(root, '.cache/build'), { recursive: true, force: true });
      const logD = build();
      expect(logD).not.toMatch(/reused from \.cache/);
      expect(logD).toMatch(/, 0 reused/);
      expect(snapshot()).toEqual(c);
    },
  );
});
