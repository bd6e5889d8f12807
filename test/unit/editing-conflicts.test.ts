import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conflictView, reapply } from '~/editing/documents/conflict.server';
import { mergeParagraphs, paragraphChanges, readable, splitParagraphs } from '~/editing/documents/paragraphs';

/**
 * A conflict in the designer's terms (documents/conflict.server.ts and
 * paragraphs.ts): the fields that differ by their labels, the story by its
 * paragraphs, and her changes re-applied on top of the published version
 * without undoing what was published meanwhile.
 */

const RESUME = readFileSync(path.resolve(import.meta.dirname, '../fixtures/forms/resume.mdx'), 'utf8');
const CASE_STUDY = readFileSync(path.resolve(import.meta.dirname, '../fixtures/case-studies/blocks-demo.mdx'), 'utf8');

const edit = (text: string, from: RegExp | string, to: string) => {
  const next = text.replace(from, to);
  expect(next, `${from} matches`).not.toBe(text);
  return next;
};

describe('the fields that differ', () => {
  it('by their labels on her form, hers and the published, and who changed each', () => {
    const mine = edit(RESUME, /^location: .*$/m, 'location: Bodø, Norway');
    const theirs = edit(
      edit(RESUME, /^headline: .*$/m, 'headline: Head of Design'),
      /company: Polar Grid Energy/,
      'company: Polar Grid AS',
    );
    const view = conflictView({ kind: 'resume', base: RESUME, mine, theirs });
    expect(view.fields).toEqual([
      { label: 'Headline', yours: 'Principal Product Designer, maps and mobility', published: 'Head of Design', by: 'elsewhere' },
      { label: 'Location', yours: 'Bodø, Norway', published: 'Tromsø, Norway', by: 'you' },
      { label: 'Experience 2: Company', yours: 'Polar Grid Energy', published: 'Polar Grid AS', by: 'elsewhere' },
    ]);
    expect(view.story).toEqual([]);
  });

  it('a list of texts is one field, an item a line; both changing one field is said so', () => {
    const mine = edit(edit(CASE_STUDY, /tags:\n {2}- Testing/, 'tags:\n  - Testing\n  - Research'), /^role: .*$/m, 'role: Lead');
    const theirs = edit(CASE_STUDY, /^role: .*$/m, 'role: Staff Designer');
    expect(conflictView({ kind: 'case-study', base: CASE_STUDY, mine, theirs }).fields).toEqual([
      { label: 'Tags', yours: 'Testing\nResearch', published: 'Testing', by: 'you' },
      { label: 'Role', yours: 'Lead', published: 'Staff Designer', by: 'both' },
    ]);
  });

  it('a choice by the words her form shows, not as it is stored', () => {
    const mine = edit(CASE_STUDY, /^status: published$/m, 'status: coming-soon');
    const theirs = edit(CASE_STUDY, /^role: .*$/m, 'role: Staff Designer');
    const status = conflictView({ kind: 'case-study', base: CASE_STUDY, mine, theirs }).fields.find((field) => field.label === 'Status');
    expect(status).toMatchObject({ yours: 'Coming soon', published: 'Published', by: 'you' });
  });

  it('the story by its changed paragraphs, in plain words', () => {
    const mine = edit(CASE_STUDY, 'A Markdown image alone in its paragraph becomes a figure', 'A **lone** image becomes a figure');
    const view = conflictView({ kind: 'case-study', base: CASE_STUDY, mine, theirs: CASE_STUDY });
    expect(view.fields).toEqual([]);
    expect(view.story).toEqual([
      {
        after: 'Heading: Images',
        published: ['A Markdown image alone in its paragraph becomes a figure, with its title as the caption.'],
        yours: ['A lone image becomes a figure, with its title as the caption.'],
      },
    ]);
  });
});

