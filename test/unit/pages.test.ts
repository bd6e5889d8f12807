import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePageName, pageNameProblem, RESERVED_PAGE_NAMES } from '~/content/page-names';
import { pageFrontmatterSchema } from '~/content/schema';
import { NAV_ITEMS, withPages } from '~/components/layout/nav-items';
import { sitemapPaths } from '~/seo/sitemap';
import { isKnownRoute, NOT_FOUND_ROUTE, pageRoute } from '~/insights/page-route';
import { compileContent, ContentError } from '../../pipeline/content/compile';
import { copyContent, ROOT, type ContentCopy } from '../helpers/data/content';
import { FIXTURE_PAGES_DIR } from '../helpers/data/fixture-site';

/**
 * Pages of her own (content/pages/<slug>.mdx, served at /<slug>): the names
 * the site uses can never be one, the frontmatter's schema, the compile, and
 * where a page goes in the menu.
 */

/**
 * The first segment of every address a route answers (Remix's flat routes:
 * dots are slashes, `[.]` a dot, `_` at either end of a segment no segment at
 * all, `$` a parameter). A route whose first segment is a parameter (a page,
 * the catch-all) answers no name of its own.
 */
function routeRootNames(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(path.join(ROOT, 'app/routes'))) {
    const route = file.replace(/(\.server)?\.tsx?$/, '');
    const first = route
      .replace(/\[\.\]/g, '\0')
      .split('.')[0]!
      .replace(/\0/g, '.')
      .replace(/^_+|_+$/g, '');
    if (first === '' || first === 'index' || first.startsWith('$')) continue;
    names.add(first);
  }
  return [...names].sort();
}

