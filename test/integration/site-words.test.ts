import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/access/password-hash.server';
import { linkToken, newLinkId } from '~/access/share-link-token.server';
import { fillWords, type WordValues } from '~/content/site-words';
import { createDatabase } from '~/db/connection.server';
import { compileSite } from '../../pipeline/content/compile';
import { startServer, type RunningServer } from '../helpers/start/server';
import { testDatabase, type TestDatabase } from '../helpers/start/test-database';
import { SESSION_SECRET } from '../helpers/data/private';
import { saveEnv } from '../helpers/env';
import { must } from '../helpers/must';
import { DEFAULT_WORD_FIELDS, DEFAULT_WORD_GROUPS } from '../helpers/data/words-designer';

/**
 * Every word of the public pages around the designer's content comes from
 * site.yml: a fixture designer (test/fixtures/words/designer) who set each
 * word field sees hers on the built pages, and the same site without those
 * fields shows the defaults. The built server serves each compiled set
 * (CONTENT_JSON_PATH), so this checks what a visitor receives. The pages
 * that say why something is not shown (a wrong address, a private case
 * study before the password, /shared, a share link that does not open) are
 * asked on a database of the servers' own, with two private case studies
 * added to each copy of the designer and share links put in that database.
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

/** Two private case studies, added to each copy: /shared then shows one or several. */
const PRIVATE = ['harbour-log', 'tide-tables'];
const LOCKED_PAGE = `/case-study/${PRIVATE[0]}`;

async function addPrivateCaseStudies(contentDir: string) {
  const ferry = await readFile(path.join(contentDir, 'case-studies/ferry-console.mdx'), 'utf8');
  for (const [i, slug] of PRIVATE.entries()) {
    const study = ferry
      .replace('title: Ferry Console Redesign', `title: Private voyage ${i + 1}`)
      .replace('order: 1', `order: ${i + 3}`)
      .replace('status: published', 'status: published\nvisibility: private');
    await writeFile(path.join(contentDir, `case-studies/${slug}.mdx`), study);
  }
}

/** The links in the servers' database: one that opens one case study, one that opens all, one expired. */
type Links = { one: string; all: string; expired: string };

async function insertLinks(database: TestDatabase): Promise<Links> {
  const db = await createDatabase({ connectionString: database.url });
  const restore = saveEnv(['SESSION_SECRET']);
  process.env.SESSION_SECRET = SESSION_SECRET;
  try {
    const insert = async (scope: string[], days: number) => {
      const id = newLinkId();
      await db.query(
        `INSERT INTO share_links (id, label, case_studies, created_at, expires_at) VALUES ($1, 'words', $2, now() - interval '2 days', now() + $3::int * interval '1 day')`,
        [id, scope, days],
      );
      return must(linkToken(id), 'a share-link token');
    };
    return { one: await insert([at0(PRIVATE)], 30), all: await insert([], 30), expired: await insert([], -1) };
  } finally {
    restore();
    await db.end();
  }
}

const at0 = (list: string[]) => must(list[0], 'a first item');

