import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CaseStudy, CaseStudyCard, CompiledContent, Resume, Site } from './schema';

/**
 * The one content module every loader goes through. It reads the content
 * compiled at build time (pipeline/build-content.ts), so a production request
 * never compiles MDX. The file is re-read when it changes, which is how an
 * edit shows up on reload under `npm run dev`.
 */

// In a Netlify function the deploy's files sit under LAMBDA_TASK_ROOT (netlify.toml included_files).
export const CONTENT_JSON_PATH = path.resolve(
  process.env.LAMBDA_TASK_ROOT ?? '.',
  process.env.CONTENT_JSON_PATH ?? '.generated/content.json',
);

let cache: { mtimeMs: number; content: CompiledContent } | undefined;

function load(): CompiledContent {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(CONTENT_JSON_PATH).mtimeMs;
  } catch {
    throw new Error(`Compiled content not found at ${CONTENT_JSON_PATH}. Run "npm run build" (or "npm run content") first.`);
  }
  if (!cache || (process.env.NODE_ENV !== 'production' && cache.mtimeMs !== mtimeMs)) {
    cache = { mtimeMs, content: JSON.parse(readFileSync(CONTENT_JSON_PATH, 'utf8')) as CompiledContent };
  }
  return cache.content;
}

export function getSite(): Site {
  return load().site;
}

/** Cards for the home page, in display order, without any compiled MDX. */
export function getCaseStudyCards(): CaseStudyCard[] {
  return load().cards;
}

export function getCaseStudy(slug: string): CaseStudy | null {
  const caseStudies = load().caseStudies;
  return Object.hasOwn(caseStudies, slug) ? caseStudies[slug] : null;
}

/** The case study pages anyone may read: the sitemap leaves private ones out. */
export function getPublicCaseStudySlugs(): string[] {
  return Object.values(load().caseStudies)
    .filter((caseStudy) => !caseStudy.private)
    .map((caseStudy) => caseStudy.slug);
}

export function getResume(): Resume {
  return load().resume;
}
