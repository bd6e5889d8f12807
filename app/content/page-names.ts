/**
 * The addresses the site itself answers at its root. A page of her own
 * lives at /<slug>, so none of these can ever be one: the build refuses such
 * a file and the editor offers a free name instead. Kept in one place, and
 * test/unit/page-names.test.ts fails when a route or a file at the root of
 * public/ is added without its name here.
 */
export const RESERVED_PAGE_NAMES: ReadonlySet<string> = new Set([
  // Routes (app/routes/)
  'admin',
  'api',
  's',
  'shared',
  'resume',
  'privacy',
  'case-study',
  'private-media',
  'sitemap.xml',
  'robots.txt',
  // The home page's contact form, and a page of its own for it
  'contact',
  // Static and generated files (public/, and the files each version renders: pipeline/render-site.ts)
  'build',
  'generated',
  'fonts',
  'social',
  'editor-dev',
  'islands-dev',
  'resume.pdf',
  'favicon.ico',
  'apple-touch-icon.png',
  // Netlify's own paths
  '.netlify',
]);

const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why `slug` cannot be a page's address, in her words; null when it can. */
export function pageNameProblem(slug: string): string | null {
  if (!PAGE_SLUG.test(slug)) return `“${slug}” is not an address: use lowercase letters, digits and single hyphens, such as “writing”.`;
  if (RESERVED_PAGE_NAMES.has(slug)) return `“${slug}” is a page the site already has.`;
  return null;
}

/** A free address near `slug`: `<slug>-notes`, then `<slug>-2`, `-3`… not reserved and not in `taken`. */
export function freePageName(slug: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const free = (name: string) => pageNameProblem(name) === null && !used.has(name);
  if (free(slug)) return slug;
  const base = slug || 'page';
  if (free(`${base}-notes`)) return `${base}-notes`;
  for (let n = 2; ; n += 1) if (free(`${base}-${n}`)) return `${base}-${n}`;
}
