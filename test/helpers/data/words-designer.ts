import path from 'node:path';
import {
  ABOUT_WORDS,
  CONTACT_WORDS,
  CTA_WORDS,
  FOOTER_WORDS,
  HERO_WORDS,
  LOCKED_WORDS,
  MORE_WORK_WORDS,
  NOT_FOUND_WORDS,
  RESUME_PAGE_WORDS,
  SHARE_LINK_WORDS,
  SHARED_WORDS,
  WORK_WORDS,
} from '~/content/site-words';
import type { SampleFingerprints } from '~/editing/setup/sample-fingerprints';
import { fingerprintsOf, type ContentSnapshot } from '~/editing/setup/sample-leftovers.server';
import { readContentSnapshot } from '../../../scripts/content-snapshot';

/** A fixture designer standing in for the sample, so the "Make it yours" tests depend on no word of content/. */
export const WORDS_DESIGNER = path.resolve(import.meta.dirname, '../../fixtures/words/designer');

/** Her content, read as the server reads a checkout, and her fingerprints, taken the way scripts/sample-fingerprints.ts takes the shipped sample's. */
export async function readWordsDesigner(): Promise<{ sample: ContentSnapshot; prints: SampleFingerprints }> {
  const sample = await readContentSnapshot(WORDS_DESIGNER);
  return { sample, prints: fingerprintsOf(sample) };
}

/** The site's own words by their key in site.yml: groups a site.yml may leave out whole, each falling back on its defaults. */
export const DEFAULT_WORD_GROUPS = {
  work: WORK_WORDS,
  contact: CONTACT_WORDS,
  moreWork: MORE_WORK_WORDS,
  cta: CTA_WORDS,
  resumePage: RESUME_PAGE_WORDS,
  footer: FOOTER_WORDS,
  notFound: NOT_FOUND_WORDS,
  locked: LOCKED_WORDS,
  shared: SHARED_WORDS,
  shareLink: SHARE_LINK_WORDS,
} as const;

/** The word fields inside the hero and about groups, which hold the designer's own content as well. */
export const DEFAULT_WORD_FIELDS = { hero: HERO_WORDS, about: ABOUT_WORDS } as const;
