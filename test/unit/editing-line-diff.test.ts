import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffHunks, diffLines, diffSummary, formatUnified, splitLines, type DiffLine } from '~/editing/documents/line-diff';

/** The two texts back from a diff: the old side and the new side, with their line endings. */
function sides(lines: DiffLine[]): { before: string; after: string } {
  const join = (kept: DiffLine[]) => kept.map((line) => line.text + line.eol).join('');
  return { before: join(lines.filter((l) => l.kind !== 'added')), after: join(lines.filter((l) => l.kind !== 'removed')) };
}

describe('line diff', () => {
  it('two empty texts, and identical texts, have no hunks', () => {
    expect(diffLines('', '')).toEqual([]);
    expect(diffHunks('', '')).toEqual([]);
    const text = 'a\nb\nc\n';
    expect(diffHunks(text, text)).toEqual([]);
    expect(diffLines(text, text).every((line) => line.kind === 'same')).toBe(true);
  });

  it('from empty: every line added; to empty: every line removed', () => {
    expect(formatUnified(diffHunks('', 'a\nb\n'))).toBe('@@ -0,0 +1,2 @@\n+a\n+b');
    expect(formatUnified(diffHunks('a\nb\n', ''))).toBe('@@ -1,2 +0,0 @@\n-a\n-b');
  });

  it('all lines changed: removals, then additions', () => {
    expect(formatUnified(diffHunks('a\nb\n', 'c\nd\n'))).toBe('@@ -1,2 +1,2 @@\n-a\n-b\n+c\n+d');
  });

  it('one changed line in the middle of a long file: one hunk with three lines of context each side, numbered', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before.replace('line 10\n', 'line ten\n');
    const hunks = diffHunks(before, after);
    expect(hunks).toHaveLength(1);
    expect(formatUnified(hunks)).toBe('@@ -7,7 +7,7 @@\n line 7\n line 8\n line 9\n-line 10\n+line ten\n line 11\n line 12\n line 13');
    expect(hunks[0]?.lines[3]).toEqual({ kind: 'removed', text: 'line 10', eol: '\n', oldNumber: 10 });
    expect(hunks[0]?.lines[4]).toEqual({ kind: 'added', text: 'line ten', eol: '\n', newNumber: 10 });
  });

  it('changes far apart are two hunks; close together, one', () => {
    const before = Array.from({ length: 30 }, (_, i) => `${i + 1}`).join('\n') + '\n';
    const far = before.replace('\n3\n', '\nthree\n').replace('\n25\n', '\ntwenty-five\n');
    expect(diffHunks(before, far).map((h) => [h.oldStart, h.oldLines])).toEqual([
      [1, 6],
      [22, 7],
    ]);
    const near = before.replace('\n3\n', '\nthree\n').replace('\n9\n', '\nnine\n');
    expect(diffHunks(before, near)).toHaveLength(1);
  });

  it('CRLF: lines keep their endings, and a change of endings is a change', () => {
    expect(splitLines('a\r\nb\nc')).toEqual([
      { text: 'a', eol: '\r\n' },
      { text: 'b', eol: '\n' },
      { text: 'c', eol: '' },
    ]);
    expect(diffHunks('a\r\nb\r\n', 'a\r\nb\r\n')).toEqual([]);
    expect(diffSummary(diffHunks('a\r\nb\r\n', 'a\nb\n'))).toEqual({ added: 2, removed: 2 });
    const edited = diffLines('x\r\ny\r\nz\r\n', 'x\r\nY\r\nz\r\n');
    expect(edited.map((l) => `${l.kind}:${l.text}`)).toEqual(['same:x', 'removed:y', 'added:Y', 'same:z']);
    expect(sides(edited)).toEqual({ before: 'x\r\ny\r\nz\r\n', after: 'x\r\nY\r\nz\r\n' });
  });

  it('a last line without a newline differs from one with, and says so', () => {
    expect(formatUnified(diffHunks('a\nb', 'a\nb\n'))).toBe('@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b');
  });
});

describe('line diff against git', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'line-diff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** git's minimal diff: the fewest added + removed lines (unique, whatever the alignment). */
  function gitCounts(before: string, after: string): { added: number; removed: number } {
    writeFileSync(path.join(dir, 'a'), before);
    writeFileSync(path.join(dir, 'b'), after);
    let out = '';
    try {
      out = execFileSync('git', ['diff', '--no-index', '--minimal', '--numstat', 'a', 'b'], { cwd: dir }).toString();
    } catch (error) {
      out = (error as { stdout: Buffer }).stdout.toString();
    }
    const [added = '0', removed = '0'] = out.trim().split('\t');
    return { added: Number(added), removed: Number(removed) };
  }

  it('random edits: the diff gives back both texts, with as few changed lines as git --minimal', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const words = ['alpha', 'beta', 'gamma', 'delta', '', '---', 'title: x'];
    for (let round = 0; round < 60; round++) {
      const before = Array.from({ length: random(40) }, () => words[random(words.length)]);
      const after = [...before];
      for (let edits = random(8); edits > 0; edits--) {
        const at = random(after.length + 1);
        const op = random(3);
        if (op === 0) after.splice(at, 0, words[random(words.length)]);
        else if (op === 1) after.splice(at, 1);
        else after[at] = `changed ${round}`;
      }
      const a = before.map((l) => `${l}\n`).join('');
      const b = after.map((l) => `${l}\n`).join('');
      const lines = diffLines(a, b);
      expect(sides(lines)).toEqual({ before: a, after: b });
      expect(diffSummary(lines)).toEqual(gitCounts(a, b));
    }
  });
});

describe('line diff limits', () => {
  it('a rewrite of thousands of lines is given whole (the search stops at its bound), and still gives back both texts', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old ${i}`).join('\n') + '\n';
    const after = Array.from({ length: 3000 }, (_, i) => (i % 2 ? `old ${i}` : `new ${i}`)).join('\n') + '\n';
    const lines = diffLines(before, after);
    // Whole: every old line out, then every new line in, and nothing matched (a timing would only say how busy the machine was).
    expect(lines.map((line) => line.kind)).toEqual([...Array<string>(3000).fill('removed'), ...Array<string>(3000).fill('added')]);
    expect(sides(lines)).toEqual({ before, after });
  });
});
