import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';

/** The checkout: test/helpers/data/ is three folders below it. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The designer's own content/. Only the test that checks it builds reads it:
 * every other test runs on a fixture designer, so that a designer who
 * replaces content/ keeps the suite green.
 */
export const REAL_CONTENT_DIR = path.join(ROOT, 'content');

/**
 * The sample designer (Camila Navarro), frozen as a fixture: a verbatim copy
 * of the content/ the project ships. Tests that assert her words compile or
 * copy this directory by name.
 */
export const SAMPLE_SITE_DIR = path.join(ROOT, 'test/fixtures/site');

/** A second, different fixture designer (Jordan Rivera), for the content-contract run. */
export const SECOND_SITE_DIR = path.join(ROOT, 'test/fixtures/second-site');

/**
 * The content under test: what the test build compiles and the built server
 * serves. The sample fixture unless TEST_CONTENT_DIR names another directory
 * (CI's second run points it at a different designer; see .ci/run). Tests
 * that read their expectations from here, never from literals, pass on any
 * valid content.
 */
export const CONTENT_DIR = process.env.TEST_CONTENT_DIR?.trim() ? path.resolve(ROOT, process.env.TEST_CONTENT_DIR.trim()) : SAMPLE_SITE_DIR;

/** True when the content under test is the sample fixture, whose words some tests assert. */
export const CONTENT_IS_SAMPLE = CONTENT_DIR === SAMPLE_SITE_DIR;

/** A scratch directory holding a copy of a content set (the sample fixture unless `from` says otherwise), at <root>/content. */
export type ContentCopy = {
  root: string;
  dir: string;
  /** Replaces one exact string in a content file; fails if it is not there, so a test never checks nothing. */
  edit: (file: string, from: string | RegExp, to: string) => Promise<void>;
  write: (file: string, text: string) => Promise<void>;
  remove: (file: string) => Promise<void>;
  dispose: () => Promise<void>;
};

export async function copyContent(from: string = SAMPLE_SITE_DIR): Promise<ContentCopy> {
  const root = await mkdtemp(path.join(tmpdir(), 'portfolio-content-'));
  const dir = path.join(root, 'content');
  await cp(from, dir, { recursive: true });
  return {
    root,
    dir,
    async edit(file, from, to) {
      const target = path.join(dir, file);
      const text = await readFile(target, 'utf8');
      const found = typeof from === 'string' ? text.includes(from) : from.test(text);
      if (!found) throw new Error(`test fixture: ${String(from)} not found in content/${file}`);
      await writeFile(target, text.replace(from, to));
    },
    write: (file, text) => writeFile(path.join(dir, file), text),
    remove: (file) => rm(path.join(dir, file)),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

/** Every file of a content set, keyed by its path as the site's repository holds it (content/site.yml, content/case-studies/…). */
export function contentFilesOf(dir: string = CONTENT_DIR): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[`content/${path.relative(dir, file).split(path.sep).join('/')}`] = readFileSync(file);
  }
  return files;
}

/** The first published case study of the content under test (by file name), whatever the designer called it. */
export function publishedCaseStudy(dir: string = CONTENT_DIR): { slug: string; title: string } {
  const studies = path.join(dir, 'case-studies');
  for (const name of readdirSync(studies)
    .filter((file) => file.endsWith('.mdx'))
    .sort()) {
    const { data } = matter(readFileSync(path.join(studies, name), 'utf8'));
    if (data.status === 'published' && typeof data.title === 'string') return { slug: name.replace(/\.mdx$/, ''), title: data.title };
  }
  throw new Error(`no published case study in ${studies}`);
}

/** The least frontmatter a coming-soon case study's card takes, for schema tests to add to or spoil. */
export const MINIMAL_CARD = {
  title: 'T',
  description: 'D',
  image: './x/card.png',
  alt: 'A',
  tags: ['x'],
  role: 'R',
  timeline: 'T',
  impact: 'I',
  order: 1,
  status: 'coming-soon',
} as const;
