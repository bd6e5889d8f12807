import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentFilesOf, ROOT, SAMPLE_SITE_DIR } from './content';
import { git } from '../start/git-remote';

/**
 * A git checkout of the site as a designer's clone would be, with the sample
 * designer's content (test/fixtures/site) as content/ and this repository's
 * public/, committed: for tests of local mode (publishConfig reads the
 * checkout it runs in), so that they never read the designer's own content/.
 */
export function makeSampleCheckout(): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sample-checkout-'));
  const files: Record<string, Buffer> = { ...contentFilesOf(SAMPLE_SITE_DIR) };
  for (const file of git(ROOT, ['ls-files', 'public']).split('\n').filter(Boolean)) files[file] = readFileSync(path.join(ROOT, file));
  for (const [file, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), bytes);
  }
  git(dir, ['init', '--quiet', '--initial-branch=main']);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '--quiet', '-m', 'The sample site']);
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
