import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CACHE, PAGE_CDN_CACHE } from '~/http/cache-headers.server';
import type { CompiledContent } from '~/content/schema';
import { builtContent, site } from '../helpers/site/e2e';
import { decodeEntities } from '../helpers/site/http';
import { startServer, type RunningServer } from '../helpers/start/server';
import { at, group } from '../helpers/must';

/**
 * Search and sharing through the real built server: every page's head tags,
 * the generated sharing images, JSON-LD, /sitemap.xml and /robots.txt.
 */

const SITE_URL = 'https://portfolio.example';

let server: RunningServer;
let content: CompiledContent;

beforeAll(async () => {
  server = await startServer({ SITE_URL });
  content = builtContent();
});
afterAll(() => server?.stop());

/** The published pages, from the content the server was built from. */
function pages() {
  const caseStudies = Object.values(content.caseStudies);
  expect(caseStudies.length).toBeGreaterThan(0);
  return [
    { path: '/', type: 'website' },
    { path: '/resume', type: 'profile' },
    { path: '/privacy', type: 'website' },
    ...caseStudies.map((caseStudy) => ({ path: `/case-study/${caseStudy.slug}`, type: 'article' })),
  ];
}

type Head = {
  title: string | undefined;
  /** content of <meta name=…> or <meta property=…>; every value, in order */
  meta: (key: string) => string[];
  links: (rel: string) => string[];
};

function parseHead(html: string): Head {
  const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
  const attributes = (tag: string) =>
    Object.fromEntries(
      [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [name.toLowerCase(), decodeEntities(value)]),
    );
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map(([tag]) => attributes(tag));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => attributes(tag));
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  return {
    title: title === undefined ? undefined : decodeEntities(title),
    meta: (key) => metas.filter((m) => m.name === key || m.property === key).map((m) => m.content ?? ''),
    links: (rel) => links.filter((l) => l.rel === rel).map((l) => l.href ?? ''),
  };
}

/** The one value of a tag, failing when it is missing or repeated. */
function one(head: Head, key: string): string {
  const values = head.meta(key);
  expect(values, key).toHaveLength(1);
  expect(values[0], key).not.toBe('');
  return at(values, 0, key);
}

/** An absolute URL under SITE_URL, fetched from the test server instead. */
function local(url: string): string {
  expect(url.startsWith(`${SITE_URL}/`), url).toBe(true);
  return `${server.url}${url.slice(SITE_URL.length)}`;
}

async function getHtml(path: string) {
  const response = await fetch(`${server.url}${path}`);
  return { response, html: await response.text() };
}

/** The page's one JSON-LD block, a schema.org thing of `type`. */
function onlyJsonLdIn(html: string, type: string, path: string): Record<string, unknown> {
  const blocks = jsonLdIn(html);
  expect(blocks, path).toHaveLength(1);
  const block = at(blocks, 0, `a ${type} block`);
  expect(block['@context'], path).toBe('https://schema.org');
  expect(block['@type'], path).toBe(type);
  return block;
}

/** The text of a 200 answer of `contentType` to `path`, once its headers say it is cached like a page. */
async function textCachedLikeAPage(path: string, contentType: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toBe(contentType);
  expect(response.headers.get('cache-control'), path).toBe(PAGE_CACHE);
  expect(response.headers.get('netlify-cdn-cache-control'), path).toBe(PAGE_CDN_CACHE);
  return response.text();
}

function jsonLdIn(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(group(match, 'a JSON-LD block')) as Record<string, unknown>,
  );
}

