import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledContent } from '~/content/schema';
import { compileContent } from '../../pipeline/content/compile';
import { writeResumePdf } from '../../pipeline/resume-pdf';
import { ANY_SCRIPT_NAME, copyAnyScriptContent } from '../helpers/data/any-script';
import type { ContentCopy } from '../helpers/data/content';
import { pdftotext } from '../helpers/data/pdf-text';

/**
 * The resume PDF of a designer who writes in Arabic, Hebrew, Cyrillic, Greek
 * and Chinese (test/fixtures/any-script), read back with poppler's pdftotext
 * (a real reader, installed by .ci/run): every name, place and language
 * comes back as she typed it, right-to-left text in its own order.
 */

let copy: ContentCopy;
let dir: string;
let content: CompiledContent;
let text: string;
let file: string;

const squeeze = (value: string) => value.replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  copy = await copyAnyScriptContent();
  dir = await mkdtemp(path.join(tmpdir(), 'resume-pdf-scripts-'));
  content = await compileContent(copy.dir);
  file = path.join(dir, 'resume.pdf');
  await writeResumePdf(content, file);
  text = squeeze(pdftotext(file));
});

afterAll(async () => {
  await copy?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the resume PDF in any script', () => {
  it('gives back a wholly right-to-left name, place or company as it was typed, words in their order', () => {
    const { resume } = content;
    const rtl = [
      ANY_SCRIPT_NAME,
      'بيروت',
      resume.experience[0]?.company,
      resume.experience[1]?.company,
      resume.experience[1]?.location,
      resume.languages[0]?.level,
      resume.languages[1]?.name,
    ];
    for (const value of rtl) expect(text, `"${value}"`).toContain(value);
    // Arabic's ع and غ share one glyph in the font: the text still says which.
    expect(text).toContain('اللغة');
    expect(text).toContain('العربية');
  });

  it('gives back Cyrillic, Greek and Chinese whole, and each word of a mixed line', () => {
    const { resume } = content;
    for (const value of [
      resume.experience[2]?.company,
      resume.experience[2]?.location,
      resume.education[0]?.degree,
      resume.education[0]?.school,
      resume.languages[2]?.name,
      resume.languages[3]?.name,
      '信息架构',
    ])
      expect(text, `"${value}"`).toContain(value);
    for (const mixed of ['Arabic (العربية)', '中文 (普通话)', 'Ran research with riders in Αθήνα and 北京.']) {
      for (const word of mixed.split(/[\s()]+/).filter(Boolean)) expect(text, `"${word}" of "${mixed}"`).toContain(word);
    }
  });

  it('draws every character with a font it embeds, none left to a missing glyph', () => {
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).not.toMatch(/Helvetica/);
    // Every font embedded, as a subset (pdffonts: the "emb" and "sub" columns).
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row, row).toMatch(/\byes\s+yes\s+yes\b/);
  });
});
