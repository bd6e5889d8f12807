import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Reading Markdown the way GitHub renders it, enough to check the docs' links:
 * the links a reader can click (inline, images and reference definitions, never
 * those shown as code), the headings' anchors (GitHub's slugs), and a word
 * count as `wc -w` makes it.
 */

export type MarkdownLink = { file: string; line: number; target: string };

/** `wc -w`: runs of characters that are not white space. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The text with fenced code blocks blanked (their lines kept, so line numbers hold) and, unless asked to keep them, inline code spans removed. */
function withoutCode(text: string, { keepInlineCode = false } = {}): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return keepInlineCode ? line : line.replace(/(`+)[\s\S]*?\1/g, '');
  });
}

/** Every link target in the file: `[text](target)`, `![alt](target)`, `[label]: target`; angle brackets and titles removed. */
export function linksIn(file: string, text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCode(text).forEach((line, index) => {
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line)?.[1];
    if (definition) links.push({ file, line: index + 1, target: unwrap(definition) });
    for (const [, target = ''] of line.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ file, line: index + 1, target: unwrap(target) });
    }
  });
  return links;
}

function unwrap(target: string): string {
  return target.startsWith('<') && target.endsWith('>') ? target.slice(1, -1) : target;
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*)/g, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a file's headings, numbered as GitHub numbers repeats (`images`, `images-1`). */
export function anchorsIn(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  // A heading's code is part of its text, and so of its anchor.
  for (const line of withoutCode(text, { keepInlineCode: true })) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** Why a relative link does not resolve, or null when it does; links that leave the repository's files (http:, mailto:) are not judged. */
export function brokenLink(link: MarkdownLink): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) return null;
  const [rawPath, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const decoded = decodeURIComponent(rawPath);
  const file = decoded ? path.resolve(path.dirname(link.file), decoded) : link.file;
  if (!existsSync(file)) return `no such file: ${decoded}`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return `an anchor on a file that has no headings: ${link.target}`;
  return anchorsIn(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor)) ? null : `no heading #${anchor} in ${path.basename(file)}`;
}

/** Every .md file under a folder, depth first. */
export function markdownFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFilesUnder(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}
