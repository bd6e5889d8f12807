/**
 * Writes app/editing/setup/sample-fingerprints.ts: the fingerprints of the sample
 * content the repository ships with, which the owner's "Make it yours" list
 * compares the live content with. Run it only when the sample itself changes
 * (never on a designer's own content: their words would become "the sample").
 * It adds to the fingerprints already there, so older forms of the sample still count.
 *
 *   npx tsx scripts/sample-fingerprints.ts [folder holding content/ and public/]
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fingerprintsOf } from '../app/editing/setup/sample-leftovers.server';
import { readContentSnapshot } from './content-snapshot';

const rootDir = path.resolve(process.argv[2] ?? '.');
const snapshot = await readContentSnapshot(rootDir);
// Added to the fingerprints already there: a sample that moved or changed is still the sample in its older form.
const { SAMPLE_FINGERPRINTS: before } = await import('../app/editing/setup/sample-fingerprints');
const fresh = fingerprintsOf(snapshot);
const prints = Object.fromEntries(
  Object.entries(fresh).map(([kind, values]) => [kind, [...new Set([...((before as Record<string, string[]>)[kind] ?? []), ...values])]]),
);
const body = Object.entries(prints)
  .map(([kind, values]) => `  ${kind}: [${values.map((value) => `'${value}'`).join(', ')}],`)
  .join('\n');
// Only the object is rewritten: the file's comment and type are kept as written by hand.
const target = path.resolve('app/editing/setup/sample-fingerprints.ts');
const current = await readFile(target, 'utf8');
const OPENING = 'export const SAMPLE_FINGERPRINTS: SampleFingerprints = {\n';
const start = current.indexOf(OPENING);
const end = current.indexOf('\n};', start);
if (start < 0 || end < 0) throw new Error(`${target} no longer holds "${OPENING.trim()}" … "};": rewrite this script with it.`);
const file = `${current.slice(0, start + OPENING.length)}${body}${current.slice(end)}`;
await writeFile(target, file);
console.log(`Wrote app/editing/setup/sample-fingerprints.ts from ${path.join(path.relative(process.cwd(), rootDir), 'content/')}`);