describe('every page: title, description, canonical, Open Graph and Twitter card', () => {
  it.each(['/', '/resume', '/privacy', '/case-study/office-depot'])('%s is one of the published pages', (path) => {
    expect(pages().map((p) => p.path)).toContain(path);
  });

  it('covers each published page', async () => {
    const seenImages = new Set<string>();
    for (const { path, type } of pages()) {
      const { response, html } = await getHtml(path);
      expect(response.status, path).toBe(200);
      const head = parseHead(html);
      const url = `${SITE_URL}${path}`;

      expect(head.title, path).toBeTruthy();
      const description = one(head, 'description');
      expect(head.links('canonical'), path).toEqual([url]);
      expect(head.meta('robots'), path).toEqual([]);

      expect(one(head, 'og:type')).toBe(type);
      expect(one(head, 'og:url')).toBe(url);
      expect(one(head, 'og:title')).toBe(head.title);
      expect(one(head, 'og:description')).toBe(description);
      expect(one(head, 'og:site_name')).toBe(site.name);
      expect(one(head, 'og:locale')).toBe('en_US');
      const image = one(head, 'og:image');
      expect(image).toMatch(new RegExp(`^${SITE_URL}/social/[\\w-]+\\.png$`));
      expect(one(head, 'og:image:width')).toBe('1200');
      expect(one(head, 'og:image:height')).toBe('630');
      expect(one(head, 'og:image:type')).toBe('image/png');
      const alt = one(head, 'og:image:alt');

      expect(one(head, 'twitter:card')).toBe('summary_large_image');
      expect(one(head, 'twitter:title')).toBe(head.title);
      expect(one(head, 'twitter:description')).toBe(description);
      expect(one(head, 'twitter:image')).toBe(image);
      expect(one(head, 'twitter:image:alt')).toBe(alt);

      // Each page has its own card (the privacy page shares the home page's), and it is a real 1200×630 PNG.
      if (path === '/privacy') {
        expect(image).toBe(`${SITE_URL}/social/home.png`);
      } else {
        expect(seenImages.has(image), `${path} reuses ${image}`).toBe(false);
        seenImages.add(image);
      }
      const png = await fetch(local(image));
      expect(png.status, image).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const metadata = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: 'png',
        width: 1200,
        height: 630,
      });
    }
  });

  it('titles and descriptions come from the content', async () => {
    const home = parseHead((await getHtml('/')).html);
    expect(home.title).toBe(`${site.name} — ${site.role}`);
    expect(one(home, 'description')).toBe(content.site.description);
    for (const caseStudy of Object.values(content.caseStudies)) {
      const head = parseHead((await getHtml(`/case-study/${caseStudy.slug}`)).html);
      expect(head.title).toContain(caseStudy.title);
      expect(one(head, 'description')).toBe(caseStudy.page.summary);
      expect(one(head, 'og:image:alt')).toContain(caseStudy.title);
    }
    const resume = parseHead((await getHtml('/resume')).html);
    expect(resume.title).toContain('Resume');
    expect(one(resume, 'description')).toContain(content.resume.headline);
    const privacy = parseHead((await getHtml('/privacy')).html);
    expect(privacy.title).toBe(`Privacy — ${site.name}`);
    expect(one(privacy, 'description')).toContain(site.name);
  });

  it('the canonical URL drops the query, the hash and a trailing slash', async () => {
    for (const [path, canonical] of [
      ['/resume/?utm_source=newsletter', '/resume'],
      ['/privacy/?utm_source=footer', '/privacy'],
      ['/?ref=card#work', '/'],
      ['/case-study/office-depot?from=home', '/case-study/office-depot'],
    ] as const) {
      const { response, html } = await getHtml(path);
      expect(response.status, path).toBe(200);
      const head = parseHead(html);
      expect(head.links('canonical'), path).toEqual([`${SITE_URL}${canonical}`]);
      expect(one(head, 'og:url')).toBe(`${SITE_URL}${canonical}`);
    }
  });
});

describe('structured data (JSON-LD)', () => {
  it('/ describes the designer as a Person', async () => {
    const person = onlyJsonLdIn((await getHtml('/')).html, 'Person', '/');
    expect(person).toMatchObject({
      name: site.name,
      jobTitle: site.role,
      email: `mailto:${site.email}`,
      url: `${SITE_URL}/`,
      address: { '@type': 'PostalAddress', addressLocality: site.location.replace(/,.*/s, '').trim() },
    });
    expect(person.sameAs).toEqual(expect.arrayContaining([site.linkedin, site.website]));
    const image = await fetch(local(person.image as string));
    expect(image.status).toBe(200);
  });

  it('each case study is a CreativeWork by that Person', async () => {
    for (const caseStudy of Object.values(content.caseStudies)) {
      const path = `/case-study/${caseStudy.slug}`;
      const html = (await getHtml(path)).html;
      const work = onlyJsonLdIn(html, 'CreativeWork', path);
      expect(work).toMatchObject({
        name: caseStudy.title,
        description: caseStudy.description,
        url: `${SITE_URL}${path}`,
        author: { '@type': 'Person', name: site.name, url: `${SITE_URL}/` },
      });
      expect(String(work.keywords).split(', ')).toEqual(caseStudy.tags);
      expect((work.about as { name: string }[]).map((thing) => thing.name)).toEqual(caseStudy.tags);
      expect(work.image).toBe(one(parseHead(html), 'og:image'));
      const image = await fetch(local(work.image as string));
      expect(image.headers.get('content-type')).toBe('image/png');
    }
  });

  it('the resume, the privacy page and the 404 page carry none', async () => {
    expect(jsonLdIn((await getHtml('/resume')).html)).toEqual([]);
    expect(jsonLdIn((await getHtml('/privacy')).html)).toEqual([]);
    expect(jsonLdIn((await getHtml('/missing')).html)).toEqual([]);
  });
});