/** Files at the root of public/: what is there now, and what builds put there (.gitignore names them). */
function publicRootNames(): string[] {
  const present = existsSync(path.join(ROOT, 'public')) ? readdirSync(path.join(ROOT, 'public')) : [];
  const ignored = readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => /^\/?public\/([^/*]+)\/?$/.exec(line.trim())?.[1])
    .filter((name): name is string => name !== undefined);
  return [...new Set([...present, ...ignored])].sort();
}

describe('names the site uses', () => {
  it('every route the site answers at its root is reserved: a new route must add its name to page-names.ts', () => {
    const routes = routeRootNames();
    expect(routes).toEqual(expect.arrayContaining(['admin', 'api', 'case-study', 'privacy', 'resume', 's', 'shared', 'sitemap.xml']));
    expect(routes.filter((name) => !RESERVED_PAGE_NAMES.has(name))).toEqual([]);
  });

  it('every file or folder at the root of public/ is reserved', () => {
    const names = publicRootNames();
    expect(names).toEqual(expect.arrayContaining(['build', 'generated']));
    expect(names.filter((name) => !RESERVED_PAGE_NAMES.has(name))).toEqual([]);
  });

  it('the names the brief lists are all reserved, contact included', () => {
    for (const name of [
      'admin',
      'api',
      's',
      'shared',
      'resume',
      'privacy',
      'case-study',
      'generated',
      'private-media',
      'build',
      'contact',
      'fonts',
    ]) {
      expect(pageNameProblem(name), name).toBe(`“${name}” is a page the site already has.`);
    }
  });

  it('a free name is offered for a reserved or taken one', () => {
    expect(pageNameProblem('writing')).toBeNull();
    expect(pageNameProblem('Writing')).toMatch(/is not an address/);
    expect(freePageName('resume', [])).toBe('resume-notes');
    expect(freePageName('writing', ['writing'])).toBe('writing-notes');
    expect(freePageName('writing', ['writing', 'writing-notes'])).toBe('writing-2');
    expect(freePageName('about', [])).toBe('about');
  });
});

describe('the page schema', () => {
  const minimal = { title: 'Writing', description: 'Essays.' };

  it('takes a title and a description; the image, its alt, the menu place and earlier addresses are optional', () => {
    expect(pageFrontmatterSchema.parse(minimal)).toEqual({ ...minimal, formerly: [] });
    const full = { ...minimal, image: './writing/desk.svg', alt: 'A desk', menu: 2, formerly: ['notes'] };
    expect(pageFrontmatterSchema.parse(full)).toEqual(full);
  });

  it('refuses what a page cannot have: an image without its alt, a place that is not 1 or more, a visibility, a bad earlier address', () => {
    const problems = (data: object) =>
      pageFrontmatterSchema.safeParse({ ...minimal, ...data }).error?.issues.map((issue) => issue.path.join('.'));
    expect(problems({ image: './a.png' })).toEqual(['alt']);
    expect(problems({ menu: 0 })).toEqual(['menu']);
    expect(problems({ menu: 1.5 })).toEqual(['menu']);
    expect(problems({ visibility: 'private' })).toEqual(['']);
    expect(problems({ formerly: ['Old Name'] })).toEqual(['formerly.0']);
  });
});

describe('compiling pages', () => {
  let copy: ContentCopy | undefined;
  afterEach(async () => copy?.dispose());

  it('compiles content/pages/*.mdx with the story blocks, its picture for the sharing card, and no page when there is no folder', async () => {
    copy = await copyContent();
    expect((await compileContent(copy.dir)).pages).toEqual({});
    await cp(FIXTURE_PAGES_DIR, path.join(copy.dir, 'pages'), { recursive: true });
    const { pages } = await compileContent(copy.dir);
    expect(Object.keys(pages ?? {}).sort()).toEqual(['colophon', 'writing']);
    const writing = pages!.writing!;
    expect(writing).toMatchObject({ slug: 'writing', href: '/writing', title: 'Writing', menu: 2, formerly: ['notes'] });
    expect(writing.image).toMatchObject({ alt: 'A desk with a notebook, standing in for the writing page’s picture' });
    expect(writing.html).toContain('<figure');
    expect(writing.html.match(/<strong>/g)).toHaveLength(3);
    expect(pages!.colophon).toMatchObject({ image: null, sections: [] });
    expect(pages!.colophon!.menu).toBeUndefined();
  });

  it('refuses a page named like something the site has, naming the file', async () => {
    copy = await copyContent();
    await cp(FIXTURE_PAGES_DIR, path.join(copy.dir, 'pages'), { recursive: true });
    await copy.write('pages/resume.mdx', '---\ntitle: Resume\ndescription: Mine.\n---\n\nText.\n');
    const error = await compileContent(copy.dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    expect(String((error as Error).message)).toMatch(/content\/pages\/resume\.mdx[\s\S]*“resume” is a page the site already has/);
  });

  it('refuses an earlier address that is another page’s address now', async () => {
    copy = await copyContent();
    await cp(FIXTURE_PAGES_DIR, path.join(copy.dir, 'pages'), { recursive: true });
    await copy.edit('pages/writing.mdx', '  - notes', '  - colophon');
    await expect(compileContent(copy.dir)).rejects.toThrow(/"colophon" is the address of content\/pages\/colophon\.mdx now/);
  });
});

describe('pages in the menu and the sitemap', () => {
  it('a page with menu: N is the Nth item; past the end, it goes before the button', () => {
    const labels = (pages: { title: string; href: string; menu: number }[]) => withPages(NAV_ITEMS, pages).map((item) => item.label);
    expect(labels([{ title: 'Writing', href: '/writing', menu: 2 }])).toEqual(['Home', 'Writing', 'Case Studies', 'Resume', 'Contact']);
    expect(
      labels([
        { title: 'About', href: '/about', menu: 1 },
        { title: 'Talks', href: '/talks', menu: 9 },
      ]),
    ).toEqual(['About', 'Home', 'Case Studies', 'Resume', 'Talks', 'Contact']);
  });

  it('the sitemap lists every page at its address', () => {
    expect(sitemapPaths(['office-depot'], ['writing', 'colophon'])).toEqual([
      '/',
      '/resume',
      '/privacy',
      '/case-study/office-depot',
      '/colophon',
      '/writing',
    ]);
  });
});

describe('insights', () => {
  it('an address that is not a page is still counted as the 404 page, now that one-segment addresses go to the pages route', () => {
    const leaf = (data: unknown, slug = 'nope') => [{ id: 'routes/$slug', data, params: { slug } }];
    expect(pageRoute(leaf(null), '/nope')).toBe(NOT_FOUND_ROUTE);
  });

  it('a page of hers is counted at its address, and the collector takes no other one-segment address', () => {
    expect(pageRoute([{ id: 'routes/$slug', data: { page: {} }, params: { slug: 'writing' } }], '/writing')).toBe('/writing');
    const pages = new Set(['writing']);
    expect(isKnownRoute('/writing', new Set(), pages)).toBe(true);
    for (const route of ['/colophon', '/admin', '/writing/x', '/Writing', '/s'])
      expect(isKnownRoute(route, new Set(), pages), route).toBe(false);
    expect(isKnownRoute('/case-study/writing', new Set(), pages)).toBe(false);
  });
});
