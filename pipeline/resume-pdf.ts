import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { CompiledContent } from '../app/content/schema';
import { drawText, heightOf, widthOf, type TypeStyle } from './pdf-fonts/draw';
import { pdfColours, pdfStyles } from './resume-pdf-look';

/**
 * Renders public/resume.pdf from the same compiled content as /resume, at
 * build time. US Letter, in her typefaces and accent (resume-pdf-look.ts),
 * with a Noto Sans face for each script they lack (pdf-fonts/). The output is
 * byte-for-byte reproducible: the creation date is fixed (SOURCE_DATE_EPOCH
 * overrides it) and pdfkit derives the file ID from the metadata.
 */

export type ResumePdfOptions = {
  /** Deflate the page streams (default true). Tests may turn it off. */
  compress?: boolean;
  /** Defaults to SOURCE_DATE_EPOCH, else a fixed date, so builds are reproducible. */
  creationDate?: Date;
};

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 612, height: 792 }; // US Letter, points
const MARGIN = { top: 46, bottom: 46, left: 54, right: 54 };
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;

/** Her colours and faces, set for each render. */
let COLOR = pdfColours(undefined);
let STYLE = pdfStyles(undefined);
const SIZE = { name: 24, headline: 11.5, contact: 8.75, heading: 8.5, title: 10.5, body: 9.25, small: 8.75 };
const GAP = { line: 1.4, section: 14, afterHeading: 7, role: 10, bullet: 2.2 };
const BULLET_INDENT = 11;

const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

function defaultCreationDate(): Date {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : FIXED_DATE;
}

const displayUrl = (url: string) => url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function textHeight(doc: Doc, text: string, style: TypeStyle, size: number, width = WIDTH) {
  return heightOf(doc.fontSize(size), text, style, { width, lineGap: GAP.line });
}

function bulletHeight(doc: Doc, text: string) {
  return textHeight(doc, text, STYLE.regular, SIZE.body, WIDTH - BULLET_INDENT) + GAP.bullet;
}

function drawHeader(doc: Doc, content: CompiledContent) {
  const { site, resume } = content;
  const contactWidth = 190;
  const top = MARGIN.top;

  // Contact details stacked flush right, beside the name.
  const contacts: { text: string; link?: string }[] = [
    { text: site.email, link: `mailto:${site.email}` },
    { text: displayUrl(site.linkedin), link: site.linkedin },
    { text: displayUrl(site.website), link: site.website },
  ];
  const right = MARGIN.left + WIDTH;
  doc.fontSize(SIZE.contact);
  let y = top + 2;
  for (const contact of contacts) {
    const width = widthOf(doc, contact.text, STYLE.regular);
    drawText(
      doc.fillColor(contact.link ? COLOR.body : COLOR.muted),
      contact.text,
      STYLE.regular,
      { x: right - width, y },
      { lineBreak: false },
    );
    if (contact.link) doc.link(right - width, y, width, SIZE.contact + 2, contact.link);
    y += SIZE.contact + 4.5;
  }
  const contactBottom = y;

  const leftWidth = WIDTH - contactWidth - 16;
  drawText(
    doc.fontSize(SIZE.name).fillColor(COLOR.ink),
    site.name,
    STYLE.heading,
    { x: MARGIN.left, y: top },
    { width: leftWidth, characterSpacing: -0.3 },
  );
  doc.y += 1;
  drawText(
    doc.fontSize(SIZE.headline).fillColor(COLOR.accent),
    resume.headline,
    STYLE.regular,
    { x: MARGIN.left, y: doc.y },
    { width: leftWidth, continued: true },
  );
  drawText(doc.fillColor(COLOR.muted), `  ·  ${resume.location}`, STYLE.regular, undefined);

  doc.y = Math.max(doc.y, contactBottom) + 10;
  rule(doc, COLOR.ink, 0.8);
  doc.y += GAP.section;
}

function rule(doc: Doc, color: string, width = 0.5) {
  const y = doc.y;
  doc
    .save()
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + WIDTH, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke()
    .restore();
}

/** A section label, kept on the same page as `keepWith` points of what follows it. */
function heading(doc: Doc, label: string, keepWith: number) {
  const height = SIZE.heading + 6 + GAP.afterHeading;
  ensureSpace(doc, height + keepWith);
  doc.fontSize(SIZE.heading).fillColor(COLOR.accent);
  drawText(doc, label.toUpperCase(), STYLE.heading, { x: MARGIN.left, y: doc.y }, { characterSpacing: 1.4, lineGap: 0 });
  doc.y += 3;
  rule(doc, COLOR.rule);
  doc.y += GAP.afterHeading;
}

