import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { group } from '../helpers/must';

/**
 * The words on the designer's content screens are a designer's, not git's:
 * no commit, push, branch, repository, checkout, upstream or maintainers in
 * any sentence they show (the history may still show a version's short id).
 * Read from the screens' source: every string with a space in it and every
 * JSX text, comments left out.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCREENS = [
  // The content screens, and "make it yours" (shown on the content list and the setup guide).
  ...['content', 'setup'].flatMap((folder) =>
    readdirSync(path.join(ROOT, 'app/components/admin', folder))
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => `app/components/admin/${folder}/${file}`),
  ),
  ...readdirSync(path.join(ROOT, 'app/routes'))
    .filter((file) => file.startsWith('admin.content'))
    .map((file) => `app/routes/${file}`),
];
const WORDS = /\b(commit(s|ted)?|push(ed|es)?|branch(es)?|repositor(y|ies)|checkout|check out|upstream|maintainers?|merge|clone)\b/i;
/** HEAD is git's word in capitals only: the preview page's `<head>` is markup, not a sentence. */
const GIT_WORDS = { test: (text: string) => WORDS.test(text) || /\bHEAD\b/.test(text) };

/** The sentences of a source file: string literals with a space, and JSX text. */
function sentences(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
  const found: string[] = [];
  for (const match of code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
    const text = match[1] ?? match[2] ?? match[3] ?? '';
    if (/\s/.test(text)) found.push(text);
  }
  for (const match of code.matchAll(/>([^<>{}]*[A-Za-z]{3}[^<>{}]*)</g)) found.push(group(match, 'JSX text').trim());
  return found;
}

describe('no git words on the designer’s content screens', () => {
  it('finds the screens', () => {
    expect(SCREENS).toEqual(
      expect.arrayContaining([
        'app/components/admin/content/ContentList.tsx',
        'app/components/admin/content/SaveResultBanner.tsx',
        'app/components/admin/setup/MakeItYours.tsx',
        'app/routes/admin.content.$.tsx',
      ]),
    );
  });

  it.each(SCREENS)('%s', (file) => {
    const words = sentences(readFileSync(path.join(ROOT, file), 'utf8')).filter((sentence) => GIT_WORDS.test(sentence));
    expect(words).toEqual([]);
  });

  it('the notes after publishing say when the site shows it, not where from', () => {
    const source = readFileSync(path.join(ROOT, 'app/editing/publish-document.server.ts'), 'utf8');
    const notes = [...source.matchAll(/when: ['`]([^'`]*)['`]/g)].map((match) => group(match, 'a note after publishing'));
    expect(notes.length).toBeGreaterThanOrEqual(3);
    expect(notes.some((note) => /live on your site now/.test(note))).toBe(true);
    expect(notes.filter((note) => GIT_WORDS.test(note))).toEqual([]);
  });

  it('catches a git word (the check can fail)', () => {
    expect(sentences('<p>Publishing makes a commit in this checkout.</p>').some((sentence) => GIT_WORDS.test(sentence))).toBe(true);
    expect(sentences("const a = 'The repository cannot be reached.';").some((sentence) => GIT_WORDS.test(sentence))).toBe(true);
  });
});
