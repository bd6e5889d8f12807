import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeResumePdf } from '../../pipeline/resume-pdf';
import { compileContent } from '../../pipeline/content/compile';
import type { CompiledContent } from '~/content/schema';
import { SAMPLE_SITE_DIR } from '../helpers/data/content';
import { at, must } from '../helpers/must';

/** WinAnsi bytes that differ from Latin-1, as used by pdfkit's built-in fonts. */
const WIN_ANSI: Record<number, string> = { 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0xa0: ' ' };

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI[code] ?? String.fromCharCode(code);
  }
  return out;
}

/**
 * The text of a pdfkit PDF, one line per BT…ET text object, without any
 * native tool: inflate each content stream and read the hex strings that the
 * Tj/TJ operators show.
 */
function extractText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(source); match; match = streamPattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    let body: string;
    try {
      body = (/\/FlateDecode/.test(must(match[1], 'a stream dictionary')) ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue; // not a content stream we can read (e.g. an image)
    }
    for (const block of body.match(/BT[^]*?ET/g) ?? []) {
      const shows = block.match(/\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj/g) ?? [];
      const text = shows.map((show) => (show.match(/<([0-9a-fA-F]*)>/g) ?? []).map((h) => decodeHex(h.slice(1, -1))).join('')).join('');
      if (text.trim()) lines.push(text);
    }
  }
  return lines.join('\n');
}

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
    text = extractText(pdf);
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
