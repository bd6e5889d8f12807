import type { CaseStudy, CaseStudyCard, CompiledContent, MenuPage, Page, PageTeaser, Resume, Site } from './schema';
import { buildVersion, currentRequestContent } from './current-content.server';
import { CARDS_TAG, PAGES_TAG, RESUME_TAG, SITE_TAG, caseStudyTag, pageTag } from './live-version';

export { CONTENT_JSON_PATH } from './current-content.server';

/**
 * The one content module every loader goes through. It reads the content
 * compiled at build or at publish (pipeline/render-site.ts), so a request
 * never compiles MDX: the version the request was given
 * (current-content.server.ts), or the build's outside a request. Each
 * piece read is recorded as a cache tag of the answer, so a publish purges
 * exactly the answers that read what it changed.
 */

function load(tag: string): CompiledContent {
  const request = currentRequestContent();
  if (!request) return buildVersion().content;
  request.tags.add(tag);
  return request.version.content;
}

export function getSite(): Site {
  return load(SITE_TAG).site;
}

/** Cards for the home page, in display order, without any compiled MDX. */
export function getCaseStudyCards(): CaseStudyCard[] {
  return load(CARDS_TAG).cards;
}

export function getCaseStudy(slug: string): CaseStudy | null {
  const caseStudies = load(caseStudyTag(slug)).caseStudies;
  return Object.hasOwn(caseStudies, slug) ? (caseStudies[slug] ?? null) : null;
}

/** The case study pages anyone may read: the sitemap leaves private ones out. */
export function getPublicCaseStudySlugs(): string[] {
  return Object.values(load(CARDS_TAG).caseStudies)
    .filter((caseStudy) => !caseStudy.private)
    .map((caseStudy) => caseStudy.slug);
}

export function getResume(): Resume {
  return load(RESUME_TAG).resume;
}

/** A page of her own at /<slug>: the page, or the address it has now when `slug` is one it had before a rename. */
export function getPage(slug: string): { page: Page } | { movedTo: string } | null {
  const pages = load(pageTag(slug)).pages ?? {};
  if (Object.hasOwn(pages, slug)) return { page: pages[slug]! };
  const moved = Object.values(pages).find((page) => page.formerly.includes(slug));
  return moved ? { movedTo: moved.href } : null;
}

/** Her pages with a place in the header menu, in that place's order. */
export function getMenuPages(): MenuPage[] {
  return Object.values(load(PAGES_TAG).pages ?? {})
    .filter((page): page is Page & { menu: number } => page.menu !== undefined)
    .map(({ title, href, menu }) => ({ title, href, menu }))
    .sort((a, b) => a.menu - b.menu || a.title.localeCompare(b.title));
}

/** Her pages as the home page's teasers: the menu's order, then the others by title. */
export function getPageTeasers(): PageTeaser[] {
  return Object.values(load(PAGES_TAG).pages ?? {})
    .sort((a, b) => (a.menu ?? Number.POSITIVE_INFINITY) - (b.menu ?? Number.POSITIVE_INFINITY) || a.title.localeCompare(b.title))
    .map(({ title, description, href }) => ({ title, description, href }));
}

/** Every page of her own, for the sitemap (all are public). */
export function getPageSlugs(): string[] {
  return Object.keys(load(PAGES_TAG).pages ?? {});
}
