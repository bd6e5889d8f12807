import type { CaseStudy, Site } from '~/content/schema';

/**
 * schema.org JSON-LD for search engines: a Person on / and a CreativeWork on
 * each case study. Builders are pure; `siteUrl` is the absolute origin
 * (app/http/site-url.server.ts). The pages' loaders build and serialize the
 * data on the server; the view only writes the finished string out (JsonLd).
 */

export type JsonLdObject = { '@context'?: string; '@type': string; [key: string]: unknown };

/**
 * JSON for an inline <script type="application/ld+json">. The HTML parser ends
 * a script at the first "</script", whatever the JSON means, so every "<" (and
 * ">", "&", and the two line separators JavaScript once rejected) is written
 * as a \u escape: the same data for a JSON parser, inert for the HTML one.
 */
export function serializeJsonLd(data: JsonLdObject): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const absoluteUrl = (siteUrl: string, path: string) => new URL(path, `${siteUrl}/`).href;

type PersonSite = Pick<Site, 'name' | 'role' | 'email' | 'linkedin' | 'website' | 'location' | 'photos' | 'description'>;

/** "Boca Raton, Florida" → locality and region. */
function postalAddress(location: string) {
  const [locality, ...rest] = location.split(',').map((part) => part.trim());
  return {
    '@type': 'PostalAddress',
    addressLocality: locality,
    ...(rest.length ? { addressRegion: rest.join(', ') } : {}),
  };
}

export function personJsonLd(site: PersonSite, siteUrl: string): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': `${siteUrl}/#person`,
    name: site.name,
    jobTitle: site.role,
    description: site.description,
    email: `mailto:${site.email}`,
    url: `${siteUrl}/`,
    image: absoluteUrl(siteUrl, site.photos.profile.src),
    sameAs: [site.linkedin, site.website],
    address: postalAddress(site.location),
  };
}

export function caseStudyJsonLd(
  caseStudy: Pick<CaseStudy, 'title' | 'description' | 'tags' | 'href' | 'page'>,
  author: { name: string; role: string },
  { siteUrl, image }: { siteUrl: string; image: string },
): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: caseStudy.title,
    headline: caseStudy.title,
    description: caseStudy.description,
    abstract: caseStudy.page.summary,
    url: absoluteUrl(siteUrl, caseStudy.href),
    image: absoluteUrl(siteUrl, image),
    author: { '@type': 'Person', '@id': `${siteUrl}/#person`, name: author.name, jobTitle: author.role, url: `${siteUrl}/` },
    keywords: caseStudy.tags.join(', '),
    about: caseStudy.tags.map((tag) => ({ '@type': 'Thing', name: tag })),
    inLanguage: 'en',
  };
}