describe('re-applying her changes to the published version', () => {
  it('keeps what was published meanwhile and takes her changed fields, changing only their lines', () => {
    const mine = edit(RESUME, /^location: .*$/m, 'location: Bodø, Norway');
    const theirs = edit(RESUME, /^headline: .*$/m, 'headline: Head of Design');
    const merged = reapply({ kind: 'resume', base: RESUME, mine, theirs });
    expect(merged).toBe(edit(theirs, /^location: .*$/m, 'location: Bodø, Norway'));
  });

  it('a field both changed takes hers; a list she changed is hers as she left it', () => {
    const mine = edit(edit(CASE_STUDY, /^role: .*$/m, 'role: Lead'), /team:\n {4}- UX/, 'team:\n    - UX\n    - Research');
    const theirs = edit(edit(CASE_STUDY, /^role: .*$/m, 'role: Staff Designer'), /^timeline: 1 week$/m, 'timeline: 2 weeks');
    const merged = reapply({ kind: 'case-study', base: CASE_STUDY, mine, theirs });
    expect(merged).toMatch(/^role: Lead$/m);
    expect(merged).toMatch(/^timeline: 2 weeks$/m);
    expect(merged).toContain('team:\n    - UX\n    - Research');
  });

  it('her story’s paragraphs go on top of the published story', () => {
    const mine = edit(CASE_STUDY, /^## Images$/m, '## Pictures');
    const theirs = edit(CASE_STUDY, /with its title as the caption\./, 'captioned by its title.');
    const merged = reapply({ kind: 'case-study', base: CASE_STUDY, mine, theirs });
    expect(merged).toContain('## Pictures');
    expect(merged).toContain('captioned by its title.');
  });

  it('with no version to start from (a new page), all of hers counts as changed', () => {
    const mine = edit(RESUME, /^location: .*$/m, 'location: Bodø, Norway');
    const theirs = edit(RESUME, /^headline: .*$/m, 'headline: Head of Design');
    const merged = reapply({ kind: 'resume', base: null, mine, theirs });
    expect(merged).toMatch(/^headline: "?Principal Product Designer, maps and mobility"?$/m);
    expect(merged).toMatch(/^location: Bodø, Norway$/m);
  });
});

describe('paragraphs', () => {
  it('split and joined again are the text, byte for byte', () => {
    for (const text of ['', 'one', '\n## A\n\nOne\ntwo\n\n\nThree\n', 'a\r\n\r\nb']) expect(splitParagraphs(text).join('')).toBe(text);
    expect(splitParagraphs('\n## A\n\nOne\ntwo\n\n\nThree\n')).toEqual(['\n## A\n\n', 'One\ntwo\n\n\n', 'Three\n']);
  });

  it('merge: either side alone, both in different places, and both in one place (hers wins, counted)', () => {
    const base = 'A\n\nB\n\nC\n';
    expect(mergeParagraphs(base, base, 'A\n\nB2\n\nC\n')).toEqual({ text: 'A\n\nB2\n\nC\n', overlaps: 0 });
    expect(mergeParagraphs(base, 'A\n\nB\n\nC2\n', base)).toEqual({ text: 'A\n\nB\n\nC2\n', overlaps: 0 });
    expect(mergeParagraphs(base, 'A2\n\nB\n\nC\n', 'A\n\nB\n\nC\n\nD\n')).toEqual({ text: 'A2\n\nB\n\nC\n\nD\n', overlaps: 0 });
    expect(mergeParagraphs(base, 'A\n\nB\n\nC\n\nMine\n', 'A\n\nTheirs\n\nB\n\nC\n')).toEqual({
      text: 'A\n\nTheirs\n\nB\n\nC\n\nMine\n',
      overlaps: 0,
    });
    expect(mergeParagraphs(base, 'A\n\nB mine\n\nC\n', 'A\n\nB theirs\n\nC\n')).toEqual({ text: 'A\n\nB mine\n\nC\n', overlaps: 1 });
    expect(mergeParagraphs(base, 'A\n\nB\n\nC\n\nMine\n', 'A\n\nB\n\nC\n\nTheirs\n').overlaps).toBe(1);
  });

  it('changes between two stories, each paragraph readable', () => {
    expect(paragraphChanges('A\n\nB\n', 'A\n\nB\n')).toEqual([]);
    expect(paragraphChanges('## Top\n\nOld words\n', '## Top\n\nNew words\n\nMore\n')).toEqual([
      { after: 'Heading: Top', published: ['Old words'], yours: ['New words', 'More'] },
    ]);
    expect(readable('<Figure src="./x/a.png" alt="A chart" caption="Sales doubled" />')).toBe('An image: “Sales doubled”');
    expect(readable('<Gallery>\n  <img src="./x/a.png" alt="a" />\n</Gallery>')).toBe('A gallery of images');
    expect(readable('See [the app](https://example.com) and *this*.\n- one')).toBe('See the app and this.\n• one');
  });
});
