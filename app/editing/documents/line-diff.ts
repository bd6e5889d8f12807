/**
 * A line diff for the editor's history ("each commit with its diff") and for
 * comparing a draft with the branch after a conflict. jsdiff computes the
 * diff (Myers' algorithm, the one git uses by default); this file only gives
 * it the shape the screens read: numbered lines, grouped into hunks with a
 * few lines of context. No node imports: the browser can use it too.
 *
 * Lines are compared with their line ending: a file whose CRLFs became LFs
 * did change, and shows so (as git shows it). `text` is the line without its
 * ending; `eol` says which it had ('' for a last line without one).
 */
import { diffLines as jsdiffLines } from 'diff';

export type DiffKind = 'same' | 'added' | 'removed';

export type DiffLine = {
  kind: DiffKind;
  text: string;
  eol: '\n' | '\r\n' | '';
  /** 1-based line number in the old text ('same' and 'removed'). */
  oldNumber?: number;
  /** 1-based line number in the new text ('same' and 'added'). */
  newNumber?: number;
};

/** A run of changes with up to `context` unchanged lines around it, as in a unified diff. Starts are 1-based; 0 for an empty side. */
export type Hunk = { oldStart: number; oldLines: number; newStart: number; newLines: number; lines: DiffLine[] };

export type DiffSummary = { added: number; removed: number };

/**
 * Past this many differing lines the diff is given as "all removed, all
 * added" rather than computed: it would mean nothing to read anyway, and the
 * search grows with the square of the edits, in a phone's browser too.
 */
const MAX_EDITS = 1000;

/** Lines as jsdiff tokenizes them (each with its ending), split into text and ending. */
export function splitLines(text: string): Pick<DiffLine, 'text' | 'eol'>[] {
  return (text.match(/[^\n]*\n|[^\n]+$/g) ?? []).map((line) => {
    if (line.endsWith('\r\n')) return { text: line.slice(0, -2), eol: '\r\n' };
    if (line.endsWith('\n')) return { text: line.slice(0, -1), eol: '\n' };
    return { text: line, eol: '' };
  });
}

/** Every line of both texts, in order: unchanged, removed and added (removals first within a change, as in git). */
export function diffLines(before: string, after: string): DiffLine[] {
  const changes = jsdiffLines(before, after, { maxEditLength: MAX_EDITS }) ?? [
    { value: before, removed: true, added: false, count: 0 },
    { value: after, removed: false, added: true, count: 0 },
  ];
  const out: DiffLine[] = [];
  let oldNumber = 0;
  let newNumber = 0;
  for (const change of changes) {
    for (const line of splitLines(change.value)) {
      if (change.removed) out.push({ kind: 'removed', ...line, oldNumber: ++oldNumber });
      else if (change.added) out.push({ kind: 'added', ...line, newNumber: ++newNumber });
      else out.push({ kind: 'same', ...line, oldNumber: ++oldNumber, newNumber: ++newNumber });
    }
  }
  return out;
}

/** The changes with `context` unchanged lines around each; changes closer than 2 × context share a hunk. */
export function diffHunks(before: string, after: string, { context = 3 }: { context?: number } = {}): Hunk[] {
  const lines = diffLines(before, after);
  const ranges: { from: number; to: number }[] = [];
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    const from = Math.max(0, index - context);
    const to = Math.min(lines.length, index + context + 1);
    const last = ranges.at(-1);
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else ranges.push({ from, to });
  });
  return ranges.map(({ from, to }) => {
    const slice = lines.slice(from, to);
    // A side with no line in the hunk starts at the line before it (git's convention: 0 for an empty side).
    const before = lines.slice(0, from);
    return {
      oldStart: numberAt(slice, 'oldNumber', 'first') ?? numberAt(before, 'oldNumber', 'last') ?? 0,
      oldLines: slice.filter((line) => line.kind !== 'added').length,
      newStart: numberAt(slice, 'newNumber', 'first') ?? numberAt(before, 'newNumber', 'last') ?? 0,
      newLines: slice.filter((line) => line.kind !== 'removed').length,
      lines: slice,
    };
  });
}

function numberAt(lines: DiffLine[], side: 'oldNumber' | 'newNumber', which: 'first' | 'last'): number | undefined {
  const numbered = lines.filter((line) => line[side] !== undefined);
  return (which === 'first' ? numbered[0] : numbered.at(-1))?.[side];
}

export function diffSummary(lines: DiffLine[] | Hunk[]): DiffSummary {
  const flat = lines.flatMap((item) => ('lines' in item ? item.lines : [item]));
  return { added: flat.filter((line) => line.kind === 'added').length, removed: flat.filter((line) => line.kind === 'removed').length };
}

/** The hunks as `git diff` prints them (without the file header), e.g. for a test or a plain-text view. */
export function formatUnified(hunks: Hunk[]): string {
  const sign: Record<DiffKind, string> = { same: ' ', added: '+', removed: '-' };
  const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
  return hunks
    .map((hunk) => {
      const header = `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`;
      const body = hunk.lines.map((line) => `${sign[line.kind]}${line.text}${line.eol === '' ? '\n\\ No newline at end of file' : ''}`);
      return [header, ...body].join('\n');
    })
    .join('\n');
}
