/**
 * A line diff for the editor's history ("each commit with its diff") and for
 * comparing a draft with the branch after a conflict. No node imports: the
 * browser can use it too. Myers' O(ND) algorithm (the one git uses by
 * default), after trimming the common start and end, so an edit of a few
 * lines in a long file costs little.
 *
 * Lines are compared with their line ending: a file whose CRLFs became LFs
 * did change, and shows so (as git shows it). `text` is the line without its
 * ending; `eol` says which it had ('' for a last line without one).
 */

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

type Line = { text: string; eol: DiffLine['eol']; key: string };

/**
 * Past this many differing lines the diff is given as "all removed, all
 * added" rather than computed: it would mean nothing to read anyway, and the
 * walk back keeps about MAX_EDITS² numbers (4 MB here), in a phone's browser too.
 */
const MAX_EDITS = 1000;

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) {
      const rest = text.slice(start);
      lines.push({ text: rest, eol: '', key: rest });
      break;
    }
    const crlf = newline > start && text[newline - 1] === '\r';
    const content = text.slice(start, crlf ? newline - 1 : newline);
    const eol = crlf ? '\r\n' : '\n';
    lines.push({ text: content, eol, key: content + eol });
    start = newline + 1;
  }
  return lines;
}

/** Every line of both texts, in order: unchanged, removed and added. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix].key === b[prefix].key) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix].key === b[b.length - 1 - suffix].key) suffix++;

  const out: DiffLine[] = [];
  for (let i = 0; i < prefix; i++) out.push(same(a[i], i, i));
  const middle = myers(a.slice(prefix, a.length - suffix), b.slice(prefix, b.length - suffix));
  for (const op of middle) {
    if (op.kind === 'same') out.push(same(a[prefix + op.i], prefix + op.i, prefix + op.j));
    else if (op.kind === 'removed') out.push({ kind: 'removed', text: a[prefix + op.i].text, eol: a[prefix + op.i].eol, oldNumber: prefix + op.i + 1 });
    else out.push({ kind: 'added', text: b[prefix + op.j].text, eol: b[prefix + op.j].eol, newNumber: prefix + op.j + 1 });
  }
  for (let k = suffix; k > 0; k--) out.push(same(a[a.length - k], a.length - k, b.length - k));
  return out;
}

function same(line: Line, i: number, j: number): DiffLine {
  return { kind: 'same', text: line.text, eol: line.eol, oldNumber: i + 1, newNumber: j + 1 };
}

type Op = { kind: DiffKind; i: number; j: number };

/**
 * Myers' greedy algorithm with a copy of the frontier per step, walked back
 * from the end. Removals come before additions within a change, as in git.
 */
function myers(a: Line[], b: Line[]): Op[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((_, j) => ({ kind: 'added', i: 0, j }));
  if (m === 0) return a.map((_, i) => ({ kind: 'removed', i, j: 0 }));
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    // Only the diagonals step d can come from: -d-1 … d+1 (index k + d + 1).
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
      let x = down ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x].key === b[y].key) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return [...a.map((_, i): Op => ({ kind: 'removed', i, j: 0 })), ...b.map((_, j): Op => ({ kind: 'added', i: 0, j }))];

  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const previous = trace[d];
    const at = (diagonal: number) => previous[diagonal + d + 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ kind: 'same', i: --x, j: --y });
    if (down) ops.push({ kind: 'added', i: x, j: --y });
    else ops.push({ kind: 'removed', i: --x, j: y });
  }
  while (x > 0 && y > 0) ops.push({ kind: 'same', i: --x, j: --y });
  return ops.reverse();
}

/** The changes with `context` unchanged lines around each; changes closer than 2 × context share a hunk. */
export function diffHunks(before: string, after: string, { context = 3 }: { context?: number } = {}): Hunk[] {
  const lines = diffLines(before, after);
  const hunks: Hunk[] = [];
  const ranges: { from: number; to: number }[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (lines[index].kind === 'same') continue;
    const from = Math.max(0, index - context);
    const to = Math.min(lines.length, index + context + 1);
    const last = ranges.at(-1);
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else ranges.push({ from, to });
  }
  for (const { from, to } of ranges) {
    const slice = lines.slice(from, to);
    const oldLines = slice.filter((line) => line.kind !== 'added').length;
    const newLines = slice.filter((line) => line.kind !== 'removed').length;
    // The line before the hunk's first line, counted on each side (git's convention: 0 for an empty side).
    const firstOld = slice.find((line) => line.oldNumber !== undefined)?.oldNumber;
    const firstNew = slice.find((line) => line.newNumber !== undefined)?.newNumber;
    hunks.push({
      oldStart: oldLines === 0 ? oldBefore(lines, from) : firstOld!,
      oldLines,
      newStart: newLines === 0 ? newBefore(lines, from) : firstNew!,
      newLines,
      lines: slice,
    });
  }
  return hunks;
}

function oldBefore(lines: DiffLine[], index: number): number {
  for (let i = index - 1; i >= 0; i--) if (lines[i].oldNumber !== undefined) return lines[i].oldNumber!;
  return 0;
}

function newBefore(lines: DiffLine[], index: number): number {
  for (let i = index - 1; i >= 0; i--) if (lines[i].newNumber !== undefined) return lines[i].newNumber!;
  return 0;
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
