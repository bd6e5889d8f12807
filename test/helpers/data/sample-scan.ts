import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';
import type { SeedFiles } from '../start/git-remote';
import { decodeEntities } from '../site/http';
import { pdfPageText } from './pdf-text';
import { group } from '../must';

/**
 * What of the sample designer can be recognised in a response of the site:
 * her name (whole, or either part, in any spacing a URL, an e-mail address,
 * HTML or JSON gives it), her employers and school, her case studies' titles
 * and addresses, and her images' bytes. Read from the sample content a test
 * seeds, never written out here, so the words stay the sample's own.
 */

export type Marker = { what: string; pattern: RegExp };

export type Sample = {
  name: string;
  employers: string[];
  caseStudies: { slug: string; title: string }[];
  /** The sample's image files (content/ and public/), by path; the new-case-study placeholder is the template's, not hers. */
  images: Record<string, Buffer>;
  markers: Marker[];
};

/** Between two words of a name: nothing (a web address), a space of any kind, or what HTML, JSON, URLs and e-mail put there. */
const SEPARATOR = String.raw`(?:[\s\-_.+/]|&nbsp;|&#160;|&#xa0;|\\u00a0|%20|<[^>]{0,200}>)*`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phrase, case-insensitively, its words joined by any SEPARATOR. */
export function phrase(text: string): RegExp {
  const words = text
    .split(/[^\p{L}\p{N}&']+/u)
    .filter(Boolean)
    .map(escape);
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join(SEPARATOR)}`, 'iu');
}

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

export function readSample(files: SeedFiles): Sample {
  const text = (file: string) => {
    const value = files[file];
    if (value === undefined) throw new Error(`the seed has no ${file}`);
    return value.toString();
  };
  const site = parseYaml(text('content/site.yml')) as { name: string };
  const resume = matter(text('content/resume.mdx')).data as { experience: { company: string }[]; education: { school: string }[] };
  const caseStudies = Object.keys(files)
    .filter((file) => /^content\/case-studies\/[^/]+\.mdx$/.test(file))
    .map((file) => ({ slug: file.slice('content/case-studies/'.length, -'.mdx'.length), title: String(matter(text(file)).data.title) }));
  const employers = [...new Set(resume.experience.map((role) => role.company))];
  const schools = [...new Set(resume.education.map((entry) => entry.school))];
  const nameParts = site.name.split(/\s+/).filter((part) => part.length >= 3);
  const markers: Marker[] = [
    { what: `the sample's name "${site.name}"`, pattern: phrase(site.name) },
    ...nameParts.map((part) => ({ what: `part of the sample's name "${part}"`, pattern: phrase(part) })),
    ...employers.map((employer) => ({ what: `the sample's employer "${employer}"`, pattern: phrase(employer) })),
    ...schools.map((school) => ({ what: `the sample's school "${school}"`, pattern: phrase(school) })),
    ...caseStudies.map(({ title }) => ({ what: `the sample case study "${title}"`, pattern: phrase(title) })),
    ...caseStudies.map(({ slug }) => ({
      what: `the sample case study's address /case-study/${slug}`,
      pattern: new RegExp(`/case-study/${escape(slug)}(?![\\w-])`, 'i'),
    })),
  ];
  const images = Object.fromEntries(
    Object.entries(files)
      .filter(([file]) => IMAGE.test(file) && !/placeholder/i.test(file))
      .map(([file, bytes]) => [file, Buffer.from(bytes)]),
  );
  if (employers.length === 0 || caseStudies.length === 0 || Object.keys(images).length === 0)
    throw new Error('the seeded sample has no employers, case studies or images: nothing to look for');
  return { name: site.name, employers, caseStudies, images, markers };
}

export type Finding = { where: string; what: string; excerpt: string };

/** Every marker found in `text`, each with a few words around it. */
export function findSample(where: string, text: string, markers: Marker[]): Finding[] {
  const found: Finding[] = [];
  for (const { what, pattern } of markers) {
    const match = pattern.exec(text);
    if (!match) continue;
    const excerpt = text.slice(Math.max(0, match.index - 60), match.index + match[0].length + 60).replace(/\s+/g, ' ');
    found.push({ where, what, excerpt });
  }
  return found;
}

/** JSON-escaped text (\u0041, \n) as the characters it stands for. */
function decodeJsonEscapes(text: string): string {
  return text.replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/\\[nrt]/g, ' ');
}

/** The text of a pdfkit PDF without a native tool: what its pages show (pdf-text.ts), and its document info. */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const parts: string[] = [pdfPageText(pdf)];
  // Document info strings: literal, Latin-1 or UTF-16BE with a byte-order mark.
  for (const match of source.matchAll(/\((\xfe\xff(?:\\.|[^\\)])*|(?:\\.|[^\\)])*)\)/g)) {
    const bytes = Buffer.from(group(match, 'a document info string').replace(/\\([()\\])/g, '$1'), 'latin1');
    parts.push(
      bytes[0] === 0xfe && bytes[1] === 0xff ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le') : bytes.toString('latin1'),
    );
  }
  return parts.join('\n');
}

/** The text chunks of a PNG (tEXt, zTXt, iTXt), inflated where compressed. */
export function pngText(png: Buffer): string {
  const texts: string[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    at += 12 + length;
    try {
      if (type === 'tEXt') texts.push(data.toString('latin1').replace('\0', ': '));
      else if (type === 'zTXt') {
        const nul = data.indexOf(0);
        texts.push(`${data.toString('latin1', 0, nul)}: ${inflateSync(data.subarray(nul + 2)).toString('latin1')}`);
      } else if (type === 'iTXt') {
        const nul = data.indexOf(0);
        const compressed = data[nul + 1] === 1;
        let rest = data.subarray(nul + 3);
        rest = rest.subarray(rest.indexOf(0) + 1); // language tag
        rest = rest.subarray(rest.indexOf(0) + 1); // translated keyword
        texts.push(`${data.toString('latin1', 0, nul)}: ${(compressed ? inflateSync(rest) : rest).toString('utf8')}`);
      }
    } catch {
      texts.push(`${type}: (unreadable)`);
    }
  }
  return texts.join('\n');
}

/** Every way a response's bytes can be read as words: the text itself with entities and escapes resolved and tags removed, a PDF's text, a PNG's text chunks, and any file's bytes as Latin-1 (metadata inside images). */
export function readableTexts(pathname: string, contentType: string, bytes: Buffer): string[] {
  const texts = [bytes.toString('latin1')];
  if (/\.pdf$/i.test(pathname) || contentType.includes('pdf')) texts.push(pdfText(bytes));
  else if (/\.png$/i.test(pathname) || contentType.includes('image/png')) texts.push(pngText(bytes));
  if (
    /text|json|xml|javascript|svg|turbo|manifest/.test(contentType) ||
    /\.(svg|xml|txt|json|webmanifest|js|css|html|data)$/i.test(pathname)
  ) {
    const text = bytes.toString('utf8');
    const decoded = decodeJsonEscapes(decodeEntities(text));
    texts.push(text, decoded, decoded.replace(/<[^>]*>/g, ' '));
  }
  return texts;
}

export function findSampleIn(where: string, contentType: string, bytes: Buffer, markers: Marker[]): Finding[] {
  const seen = new Map<string, Finding>();
  for (const text of readableTexts(where, contentType, bytes)) {
    for (const finding of findSample(where, text, markers)) if (!seen.has(finding.what)) seen.set(finding.what, finding);
  }
  return [...seen.values()];
}

/** The first 10 hex digits of a SHA-256, as the image pipeline names its copies of a file. */
export const shortHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);