function paragraph(doc: Doc, text: string, color = COLOR.body) {
  drawText(
    doc.fontSize(SIZE.body).fillColor(color),
    text,
    STYLE.regular,
    { x: MARGIN.left, y: doc.y },
    { width: WIDTH, lineGap: GAP.line },
  );
}

/** Bold text on the left, muted text flush right, on one line. */
function splitLine(doc: Doc, left: string, right: string, size = SIZE.title) {
  const y = doc.y;
  doc.fontSize(SIZE.small);
  const rightWidth = widthOf(doc, right, STYLE.regular);
  drawText(
    doc.fillColor(COLOR.muted),
    right,
    STYLE.regular,
    { x: MARGIN.left + WIDTH - rightWidth, y: y + (size - SIZE.small) * 0.7 },
    { lineBreak: false },
  );
  drawText(
    doc.fontSize(size).fillColor(COLOR.ink),
    left,
    STYLE.heading,
    { x: MARGIN.left, y },
    { width: WIDTH - rightWidth - 12, lineGap: GAP.line },
  );
}

function bullets(doc: Doc, items: string[]) {
  for (const item of items) {
    ensureSpace(doc, bulletHeight(doc, item));
    const y = doc.y;
    drawText(doc.fontSize(SIZE.body).fillColor(COLOR.accent), '•', STYLE.regular, { x: MARGIN.left + 1, y }, { lineBreak: false });
    drawText(
      doc.fillColor(COLOR.body),
      item,
      STYLE.regular,
      { x: MARGIN.left + BULLET_INDENT, y },
      { width: WIDTH - BULLET_INDENT, lineGap: GAP.line },
    );
    doc.y += GAP.bullet;
  }
}

function section(doc: Doc, label: string, keepWith: number, draw: () => void) {
  heading(doc, label, keepWith);
  draw();
  doc.x = MARGIN.left;
  doc.y += GAP.section - GAP.bullet;
}

function roleHeadHeight(doc: Doc) {
  return textHeight(doc, 'X', STYLE.heading, SIZE.title) + textHeight(doc, 'X', STYLE.regular, SIZE.small) + 4;
}

function drawBody(doc: Doc, content: CompiledContent) {
  const { resume } = content;
  // The page's headings, as the designer worded them in site.yml.
  const words = content.site.resumePage;

  section(doc, words.summaryTitle, textHeight(doc, resume.summaryText, STYLE.regular, SIZE.body), () => {
    resume.summaryText.split(/\n{2,}/).forEach((p, i) => {
      if (i > 0) doc.moveDown(0.5);
      paragraph(doc, p);
    });
  });

  const [first] = resume.experience;
  section(doc, words.experienceTitle, roleHeadHeight(doc) + bulletHeight(doc, first?.bullets[0] ?? ''), () => {
    resume.experience.forEach((role, index) => {
      // Keep a role's title, company and first bullet together.
      if (index > 0) doc.y += GAP.role;
      ensureSpace(doc, roleHeadHeight(doc) + bulletHeight(doc, role.bullets[0] ?? ''));
      splitLine(doc, role.title, role.years);
      drawText(
        doc.fontSize(SIZE.small).fillColor(COLOR.muted),
        `${role.company}  ·  ${role.location}`,
        STYLE.regular,
        { x: MARGIN.left, y: doc.y },
        { lineGap: GAP.line },
      );
      doc.y += 4;
      bullets(doc, role.bullets);
    });
  });

  const labelWidth = 108;
  section(doc, words.skillsTitle, 16, () => {
    for (const group of resume.skills) {
      // Non-breaking spaces keep each skill on one line.
      const items = group.items.map((item) => item.replace(/ /g, '\u00a0')).join('  ·  ');
      const height = textHeight(doc, items, STYLE.regular, SIZE.body, WIDTH - labelWidth);
      ensureSpace(doc, height);
      const y = doc.y;
      drawText(
        doc.fontSize(SIZE.body).fillColor(COLOR.ink),
        group.group,
        STYLE.bold,
        { x: MARGIN.left, y },
        { width: labelWidth - 8, lineGap: GAP.line },
      );
      drawText(
        doc.fillColor(COLOR.body),
        items,
        STYLE.regular,
        { x: MARGIN.left + labelWidth, y },
        { width: WIDTH - labelWidth, lineGap: GAP.line },
      );
      doc.y = y + height + 3;
    }
  });

  // Education, certifications and languages share the last row, in columns.
  const columns: Column[] = [
    { label: words.educationTitle, entries: resume.education.map((e) => ({ title: e.degree, detail: `${e.school}, ${e.year}` })) },
    { label: words.certificationsTitle, entries: resume.certifications.map((c) => ({ title: c.name, detail: `${c.issuer}, ${c.year}` })) },
    { label: words.languagesTitle, entries: resume.languages.map((l) => ({ title: l.name, detail: l.level })) },
  ].filter((column) => column.entries.length > 0);
  drawColumns(doc, columns);
}

