import path from 'node:path';
import type { SampleFingerprints } from '~/editing/sample-fingerprints';
import { fingerprintsOf, type ContentSnapshot } from '~/editing/sample-leftovers.server';
import { readContentSnapshot } from '../../scripts/content-snapshot';

/** A fixture designer standing in for the sample, so the "Make it yours" tests depend on no word of content/. */
export const WORDS_DESIGNER = path.resolve(import.meta.dirname, '../fixtures/words/designer');

/** Her content, read as the server reads a checkout, and her fingerprints, taken the way scripts/sample-fingerprints.ts takes the shipped sample's. */
export async function readWordsDesigner(): Promise<{ sample: ContentSnapshot; prints: SampleFingerprints }> {
  const sample = await readContentSnapshot(WORDS_DESIGNER);
  return { sample, prints: fingerprintsOf(sample) };
}
