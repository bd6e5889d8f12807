import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledContent } from '~/content/schema';
import { DEFAULT_LOOK, type Typeface } from '~/look/look';
import { compileContent } from '../../pipeline/content/compile';
import { writeResumePdf } from '../../pipeline/resume-pdf';
import { ANY_SCRIPT_NAME } from '../helpers/data/any-script';
import { SECOND_SITE_DIR } from '../helpers/data/content';
import { pdftotext } from '../helpers/data/pdf-text';

/**
 * The resume PDF in her typefaces: a second fixture designer (not the
 * sample's words) drawn with the editorial-serif pairing (Fraunces headings
 * over Instrument Sans) and with the system faces, read back from the bytes
 * (the fonts it embeds, by their PostScript names) and with poppler's
 * pdftotext (installed by .ci/run).
 */

let dir: string;
let content: CompiledContent;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'resume-pdf-typefaces-'));
  content = await compileContent(SECOND_SITE_DIR);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The PDF drawn with this typeface (and name), its embedded fonts without their subset tags, and its text. */
async function drawn(typeface: Typeface, name = content.site.name) {
  const file = path.join(dir, `${typeface}-${Buffer.from(name).toString('hex').slice(0, 16)}.pdf`);
  const look = { ...DEFAULT_LOOK, ...content.site.look, typeface };
  await writeResumePdf({ ...content, site: { ...content.site, name, look } }, file);
  const bytes = (await readFile(file)).toString('latin1');
  const fonts = [...bytes.matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1]).sort();
  return { fonts: [...new Set(fonts)], text: pdftotext(file).replace(/\s+/g, ' ') };
}

describe('the resume PDF in her typefaces', () => {
  it('draws the headings in the pairing’s heading face and the rest in its text face, the text still readable', async () => {
    const { fonts, text } = await drawn('editorial-serif');
    expect(fonts).toEqual(['Fraunces-Bold', 'InstrumentSans-Bold', 'InstrumentSans-Regular']);
    const role = content.resume.experience[0];
    for (const value of [content.site.name, content.resume.headline, content.site.email, role?.title, role?.company, role?.bullets[0]]) {
      expect(text, `"${value}"`).toContain(value);
    }
    expect(text).toContain(content.site.resumePage.experienceTitle.toUpperCase());
  });

  it('keeps Noto Sans with the system faces, as the PDF always was', async () => {
    const { fonts, text } = await drawn('system');
    expect(fonts).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    expect(text).toContain(content.site.name);
  });

  it('still prints a name in Arabic with a serif pairing, in Noto’s Arabic face', async () => {
    const { fonts, text } = await drawn('editorial-serif', ANY_SCRIPT_NAME);
    expect(fonts).toContain('NotoSansArabic-Bold');
    expect(fonts).toContain('Fraunces-Bold');
    expect(text).toContain(ANY_SCRIPT_NAME);
  });
});
