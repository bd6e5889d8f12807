import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { copyContent, ROOT, SECOND_SITE_DIR, type ContentCopy } from './content';

/**
 * A designer who writes in many scripts: the second fixture designer with
 * an Arabic name and the resume of test/fixtures/any-script/ (names, places
 * and languages in Arabic, Hebrew, Cyrillic, Greek and Chinese).
 */
export const ANY_SCRIPT_NAME = 'نور حداد';
export const ANY_SCRIPT_RESUME = path.join(ROOT, 'test/fixtures/any-script/resume.mdx');

/** A copy of that designer's content (dispose it after). */
export async function copyAnyScriptContent(): Promise<ContentCopy> {
  const copy = await copyContent(SECOND_SITE_DIR);
  await copy.write('resume.mdx', await readFile(ANY_SCRIPT_RESUME, 'utf8'));
  await copy.edit('site.yml', /^name: .*$/m, `name: ${ANY_SCRIPT_NAME}`);
  return copy;
}
