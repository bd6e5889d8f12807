import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JsonLd } from '~/components/seo/JsonLd';
import { canonicalPath } from '~/seo/meta';
import { getSiteUrl } from '~/http/site-url.server';
import { robotsTxt, sitemapPaths, sitemapXml } from '~/seo/sitemap';
import { caseStudyJsonLd, personJsonLd, serializeJsonLd } from '~/seo/structured-data';
import { builtContent } from '../helpers/site/e2e';
import { at } from '../helpers/must';

const HOSTILE = {
  '@type': 'Thing',
  name: '</script><script>alert("x")</script>',
  description: 'Ünïcode & <!-- comment --> \u2028line\u2029separators',
  nested: { list: ['<b>', "it's", '&amp;'] },
};

describe('JSON-LD escaping', () => {
  it('writes no <, > or & and no raw line separators, and parses back to the same data', () => {
    const json = serializeJsonLd(HOSTILE);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(HOSTILE);
  });

  it('<JsonLd> renders one inert script element that cannot be closed early', () => {
    const html = renderToStaticMarkup(createElement(JsonLd, { json: serializeJsonLd(HOSTILE) }));
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const body = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(JSON.parse(body)).toEqual(HOSTILE);
  });

  it('content with markup still yields valid structured data', () => {
    const content = builtContent();
    const site = { ...content.site, name: 'A <b>&</b> B' };
    const person = JSON.parse(serializeJsonLd(personJsonLd(site, 'https://x.example')));
    expect(person.name).toBe('A <b>&</b> B');
    const caseStudy = at(Object.values(content.caseStudies), 0, 'a case study');
    const work = JSON.parse(serializeJsonLd(caseStudyJsonLd(caseStudy, site, { siteUrl: 'https://x.example', image: '/social/a.png' })));
    expect(work.image).toBe('https://x.example/social/a.png');
    expect(work.author.name).toBe('A <b>&</b> B');
  });
});

describe('getSiteUrl', () => {
  it('uses SITE_URL without a trailing slash', () => {
    expect(getSiteUrl({ SITE_URL: 'https://camila.design/' })).toBe('https://camila.design');
    expect(getSiteUrl({ SITE_URL: ' https://camila.design ' })).toBe('https://camila.design');
    expect(getSiteUrl({ SITE_URL: 'https://example.com/portfolio/' })).toBe('https://example.com/portfolio');
    expect(getSiteUrl({ SITE_URL: 'https://camila.design', URL: 'https://camila.netlify.app' })).toBe('https://camila.design');
  });

  it("falls back to Netlify's URL, then to localhost and the port", () => {
    expect(getSiteUrl({ URL: 'https://camila.netlify.app' })).toBe('https://camila.netlify.app');
    expect(getSiteUrl({ SITE_URL: '', URL: 'https://camila.netlify.app' })).toBe('https://camila.netlify.app');
    expect(getSiteUrl({ PORT: '4000' })).toBe('http://localhost:4000');
    expect(getSiteUrl({})).toBe('http://localhost:3000');
  });

  it('rejects a URL that is not absolute http(s)', () => {
    expect(() => getSiteUrl({ SITE_URL: 'camila.design' })).toThrow(/SITE_URL must be an absolute URL/);
    expect(() => getSiteUrl({ SITE_URL: 'ftp://camila.design' })).toThrow(/https:\/\//);
  });
});

describe('canonicalPath', () => {
  it('drops trailing slashes except on /', () => {
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/resume/')).toBe('/resume');
    expect(canonicalPath('/case-study/office-depot')).toBe('/case-study/office-depot');
  });
});

describe('sitemap and robots', () => {
  it('a newly published case study is listed', () => {
    const slugs = Object.keys(builtContent().caseStudies);
    expect(sitemapPaths(slugs)).toEqual(['/', '/resume', '/privacy', ...slugs.sort().map((slug) => `/case-study/${slug}`)]);
    expect(sitemapPaths([...slugs, 'new-project'])).toContain('/case-study/new-project');
  });

  it('writes absolute, escaped URLs', () => {
    const xml = sitemapXml('https://x.example', ['/', '/a&b']);
    expect(xml).toContain('<loc>https://x.example/</loc>');
    expect(xml).toContain('<loc>https://x.example/a&amp;b</loc>');
    expect(robotsTxt('https://x.example')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /s/\nDisallow: /shared\n\nSitemap: https://x.example/sitemap.xml\n',
    );
  });
});
