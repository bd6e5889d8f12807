import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as blockForms from './block-forms';
import * as fontFaces from './font-faces';

/**
 * `npm run gen`: writes every file the repository keeps generated, from its
 * source of truth. test/unit/generated-files.test.ts fails when one is stale.
 *
 * Not here: app/editing/setup/sample-fingerprints.ts (scripts/sample-fingerprints.ts).
 * It is written from the sample content only when the sample changes, and
 * adds to what is there; run on a designer's own content it would take their
 * words for the sample's.
 */
export type GeneratedFile = { file: string; source: () => string };

export const GENERATED_FILES: GeneratedFile[] = [
  { file: blockForms.GENERATED, source: blockForms.generatedSource },
  { file: fontFaces.GENERATED, source: fontFaces.generatedSource },
];

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const { file, source } of GENERATED_FILES) {
    const text = source();
    const name = path.relative(process.cwd(), file);
    const current = (() => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return null;
      }
    })();
    if (current === text) {
      console.log(`${name}: up to date`);
    } else {
      writeFileSync(file, text);
      console.log(`${name}: written`);
    }
  }
}
