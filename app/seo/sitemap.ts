/**
 * /sitemap.xml and /robots.txt, generated from the content: the home page,
 * the resume, the privacy page and every published case study (one per file in
 * content/case-studies with `status: published`). Coming-soon cards have no
 * page, so they are not listed. The contact page (/contact) is listed when it is
 * the contact form's place, that is when her home page does not show it.
 */

export function sitemapPaths(
  caseStudySlugs: readonly string[],
  pageSlugs: readonly string[] = [],
  { contactPage = false }: { contactPage?: boolean } = {},
): string[] {
  return [
    '/',
    '/resume',
    '/privacy',
    ...(contactPage ? ['/contact'] : []),
    ...[...caseStudySlugs].sort().map((slug) => `/case-study/${slug}`),
    // Her own pages (content/pages/), all public.
    ...[...pageSlugs].sort().map((slug) => `/${slug}`),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url>\n    <loc>${escapeXml(`${siteUrl}${path}`)}</loc>\n  </url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  // The owner's area and share links are private: nothing there is for a crawler (and every answer says noindex too).
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /s/\nDisallow: /shared\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