/** The pages a visitor meets when something is not shown, each with the status it answers. */
async function whyPagesOf(server: RunningServer, links: Links, passwordSet: boolean): Promise<Record<string, string>> {
  const ask = async (page: string, status: number, cookie = '') => {
    const response = await fetch(`${server.url}${page}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    expect(response.status, page).toBe(status);
    return textOf(await response.text());
  };
  if (passwordSet) return { locked: await ask(LOCKED_PAGE, 200) };
  return {
    'not-found': await ask('/no-such-chart', 404),
    'locked-no-password': await ask(LOCKED_PAGE, 200),
    'shared-one': await ask('/shared', 200, `portfolio_link=${links.one}`),
    'shared-many': await ask('/shared', 200, `portfolio_link=${links.all}`),
    expired: await ask(`/s/${links.expired}`, 410),
    unknown: await ask(`/s/${'A'.repeat(43)}`, 404),
  };
}

/** The designer the fixture is, for the values her sentences name in braces. */
const VALUES: WordValues = { name: 'Robin Quartz', 'first name': 'Robin', email: 'robin.quartz@example.org', count: PRIVATE.length };

/** Where each word of those pages shows, its values filled in. */
function whyExpectations(words: Words): [string, string, string][] {
  const at = (page: string, group: string, keys: string[]) =>
    keys.map(
      (key) =>
        [page, `${group}.${key}`, fillWords(must(words[group]?.[key], `the word ${group}.${key}`), VALUES)] as [string, string, string],
    );
  return [
    ...at('not-found', 'notFound', ['title', 'subtitle', 'homeLink']),
    ...at('locked-no-password', 'locked', ['title', 'noPasswordNote', 'askButton']),
    ...at('locked', 'locked', ['title', 'note']),
    ...at('shared-one', 'shared', ['eyebrow', 'title', 'subtitleOne']),
    ...at('shared-many', 'shared', ['eyebrow', 'title', 'subtitleMany']),
    ...at('expired', 'shareLink', ['homeLink', 'expiredTitle', 'expiredText']),
    ...at('unknown', 'shareLink', ['homeLink', 'unknownTitle', 'unknownText']),
  ];
}

/** A link inside a sentence leaves a space before the stop after it: the text as read. */
const asRead = (text: string) => text.replace(/\s+([.,:;!?])/g, '$1');

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
let database: TestDatabase | undefined;
let servers: RunningServer[] = [];
let customPages: Record<string, string>;
let defaultPages: Record<string, string>;

beforeAll(async () => {
  const site = parseDocument(await readFile(path.join(FIXTURE, 'content/site.yml'), 'utf8'));
  const data = site.toJS() as Words;
  custom = Object.fromEntries(
    Object.keys(DEFAULTS).map((group) => [group, must(data[group], `the ${group} words in the fixture's site.yml`)]),
  );
  // Her site with two private case studies, and the same without any word field: a site.yml written before they existed.
  scratch = await mkdtemp(path.join(tmpdir(), 'words-defaults-'));
  const [customDir, defaultDir] = [path.join(scratch, 'custom'), path.join(scratch, 'defaults')];
  for (const dir of [customDir, defaultDir]) {
    await cp(path.join(FIXTURE, 'content'), dir, { recursive: true });
    await addPrivateCaseStudies(dir);
  }
  for (const group of WORD_GROUPS) site.delete(group);
  for (const [group, keys] of Object.entries(WORD_FIELDS)) for (const key of keys) site.deleteIn([group, key]);
  await writeFile(path.join(defaultDir, 'site.yml'), site.toString());

  const [customJson, defaultJson] = [await compileTo(customDir, 'custom'), await compileTo(defaultDir, 'defaults')];
  database = await testDatabase();
  const links = await insertLinks(database);
  const env = { NETLIFY_DB_URL: database.url, SESSION_SECRET };
  servers = await Promise.all([
    startServer({ ...env, CONTENT_JSON_PATH: customJson }),
    startServer({ ...env, CONTENT_JSON_PATH: defaultJson }),
  ]);
  const pages = await Promise.all(
    servers.map(async (server) => ({ ...(await pagesOf(server)), ...(await whyPagesOf(server, links, false)) })),
  );
  // Once a password is set, the lock screen has its box and the note above it.
  const db = await createDatabase({ connectionString: database.url });
  await db.query(`INSERT INTO private_case_study_password (only_row, hash, set_at) VALUES (true, $1, now())`, [
    await hashPassword('a password she set'),
  ]);
  await db.end();
  const locked = await Promise.all(servers.map((server) => whyPagesOf(server, links, true)));
  customPages = { ...must(pages[0], 'the pages with custom words'), ...must(locked[0], 'the lock screen with custom words') };
  defaultPages = { ...must(pages[1], 'the pages with default words'), ...must(locked[1], 'the lock screen with default words') };
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
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

describe('the pages that say why something is not shown take her words too', () => {
  it('shows hers on the 404, the lock screen with and without a password, /shared for one and several, and an expired or unknown link', () => {
    for (const [page, field, words] of whyExpectations(custom))
      expect(asRead(customPages[page] ?? ''), `${field} on ${page}`).toContain(words);
  });

  it('shows none of the defaults she replaced there, and today’s words where she set none', () => {
    for (const [page, field, words] of whyExpectations(DEFAULTS)) {
      expect(asRead(customPages[page] ?? ''), `${field} on ${page}`).not.toContain(words);
      expect(asRead(defaultPages[page] ?? ''), `${field} on ${page}`).toContain(words);
    }
  });
});
