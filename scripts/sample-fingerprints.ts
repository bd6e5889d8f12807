/**
 * Writes app/editing/sample-fingerprints.ts: the fingerprints of the sample
 * content the repository ships with, which the owner's "Make it yours" list
 * compares the live content with. Run it only when the sample itself changes
 * (never on a designer's own content: their words would become "the sample").
 * It adds to the fingerprints already there, so older forms of the sample still count.
 *
 *   npx tsx scripts/sample-fingerprints.ts [folder holding content/ and public/]
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fingerprintsOf } from '../app/editing/sample-leftovers.server';
import { readContentSnapshot } from './content-snapshot';

const rootDir = path.resolve(process.argv[2] ?? '.');
const snapshot = await readContentSnapshot(rootDir);
// Added to the fingerprints already there: a sample that moved or changed is still the sample in its older form.
const { SAMPLE_FINGERPRINTS: before } = await import('../app/editing/sample-fingerprints');
const fresh = fingerprintsOf(snapshot);
const prints = Object.fromEntries(
  Object.entries(fresh).map(([kind, values]) => [kind, [...new Set([...((before as Record<string, string[]>)[kind] ?? []), ...values])]]),
);
const body = Object.entries(prints)
  .map(([kind, values]) => `  ${kind}: [${values.map((value) => `'${value}'`).join(', ')}],`)
  .join('\n');
const file = `/**
 * Fingerprints of the sample designer's content as the repository shipped it
 * (written by scripts/sample-fingerprints.ts; see sample-leftovers.server.ts):
 * short hashes of texts, git blob ids of images. Hashes, not the words, so the
 * sample's name is in no file of the site once content/ is replaced.
 */

export type SampleFingerprints = Record<
  | 'name' | 'email' | 'linkedin' | 'website' | 'location' | 'description' | 'introduction' | 'aboutText'
  | 'interests' | 'highlights' | 'photoAlt' | 'image' | 'summary' | 'company' | 'bullet' | 'school'
  | 'certification' | 'skills' | 'languages' | 'caseStudySlug' | 'caseStudyTitle',
  string[]
>;

export const SAMPLE_FINGERPRINTS: SampleFingerprints = {
${body}
};
`;
await writeFile(path.resolve('app/editing/sample-fingerprints.ts'), file);
console.log(`Wrote app/editing/sample-fingerprints.ts from ${path.join(path.relative(process.cwd(), rootDir), 'content/')}`);
