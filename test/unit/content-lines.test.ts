import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileContent, ContentError } from '../../pipeline/content/compile';
import { formatProblem, type ContentProblem } from '../../pipeline/content/errors';
import { linesBefore, yamlLines } from '../../pipeline/content/locate';
import { copyContent, type ContentCopy } from '../helpers/data/content';

/** Content problems carry the line (and for MDX the column) in the file where the designer has to look. */

let copy: ContentCopy | undefined;
afterEach(async () => {
  await copy?.dispose();
  copy = undefined;
});

async function problemsAfter(file: string, from: string | RegExp, to: string): Promise<{ error: ContentError; lines: string[] }> {
  copy = await copyContent();
  await copy.edit(file, from, to);
  const error = await compileContent(copy.dir).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'compileContent should have rejected').toBeInstanceOf(ContentError);
  const lines = (await readFile(path.join(copy.dir, file), 'utf8')).split('\n');
  return { error: error as ContentError, lines };
}

/** 1-based line of the first line matching `pattern`; fails when there is none, so no test checks nothing. */
function lineOf(lines: string[], pattern: RegExp, after = 0): number {
  const index = lines.findIndex((line, i) => i >= after && pattern.test(line));
  expect(index, `no line matches ${pattern}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

function problem(error: ContentError, message: string | RegExp): ContentProblem {
  const found = error.problems.find((p) => (typeof message === 'string' ? p.message.includes(message) : message.test(p.message)));
  expect(found, `no problem matching ${message} in ${JSON.stringify(error.problems)}`).toBeDefined();
  return found!;
}

describe('frontmatter problems name their line in the .mdx file', () => {
  const DEPOT = 'case-studies/office-depot.mdx';

  it('a renamed field: the unknown key has its line, the missing one has none (no parent to point at)', async () => {
    const { error, lines } = await problemsAfter(DEPOT, /^title:/m, 'tittle:');
    expect(problem(error, 'unknown field(s) "tittle"').line).toBe(lineOf(lines, /^tittle:/));
    expect(problem(error, 'field "title" is missing').line).toBeUndefined();
    expect(error.message).toContain(`line ${lineOf(lines, /^tittle:/)}: unknown field(s) "tittle"`);
  });

  it('a wrong type points at its key', async () => {
    const { error, lines } = await problemsAfter(DEPOT, /^order: 1$/m, 'order: first');
    expect(problem(error, 'field "order"').line).toBe(lineOf(lines, /^order: first$/));
  });

  it('a missing nested field points at its parent key', async () => {
    const { error, lines } = await problemsAfter(DEPOT, /^ {2}client: .*\n/m, '');
    expect(problem(error, 'field "page.client" is missing').line).toBe(lineOf(lines, /^page:$/));
  });

  it('a bad list item points at the item', async () => {
    const { error, lines } = await problemsAfter(DEPOT, /^ {2}- Prototyping$/m, '  - ""');
    const tags = lineOf(lines, /^tags:$/);
    expect(problem(error, 'field "tags.2"').line).toBe(lineOf(lines, /^ {2}- ""$/, tags));
  });

  it('a field missing inside the second resume role points at that role', async () => {
    const { error, lines } = await problemsAfter('resume.mdx', /^ {4}years: 2016 – 2019\n/m, '');
    expect(problem(error, 'field "experience.1.years" is missing').line).toBe(lineOf(lines, /^ {2}- title: Senior UX Designer$/));
  });

  it('broken YAML names its line', async () => {
    const { error, lines } = await problemsAfter(DEPOT, /^role: Lead UX Designer$/m, 'role: [Lead UX Designer');
    const found = problem(error, 'frontmatter is not valid YAML');
    expect(found.line).toBeGreaterThanOrEqual(lineOf(lines, /^role: \[/));
    expect(found.line).toBeLessThanOrEqual(lineOf(lines, /^role: \[/) + 1);
  });

  it('an unknown !tag is refused at its line and column, not read as text', async () => {
    const { error, lines } = await problemsAfter(DEPOT, /^role: Lead UX Designer$/m, 'role: !important Lead UX Designer');
    expect(problem(error, 'frontmatter is not valid YAML: Unresolved tag: !important')).toMatchObject({
      line: lineOf(lines, /^role: !important/),
      column: 7,
    });
  });
});

describe('site.yml problems name their line', () => {
  it('an invalid e-mail', async () => {
    const { error, lines } = await problemsAfter('site.yml', /^email: .*$/m, 'email: not-an-email');
    expect(problem(error, 'field "email": must be an e-mail address').line).toBe(lineOf(lines, /^email: not-an-email$/));
  });

  it('a missing nested field points at its parent', async () => {
    const { error, lines } = await problemsAfter('site.yml', /^ {2}title: Crafting.*\n/m, '');
    expect(problem(error, 'field "hero.title" is missing').line).toBe(lineOf(lines, /^hero:$/));
  });

  it('an unknown nested field', async () => {
    const { error, lines } = await problemsAfter('site.yml', /^hero:\n/m, 'hero:\n  subtitel: Typo\n');
    expect(problem(error, 'unknown field(s) "subtitel" in "hero"').line).toBe(lineOf(lines, /^ {2}subtitel: Typo$/));
  });

  it('a look with a colour that is not a hex code, and a choice that is not on the list: each at its line, with the fix', async () => {
    const { error, lines } = await problemsAfter('site.yml', /^location: (.*)$/m, 'location: $1\nlook:\n  accent: teal\n  neutral: blue');
    const accent = problem(error, 'look.accent');
    expect(accent.message).toContain('must be a colour as a hex code');
    expect(accent.message).toContain('"#0d9488"');
    expect(accent.line).toBe(lineOf(lines, /^ {2}accent: teal/));
    const neutral = problem(error, 'look.neutral');
    expect(neutral.message).toContain("'cool' | 'neutral' | 'warm' | 'sand'");
    expect(neutral.line).toBe(lineOf(lines, /^ {2}neutral: blue/));
  });

  it('a typeface that is not one of the pairings: at its line, with the pairings to choose from', async () => {
    const { error, lines } = await problemsAfter('site.yml', /^location: (.*)$/m, 'location: $1\nlook:\n  typeface: comic-sans');
    const typeface = problem(error, 'look.typeface');
    expect(typeface.message).toContain("'system' | 'neo-grotesk' | 'grotesk' | 'humanist' | 'editorial-serif' | 'book-serif'");
    expect(typeface.line).toBe(lineOf(lines, /^ {2}typeface: comic-sans/));
  });

  it('broken YAML names its line and column', async () => {
    const { error, lines } = await problemsAfter('site.yml', /^location: (.*)$/m, 'location: "unclosed');
    const found = problem(error, 'not valid YAML');
    expect(found.line).toBeGreaterThanOrEqual(lineOf(lines, /^location: "unclosed$/));
    expect(found.column).toBeGreaterThan(0);
  });
});

describe('a broken MDX body names its line and column in the .mdx file', () => {
  const DEPOT = 'case-studies/office-depot.mdx';

  it('an unclosed <div>', async () => {
    const { error, lines } = await problemsAfter(DEPOT, '## Future Enhancements\n', '## Future Enhancements\n\n<div>\n\nUnclosed.\n');
    const found = problem(error, 'MDX does not compile: Expected a closing tag for `<div>`');
    expect(found).toMatchObject({ line: lineOf(lines, /^<div>$/), column: 1 });
    expect(formatProblem(found)).toBe(
      `line ${lineOf(lines, /^<div>$/)}, column 1: MDX does not compile: Expected a closing tag for \`<div>\``,
    );
  });

  it('an unclosed expression', async () => {
    const { error, lines } = await problemsAfter(DEPOT, '## Future Enhancements\n', '## Future Enhancements\n\nSee {oops here.\n');
    expect(problem(error, 'MDX does not compile: Unexpected end of file in expression')).toMatchObject({
      line: lineOf(lines, /^See \{oops here\.$/),
      column: 16,
    });
  });

  it('a mismatched closing tag: at the closing tag, naming the opening one by its file line', async () => {
    const { error, lines } = await problemsAfter(DEPOT, '## Future Enhancements\n', '## Future Enhancements\n\n<b>text</i>\n');
    const line = lineOf(lines, /^<b>text<\/i>$/);
    expect(problem(error, 'Unexpected closing tag `</i>`')).toMatchObject({ line, column: 8 });
    expect(problem(error, 'Unexpected closing tag `</i>`').message).toContain(`(line ${line}, column 1)`);
  });

  it('in the resume summary', async () => {
    const { error, lines } = await problemsAfter('resume.mdx', /\n---\n\n/, '\n---\n\n<section>\n\n');
    expect(problem(error, 'Expected a closing tag for `<section>`')).toMatchObject({ line: lineOf(lines, /^<section>$/), column: 1 });
  });
});

describe('the helpers', () => {
  it('yamlLines: keys, list items, parents of missing keys, and an offset', () => {
    const lineOf = yamlLines('\na: 1\nb:\n  c: 2\n  d:\n    - x\n    - y\n', 1);
    expect(lineOf(['a'])).toBe(2);
    expect(lineOf(['b', 'c'])).toBe(4);
    expect(lineOf(['b', 'd', 1])).toBe(7);
    expect(lineOf(['b', 'missing'])).toBe(3);
    expect(lineOf(['missing'])).toBeUndefined();
    expect(yamlLines('a: 1\n', 10)(['a'])).toBe(10);
  });

  it('linesBefore: the body of "---\\na: 1\\n---\\nbody" starts after 3 lines', () => {
    expect(linesBefore('---\na: 1\n---\nbody\n', 'body\n')).toBe(3);
    expect(linesBefore('---\na: 1\n---\n\nbody\n', '\nbody\n')).toBe(3);
  });
});
