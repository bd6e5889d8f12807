import type { CaseStudy, CaseStudyCard, CompiledContent, Resume, Site } from './schema';
import { buildVersion, currentRequestContent } from './current-content.server';
import { CARDS_TAG, RESUME_TAG, SITE_TAG, caseStudyTag } from './live-version';

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
