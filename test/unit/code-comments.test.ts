import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code says why in its own words or points to a record in docs/decisions/:
 * no comment or doc names a planning issue by its number, which a reader of
 * the repository cannot open, and nothing sends a reader to research kept
 * outside it. A migration is the exception: one that Netlify
 * has applied is never edited, so its first words stay as written.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['app', 'pipeline', 'scripts', 'netlify', 'test', 'docs'];
const FILES = ['server.ts', 'remix.config.js', 'README.md'];
const MIGRATIONS = 'netlify/database/migrations/';
const SKIPPED = new Set(['node_modules', 'fixtures', 'build', '.generated']);

// Spelled in parts, so that this file does not find itself.
const ISSUE_NUMBER = new RegExp(['\\bissues?', '\\s*#?\\d+'].join(''), 'i');
const OUTSIDE_RESEARCH = new RegExp(['shared/', 'research', '|\\.\\./', 'shared\\b'].join(''));

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    if (SKIPPED.has(name) || name.startsWith('.')) return [];
    const relative = `${folder}/${name}`;
    if (statSync(path.join(ROOT, relative)).isDirectory()) return filesUnder(relative);
    return /\.(ts|tsx|js|mjs|sql|md)$/.test(name) ? [relative] : [];
  });
}

const SOURCES = [...FOLDERS.flatMap(filesUnder), ...FILES];

/** `file:line text` for each line that matches. */
function linesMatching(pattern: RegExp, files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1} ${line.trim()}`] : [])),
  );
}

describe('comments and docs stand on their own', () => {
  it('reads the code and the docs', () => {
    expect(SOURCES).toEqual(expect.arrayContaining(['app/root.tsx', 'pipeline/build-content.ts', 'docs/decisions/README.md', 'server.ts']));
    expect(SOURCES.length).toBeGreaterThan(300);
  });

  it('no comment names an issue number: say why, or point to docs/decisions/', () => {
    expect(
      linesMatching(
        ISSUE_NUMBER,
        SOURCES.filter((file) => !file.startsWith(MIGRATIONS)),
      ),
    ).toEqual([]);
  });

  it('nothing points to research outside the repository', () => {
    expect(linesMatching(OUTSIDE_RESEARCH, SOURCES)).toEqual([]);
  });

  it('the checks find what they look for', () => {
    expect(ISSUE_NUMBER.test(['// see issue', '21, §3'].join(' '))).toBe(true);
    expect(ISSUE_NUMBER.test(['the Issue', '#7'].join(' '))).toBe(true);
    expect(ISSUE_NUMBER.test('an issue with the form')).toBe(false);
    expect(OUTSIDE_RESEARCH.test(['(', 'shared/', 'research/visual-editing.md)'].join(''))).toBe(true);
    expect(OUTSIDE_RESEARCH.test(['see ', '../', 'shared'].join(''))).toBe(true);
  });
});
