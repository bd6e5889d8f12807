import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILES } from '../../scripts/gen';
import { GENERATED as BLOCK_FORMS } from '../../scripts/block-forms';
import { ROOT } from '../helpers/data/content';

/** The generated files as committed are what their generators make now: else CI fails, saying what to run. */
describe('generated files', () => {
  it('lists the block forms the editor ships to the browser', () => {
    expect(GENERATED_FILES.map(({ file }) => file)).toContain(BLOCK_FORMS);
  });

  for (const { file, source } of GENERATED_FILES) {
    const name = path.relative(ROOT, file);
    it(`${name} is up to date`, () => {
      expect(readFileSync(file, 'utf8'), `${name} is stale: run npm run gen, and commit the file`).toBe(source());
    });
  }
});
