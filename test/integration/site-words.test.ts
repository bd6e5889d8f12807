import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../pipeline/content/compile';
import { startServer, type RunningServer } from '../helpers/start/server';
import { must } from '../helpers/must';
import { DEFAULT_WORD_FIELDS, DEFAULT_WORD_GROUPS } from '../helpers/data/words-designer';

/**
 * Every word of the public pages around the designer's content comes from
 * site.yml: a fixture designer (test/fixtures/words/designer) who set each
 * word field sees hers on the built pages, and the same site without those
 * fields shows the defaults. The built server serves each compiled set
 * (CONTENT_JSON_PATH), so this checks what a visitor receives.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(ROOT, 'test/fixtures/words/designer');
const OUT = '.generated/words-fixture';

/** The word groups and fields the fixture sets (and the defaults then drop). */
const WORD_GROUPS = Object.keys(DEFAULT_WORD_GROUPS);
const WORD_FIELDS = { hero: ['workButton', 'contactButton'], about: ['eyebrow', 'interestsTitle'] } as const;

type Words = Record<string, Record<string, string>>;

/** The header's labels: the spec's, fixed in code. */
const NAV_LABELS = ['Home', 'Case Studies', 'Resume', 'Contact'];

async function compileTo(contentDir: string, name: string): Promise<string> {
  const { content } = await compileSite(contentDir, path.join(FIXTURE, 'public'), path.join(tmpdir(), 'words-private-media'));
  const file = path.join(OUT, `${name}.json`);
  await mkdir(path.join(ROOT, OUT), { recursive: true });
  await writeFile(path.join(ROOT, file), JSON.stringify(content));
  return file;
}

/** The page's text as a visitor reads it: tags gone, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[^]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const PAGES = ['/', '/resume', '/case-study/ferry-console', '/privacy'];

async function pagesOf(server: RunningServer): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const page of PAGES) {
    const response = await fetch(`${server.url}${page}`);
    expect(response.status, page).toBe(200);
    pages[page] = textOf(await response.text());
  }
  return pages;
}

/** Where each word shows: the pages a visitor finds it on. */
function expectations(words: Words): [string, string, string][] {
  const at = (page: string, group: string, keys: string[]) =>
    keys.map((key) => [page, `${group}.${key}`, must(words[group]?.[key], `the word ${group}.${key}`)] as [string, string, string]);
  return [
    ...at('/', 'hero', ['workButton', 'contactButton']),
    ...at('/', 'about', ['eyebrow', 'interestsTitle']),
    ...at('/', 'work', ['eyebrow', 'title', 'subtitle']),
    ...at('/', 'contact', ['eyebrow', 'title', 'subtitle', 'linkedinLink']),
    ...at('/', 'footer', ['rights', 'privacy', 'backToTop']),
    ...at('/resume', 'resumePage', [
      'backLink',
      'download',
      'summaryTitle',
      'experienceTitle',
      'educationTitle',
      'skillsTitle',
      'certificationsTitle',
      'languagesTitle',
    ]),
    ...at('/resume', 'footer', ['rights', 'privacy', 'backToTop']),
    ...at('/case-study/ferry-console', 'moreWork', ['eyebrow', 'title']),
    ...at('/case-study/ferry-console', 'cta', ['title', 'subtitle', 'button']),
    ...at('/case-study/ferry-console', 'footer', ['rights', 'privacy', 'backToTop']),
    ...at('/privacy', 'resumePage', ['backLink']),
  ];
}

const DEFAULTS: Words = { ...DEFAULT_WORD_FIELDS, ...DEFAULT_WORD_GROUPS };

let custom: Words;
let scratch: string;
let servers: RunningServer[] = [];
let customPages: Record<string, string>;
let defaultPages: Record<string, string>;

beforeAll(async () => {
  const site = parseDocument(await readFile(path.join(FIXTURE, 'content/site.yml'), 'utf8'));
  const data = site.toJS() as Words;
  custom = Object.fromEntries(
    Object.keys(DEFAULTS).map((group) => [group, must(data[group], `the ${group} words in the fixture's site.yml`)]),
  );
  // The same designer without any word field: a site.yml written before they existed.
  scratch = await mkdtemp(path.join(tmpdir(), 'words-defaults-'));
  await cp(path.join(FIXTURE, 'content'), path.join(scratch, 'content'), { recursive: true });
  for (const group of WORD_GROUPS) site.delete(group);
  for (const [group, keys] of Object.entries(WORD_FIELDS)) for (const key of keys) site.deleteIn([group, key]);
  await writeFile(path.join(scratch, 'content/site.yml'), site.toString());

  const [customJson, defaultJson] = [
    await compileTo(path.join(FIXTURE, 'content'), 'custom'),
    await compileTo(path.join(scratch, 'content'), 'defaults'),
  ];
  servers = await Promise.all([startServer({ CONTENT_JSON_PATH: customJson }), startServer({ CONTENT_JSON_PATH: defaultJson })]);
  const pages = await Promise.all(servers.map(pagesOf));
  customPages = must(pages[0], 'the pages with custom words');
  defaultPages = must(pages[1], 'the pages with default words');
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  if (scratch) await rm(scratch, { recursive: true, force: true });
  await rm(path.join(ROOT, OUT), { recursive: true, force: true });
});

describe('the site’s words come from site.yml', () => {
  it('shows the designer’s own words on every page they belong to', () => {
    for (const [page, field, words] of expectations(custom)) {
      expect(words, field).toBeTruthy();
      expect(customPages[page], `${field} on ${page}`).toContain(words);
    }
  });

  it('shows none of the default words the designer replaced', () => {
    for (const [page, field, words] of expectations(DEFAULTS)) {
      // "Privacy" is also the privacy page's own heading, and the nav's fixed labels repeat two defaults.
      if (field === 'footer.privacy' || NAV_LABELS.includes(words)) continue;
      expect(customPages[page], `${field} on ${page}`).not.toContain(words);
    }
  });

  it('shows today’s words when the fields are absent, so an older site.yml builds unchanged', () => {
    for (const [page, field, words] of expectations(DEFAULTS)) expect(defaultPages[page], `${field} on ${page}`).toContain(words);
    for (const [page, field, words] of expectations(custom)) expect(defaultPages[page], `${field} on ${page}`).not.toContain(words);
  });
});
