import { diffArrays } from 'diff';

/**
 * A story compared and merged paragraph by paragraph, as the designer reads
 * it, after a conflict: what changed between the published story and hers,
 * each paragraph in plain words, and her changes re-applied on top of the
 * published one (a three-way merge on paragraphs, the way diff3 merges
 * lines). No node imports: the browser can use it too.
 *
 * A paragraph is a run of lines up to a blank line; it keeps its own bytes
 * and the blank lines after it, so a merge changes only what moved.
 */

/** The story's paragraphs, each with the blank lines after it: joined, they are the text again, byte for byte. */
export function splitParagraphs(text: string): string[] {
  return (text.match(/[\s\S]*?(?:\r?\n[ \t]*(?:\r?\n[ \t]*)+(?=\S)|$)/g) ?? []).filter((part) => part !== '');
}

const same = (left: string, right: string) => left.trim() === right.trim();

/** One change between the published story and hers: the paragraphs it replaces and those it puts there, in plain words. */
export type ParagraphChange = {
  /** The paragraph before the change, in plain words, so she can find the place; null at the top. */
  after: string | null;
  published: string[];
  yours: string[];
};

export function paragraphChanges(published: string, yours: string): ParagraphChange[] {
  const changes: ParagraphChange[] = [];
  let previous: string | null = null;
  let open: ParagraphChange | null = null;
  for (const part of diffArrays(splitParagraphs(published), splitParagraphs(yours), { comparator: same })) {
    if (!part.added && !part.removed) {
      open = null;
      previous = part.value.at(-1) ?? previous;
      continue;
    }
    if (!open) {
      open = { after: previous === null ? null : readable(previous), published: [], yours: [] };
      changes.push(open);
    }
    (part.removed ? open.published : open.yours).push(...part.value.map(readable).filter(Boolean));
  }
  return changes;
}

/** What a block of the story is called on her screen, for a paragraph that is one. */
const BLOCKS: Record<string, string> = {
  Figure: 'An image',
  Gallery: 'A gallery of images',
  BeforeAfter: 'A before-and-after slider',
  Metrics: 'A row of figures',
  Callout: 'A callout',
  Quote: 'A quote',
  Embed: 'An embedded page',
  Video: 'A video',
};

/** A paragraph as she reads it: no heading marks, emphasis or link syntax; a block by what it shows. */
export function readable(paragraph: string): string {
  const text = paragraph.trim();
  const block = /^<([A-Z][A-Za-z]*)\b[^>]*/.exec(text);
  if (block) {
    // Its own words only, from its opening tag (not those of the images inside a gallery).
    const caption = ['caption', 'title', 'alt', 'label']
      .map((name) => new RegExp(`\\b${name}="([^"]*)"`).exec(block[0])?.[1])
      .find(Boolean);
    const name = BLOCKS[block[1] ?? ''] ?? 'A block';
    return caption ? `${name}: “${caption}”` : name;
  }
  return text
    .replace(/^#{1,6}\s+(.*)$/gm, 'Heading: $1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, (_all, alt: string) => (alt ? `An image: “${alt}”` : 'An image'))
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^*\w])[*_]([^*_\n]+)[*_](?=[^*\w]|$)/g, '$1$2')
    .replace(/^[ \t]*[-*+][ \t]+/gm, '• ')
    .replace(/`([^`]+)`/g, '$1');
}

/** A stretch of the base that one side changed: base paragraphs [from, to) became `value`. */
type Edit = { from: number; to: number; value: string[] };

function editsFrom(base: string[], side: string[]): Edit[] {
  const edits: Edit[] = [];
  let at = 0;
  for (const part of diffArrays(base, side, { comparator: same })) {
    const last = edits.at(-1);
    const touching = last && last.to === at;
    if (part.removed) {
      if (touching) last.to += part.value.length;
      else edits.push({ from: at, to: at + part.value.length, value: [] });
      at += part.value.length;
    } else if (part.added) {
      if (touching) last.value.push(...part.value);
      else edits.push({ from: at, to: at, value: [...part.value] });
    } else at += part.value.length;
  }
  return edits;
}

/**
 * Her story's changes re-applied to the published one: where only one side
 * changed a stretch, that side's paragraphs; where both changed the same
 * stretch, hers (she chose to re-apply them, and reviews the result before
 * publishing). `overlaps` counts those stretches.
 */
export function mergeParagraphs(base: string, mine: string, theirs: string): { text: string; overlaps: number } {
  if (mine === base) return { text: theirs, overlaps: 0 };
  if (theirs === base || theirs === mine) return { text: mine, overlaps: 0 };
  const baseParts = splitParagraphs(base);
  const mineEdits = editsFrom(baseParts, splitParagraphs(mine)).map((edit) => ({ ...edit, side: 'mine' as const }));
  const theirEdits = editsFrom(baseParts, splitParagraphs(theirs)).map((edit) => ({ ...edit, side: 'theirs' as const }));
  const all = [...mineEdits, ...theirEdits].sort((a, b) => a.from - b.from || a.to - b.to);
  const out: string[] = [];
  let at = 0;
  let overlaps = 0;
  for (let index = 0; index < all.length;) {
    // A group: edits whose base stretches overlap or touch at one insertion point.
    const group = [all[index]!];
    let to = group[0]!.to;
    for (index++; index < all.length; index++) {
      const next = all[index]!;
      if (
        next.from < to ||
        (next.from === to && (next.from === next.to || group.some((edit) => edit.from === edit.to && edit.from === to)))
      )
        to = Math.max(to, next.to);
      else break;
      group.push(next);
    }
    const from = group[0]!.from;
    out.push(...baseParts.slice(at, from));
    const sides = new Set(group.map((edit) => edit.side));
    if (sides.size === 2) overlaps++;
    // One side only: its edits in order. Both: her side's text over the whole stretch.
    const winner = sides.has('mine') ? 'mine' : 'theirs';
    const winning = group.filter((edit) => edit.side === winner);
    let cursor = from;
    for (const edit of winning) {
      out.push(...baseParts.slice(cursor, edit.from), ...edit.value);
      cursor = edit.to;
    }
    out.push(...baseParts.slice(cursor, to));
    at = to;
  }
  out.push(...baseParts.slice(at));
  return { text: joinParagraphs(out), overlaps };
}

/** Paragraphs joined again: one that lost its blank line by moving (it was the last) gets one. */
function joinParagraphs(parts: string[]): string {
  return parts
    .map((part, index) => {
      if (index === parts.length - 1 || /\n[ \t]*\r?\n[ \t]*$/.test(part)) return part;
      return part.endsWith('\n') ? `${part}\n` : `${part}\n\n`;
    })
    .join('');
}
