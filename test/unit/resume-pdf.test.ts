import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeResumePdf } from '../../pipeline/resume-pdf';
import { compileContent } from '../../pipeline/content/compile';
import type { CompiledContent } from '~/content/schema';
import { SAMPLE_SITE_DIR } from '../helpers/data/content';
import { at } from '../helpers/must';
import { pdfPageText } from '../helpers/data/pdf-text';

/** A document-info entry (pdfkit writes each as an indirect string object). */
function infoString(pdf: Buffer, key: string): string | undefined {
  const source = pdf.toString('latin1');
  const ref = source.match(new RegExp(`/${key} (\\d+) 0 R`));
  if (!ref) return undefined;
  const literal = source.match(new RegExp(`\\n${ref[1]} 0 obj\\n\\(([^]*?)\\)\\nendobj`))?.[1];
  if (literal === undefined) return undefined;
  const bytes = Buffer.from(literal.replace(/\\([()\\])/g, '$1'), 'latin1');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

describe('resume PDF', () => {
  let dir: string;
  let content: CompiledContent;
  let pdf: Buffer;
  let text: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'resume-pdf-'));
    // The sample designer (test/fixtures/site), whose words the tests below read.
    content = await compileContent(SAMPLE_SITE_DIR);
    const file = path.join(dir, 'resume.pdf');
    await writeResumePdf(content, file);
    pdf = await readFile(file);
    text = pdfPageText(pdf);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is a PDF of one or two Letter pages', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.length).toBeLessThanOrEqual(2);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
  });

  it('shows the name, headline and contact details', () => {
    expect(text).toContain(content.site.name);
    expect(text).toContain(content.resume.headline);
    expect(text).toContain(content.site.email);
    expect(text).toContain(content.resume.location);
  });

  it('links the e-mail, LinkedIn and website', () => {
    const source = pdf.toString('latin1');
    for (const url of [`mailto:${content.site.email}`, content.site.linkedin, content.site.website]) {
      expect(source).toContain(`/URI (${url})`);
    }
  });

  it('lists every role with its title and company, and every section', () => {
    expect(content.resume.experience).toHaveLength(3);
    for (const role of content.resume.experience) {
      expect(text).toContain(role.title);
      expect(text).toContain(role.company);
      expect(text).toContain(role.years);
    }
    for (const heading of ['SUMMARY', 'PROFESSIONAL EXPERIENCE', 'EDUCATION', 'SKILLS', 'CERTIFICATIONS', 'LANGUAGES']) {
      expect(text).toContain(heading);
    }
  });

  it('lists each skill group, the education, the certification and both languages', () => {
    expect(content.resume.skills.map((group) => group.group)).toEqual(['Design Tools', 'Research & Testing', 'Technical']);
    for (const group of content.resume.skills) expect(text).toContain(group.group);
    for (const item of content.resume.education) expect(text).toContain(item.school);
    expect(text).toContain(at(content.resume.certifications, 0, 'a certification').issuer);
    expect(text).toContain('English');
    expect(text).toContain('Spanish');
  });

  it('carries the summary text', () => {
    const firstWords = content.resume.summaryText.split(/\s+/).slice(0, 6).join(' ');
    expect(text.replace(/\s+/g, ' ')).toContain(firstWords);
  });

  it('sets the title and author, and renders the same bytes every time', async () => {
    expect(infoString(pdf, 'Author')).toBe(content.site.name);
    expect(infoString(pdf, 'Title')).toBe(`${content.site.name} — Resume`);
    const again = path.join(dir, 'again.pdf');
    await writeResumePdf(content, again);
    expect((await readFile(again)).equals(pdf)).toBe(true);
  });
});