describe('/sitemap.xml', () => {
  it('lists exactly the published pages, with absolute URLs, as XML cached like a page', async () => {
    const xml = await textCachedLikeAPage('/sitemap.xml', 'application/xml; charset=utf-8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);
    // Follows the case-study files: every published one, as compiled by this build.
    const expected = pages().map((p) => `${SITE_URL}${p.path}`);
    expect([...locs].sort()).toEqual([...expected].sort());
    expect(xml.match(/<url>/g)).toHaveLength(expected.length);
  });

  it('leaves out coming-soon cards, and every URL it lists answers 200', async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const comingSoon = content.cards.filter((card) => card.href === null);
    expect(comingSoon.length).toBeGreaterThan(0);
    for (const card of comingSoon) expect(xml).not.toContain(`/case-study/${card.slug}<`);
    for (const [, loc = ''] of xml.matchAll(/<loc>([^<]*)<\/loc>/g)) {
      expect((await fetch(local(loc))).status, loc).toBe(200);
    }
  });
});

describe('icons', () => {
  /** Every icon the page links to, with its declared size. */
  function iconLinks(html: string) {
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    return [...head.matchAll(/<link\b[^>]*rel="(icon|apple-touch-icon)"[^>]*>/g)].map(([tag, rel]) => ({
      rel,
      href: /href="([^"]+)"/.exec(tag)?.[1] ?? '',
      sizes: /sizes="(\d+)x(\d+)"/.exec(tag)?.slice(1).map(Number),
      type: /type="([^"]+)"/.exec(tag)?.[1],
    }));
  }

  it.each(['/', '/resume', '/case-study/office-depot', '/no/such/page'])(
    '%s links PNG favicons of the sizes it declares and an apple-touch icon',
    async (path) => {
      const icons = iconLinks((await getHtml(path)).html);
      expect(icons.filter((icon) => icon.rel === 'icon').map((icon) => icon.sizes)).toEqual([
        [32, 32],
        [96, 96],
      ]);
      expect(icons.filter((icon) => icon.rel === 'apple-touch-icon')).toHaveLength(1);
      for (const icon of icons) {
        const response = await fetch(`${server.url}${icon.href}`);
        expect(response.status, icon.href).toBe(200);
        expect(response.headers.get('content-type'), icon.href).toBe('image/png');
        if (icon.type) expect(icon.type).toBe('image/png');
        const { format, width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        const [expectedWidth, expectedHeight] = icon.sizes ?? [180, 180];
        expect({ format, width, height }, icon.href).toEqual({ format: 'png', width: expectedWidth, height: expectedHeight });
      }
    },
  );

  it('/favicon.ico is an icon file holding a 32 px PNG, for tools that ask for it by name', async () => {
    const response = await fetch(`${server.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const ico = Buffer.from(await response.arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)], 'ICONDIR: reserved, type icon, one image').toEqual([0, 1, 1]);
    expect([ico.readUInt8(6), ico.readUInt8(7)], 'declared size').toEqual([32, 32]);
    const png = ico.subarray(ico.readUInt32LE(18), ico.readUInt32LE(18) + ico.readUInt32LE(14));
    const { format, width, height } = await sharp(png).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 32, height: 32 });
  });
});

describe('/robots.txt', () => {
  it('allows everything and points at the sitemap', async () => {
    const text = await textCachedLikeAPage('/robots.txt', 'text/plain; charset=utf-8');
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).not.toMatch(/^Disallow: \/\s*$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${SITE_URL}/sitemap\\.xml$`, 'm'));
  });
});

describe('404 pages', () => {
  it.each(['/some/missing', '/case-study/unknown', '/case-study/mobile-banking'])(
    '%s is noindex, without a canonical URL',
    async (path) => {
      const { response, html } = await getHtml(path);
      expect(response.status).toBe(404);
      const head = parseHead(html);
      expect(head.title).toBe('Page not found');
      expect(head.meta('robots')).toEqual(['noindex']);
      expect(head.links('canonical')).toEqual([]);
      expect(head.meta('og:url')).toEqual([]);
    },
  );
});

describe('without SITE_URL', () => {
  it("uses Netlify's URL (the site's main address)", async () => {
    const netlify = await startServer({ SITE_URL: '', URL: 'https://camila.netlify.app' });
    try {
      const head = parseHead(await (await fetch(`${netlify.url}/resume`)).text());
      expect(head.links('canonical')).toEqual(['https://camila.netlify.app/resume']);
      const robots = await (await fetch(`${netlify.url}/robots.txt`)).text();
      expect(robots).toContain('Sitemap: https://camila.netlify.app/sitemap.xml');
    } finally {
      await netlify.stop();
    }
  });
});