type Column = { label: string; entries: { title: string; detail: string }[] };

const COLUMN_GAP = 20;

function drawColumns(doc: Doc, columns: Column[]) {
  const width = (WIDTH - COLUMN_GAP * (columns.length - 1)) / columns.length;
  const entryHeight = (entry: Column['entries'][number]) =>
    textHeight(doc, entry.title, STYLE.bold, SIZE.body, width) + textHeight(doc, entry.detail, STYLE.regular, SIZE.small, width);
  const headingHeight = SIZE.heading + 6 + GAP.afterHeading;
  const ENTRY_GAP = 5;
  const height = Math.max(...columns.map((c) => c.entries.reduce((sum, e) => sum + entryHeight(e) + ENTRY_GAP, headingHeight - ENTRY_GAP)));
  ensureSpace(doc, height);
  const top = doc.y;
  columns.forEach((column, index) => {
    const x = MARGIN.left + index * (width + COLUMN_GAP);
    doc.fontSize(SIZE.heading).fillColor(COLOR.accent);
    drawText(doc, column.label.toUpperCase(), STYLE.heading, { x, y: top }, { width, characterSpacing: 1.4, lineGap: 0 });
    const ruleY = doc.y + 3;
    doc
      .save()
      .moveTo(x, ruleY)
      .lineTo(x + width, ruleY)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke()
      .restore();
    doc.y = ruleY + GAP.afterHeading;
    for (const entry of column.entries) {
      drawText(doc.fontSize(SIZE.body).fillColor(COLOR.ink), entry.title, STYLE.bold, { x, y: doc.y }, { width, lineGap: GAP.line });
      drawText(doc.fontSize(SIZE.small).fillColor(COLOR.muted), entry.detail, STYLE.regular, { x, y: doc.y }, { width, lineGap: GAP.line });
      doc.y += ENTRY_GAP;
    }
  });
  doc.x = MARGIN.left;
  doc.y = top + height;
}

/** Page numbers in the bottom margin, only when the resume runs past one page. */
function drawFooters(doc: Doc, name: string) {
  const range = doc.bufferedPageRange();
  if (range.count < 2) return;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - MARGIN.bottom + 18;
    doc.page.margins.bottom = 0;
    doc.fontSize(7.5).fillColor(COLOR.muted);
    drawText(doc, name, STYLE.regular, { x: MARGIN.left, y }, { lineBreak: false });
    const label = `Page ${i + 1} of ${range.count}`;
    drawText(doc, label, STYLE.regular, { x: MARGIN.left + WIDTH - widthOf(doc, label, STYLE.regular), y }, { lineBreak: false });
    doc.page.margins.bottom = MARGIN.bottom;
  }
}

/** Renders the resume into a PDF document (a readable stream of its bytes). */
export function renderResumePdf(content: CompiledContent, options: ResumePdfOptions = {}): Doc {
  const { site, resume } = content;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: MARGIN,
    compress: options.compress ?? true,
    bufferPages: true,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: `${site.name} — Resume`,
      Author: site.name,
      Subject: resume.headline,
      Keywords: resume.skills.flatMap((group) => group.items).join(', '),
      Creator: site.website,
      CreationDate: options.creationDate ?? defaultCreationDate(),
    },
  });
  // Drawing is synchronous from here to doc.end(): no other render can change the colours meanwhile.
  COLOR = pdfColours(site.look);
  STYLE = pdfStyles(site.look);
  drawHeader(doc, content);
  drawBody(doc, content);
  drawFooters(doc, site.name);
  doc.end();
  return doc;
}

export async function writeResumePdf(content: CompiledContent, file: string, options: ResumePdfOptions = {}): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const doc = renderResumePdf(content, options);
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(file);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.on('error', reject);
    doc.pipe(out);
  });
}
