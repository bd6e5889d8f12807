import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resumeFrontmatterSchema } from '~/content/schema';
import { composeFile, listOperation, type Entries } from '~/editing/documents/compose.server';
import { formValues } from '~/editing/documents/form-values';
import { applyChanges, readDocument, yamlData } from '~/editing/documents/frontmatter.server';
import { buildData, changedSpan } from '../helpers/data/content-files';
import { ROOT } from '../helpers/data/content';

/**
 * The editor writes a file in the file's own YAML style: block lists stay
 * block, a new item is written like its siblings (block or flow, its texts
 * quoted as theirs are), untouched quoting stays as it was.
 */

const RESUME = readFileSync(path.join(ROOT, 'test/fixtures/forms/resume.mdx'), 'utf8');

/** The form's fields for `text` as the browser posts them, with `change` applied. */
function entriesOf(text: string, kind: 'mdx' | 'yaml', change: (values: Record<string, string>) => void = () => {}): Entries {
  const values = Object.fromEntries(
    Object.entries(formValues(yamlData(readDocument(text, kind).yaml))).map(([name, value]) => [name, String(value)]),
  );
  change(values);
  return Object.entries(values);
}

function composed(kind: 'resume' | 'case-study', text: string, entries: Entries, intent?: string): string {
  const result = composeFile(kind, text, entries, intent ? listOperation(intent) : null);
  if (!result.ok) throw new Error(result.problem);
  return result.text;
}

describe('a new list item is written in block style, like its siblings', () => {
  it('a case study switched to published, then an outcome added: block lists, never `outcomes: [ { … } ]`', () => {
    const comingSoon = [
      '---',
      'title: Harbour Tickets',
      'description: A ferry ticket app.',
      'image: /images/placeholder.svg',
      'alt: Placeholder',
      'tags:',
      '  - Mobile',
      'role: Designer',
      'timeline: 2024',
      'impact: Faster trips',
      'order: 4',
      'status: coming-soon',
      '---',
      '',
      'Story.',
      '',
    ].join('\n');
    // Without JavaScript: status switched and saved (the page's fields are still empty)…
    const published = composed(
      'case-study',
      comingSoon,
      entriesOf(comingSoon, 'mdx', (values) => (values.status = 'published')),
      'save',
    );
    // …then "Add outcome" and "Add team" (the buttons post the form).
    const added = composed('case-study', published, entriesOf(published, 'mdx'), 'list:add:page.outcomes');
    const typed = composed(
      'case-study',
      added,
      entriesOf(added, 'mdx', (values) => {
        values['page.outcomes.0.label'] = 'Cost per trip';
        values['page.outcomes.0.value'] = '-32%';
        values['page.team.0'] = 'Ann';
      }),
    );
    const yaml = readDocument(typed, 'mdx').yaml;
    expect(yaml).not.toMatch(/\[|\{/);
    expect(yaml).toContain('  team:\n    - Ann\n');
    expect(yaml).toContain('  outcomes:\n    - label: Cost per trip\n      value: -32%\n');
    expect(buildData(yaml).page).toMatchObject({ team: ['Ann'], outcomes: [{ label: 'Cost per trip', value: '-32%' }] });
  });

  it('an emptied list that gets an item again is a block list', () => {
    expect(applyChanges('tags: []\nrole: x\n', { tags: ['One', 'Two'], role: 'x' })).toBe('tags:\n  - One\n  - Two\nrole: x\n');
    expect(applyChanges('page: {}\n', { page: { client: 'A' } })).toBe('page:\n  client: A\n');
  });

  it('a list the file writes in flow style stays flow, its new item too', () => {
    expect(applyChanges('tags: [Mobile, Research]\n', { tags: ['Mobile', 'Research', 'Maps'] })).toBe('tags: [ Mobile, Research, Maps ]\n');
  });

  it('a new group item is quoted like the items before it, key by key; numbers stay numbers', () => {
    const text = 'outcomes:\n  - label: "Time on task"\n    value: "+35%"\n    order: 1\n';
    const data = {
      outcomes: [
        { label: 'Time on task', value: '+35%', order: 1 },
        { label: 'Cost', value: '-32%', order: 2 },
      ],
    };
    expect(applyChanges(text, data)).toBe(`${text}  - label: "Cost"\n    value: "-32%"\n    order: 2\n`);
    expect(yamlData(applyChanges(text, data))).toEqual(data);
  });

  it('a new text in a list is quoted as its siblings all are; when they differ, plainly', () => {
    expect(applyChanges("team:\n  - 'Ann'\n  - 'Bo'\n", { team: ['Ann', 'Bo', 'Cy'] })).toBe("team:\n  - 'Ann'\n  - 'Bo'\n  - 'Cy'\n");
    expect(applyChanges('team:\n  - "Ann"\n  - Bo\n', { team: ['Ann', 'Bo', 'Cy'] })).toBe('team:\n  - "Ann"\n  - Bo\n  - Cy\n');
    // A sibling quoted only because it must be (a # would start a comment) is no style to follow.
    expect(applyChanges('look:\n  accent: "#4f46e5"\n', { look: { accent: '#4f46e5', shape: 'square' } })).toBe(
      'look:\n  accent: "#4f46e5"\n  shape: square\n',
    );
    // A text that must be quoted is quoted whatever its siblings do.
    expect(yamlData(applyChanges('team:\n  - Ann\n', { team: ['Ann', 'key: value'] }))).toEqual({ team: ['Ann', 'key: value'] });
  });

  it('a new paragraph among folded ones is folded too, at 80 columns', () => {
    const text = 'paragraphs:\n  - >-\n    One short\n    paragraph.\n';
    const long = 'A new paragraph that is long enough to be folded at eighty columns by the editor, as its sibling is folded.';
    const yaml = applyChanges(text, { paragraphs: ['One short paragraph.', long] });
    expect(yaml.startsWith(text)).toBe(true);
    expect(yaml.slice(text.length)).toMatch(/^ {2}- >-\n {4}A new paragraph/);
    for (const line of yaml.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(yamlData(yaml)).toEqual({ paragraphs: ['One short paragraph.', long] });
  });
});

describe('the fixture resume through its form', () => {
  it('unchanged: 0 changed bytes (and the fixture is a valid resume)', () => {
    expect(resumeFrontmatterSchema.safeParse(buildData(readDocument(RESUME, 'mdx').yaml)).success).toBe(true);
    expect(composed('resume', RESUME, entriesOf(RESUME, 'mdx'))).toBe(RESUME);
  });

  it('the headline changed: that line only, its quoting kept; every other quoted line as it was', () => {
    const text = composed(
      'resume',
      RESUME,
      entriesOf(RESUME, 'mdx', (values) => (values.headline = 'Design lead, maps and mobility')),
    );
    expect(changedSpan(RESUME, text)).toEqual({
      from: 3,
      removed: ['headline: "Principal Product Designer, maps and mobility"'],
      added: ['headline: "Design lead, maps and mobility"'],
    });
  });

  it('a bullet added (no JavaScript: the button, then the text typed) and one removed, in a list inside a list item', () => {
    const added = composed('resume', RESUME, entriesOf(RESUME, 'mdx'), 'list:add:experience.1.bullets');
    const typed = composed(
      'resume',
      added,
      entriesOf(added, 'mdx', (values) => (values['experience.1.bullets.2'] = 'Mapped 30 substations with the field teams.')),
    );
    expect(changedSpan(RESUME, typed)).toEqual({ from: 21, removed: [], added: ['      - Mapped 30 substations with the field teams.'] });
    const removed = composed('resume', typed, entriesOf(typed, 'mdx'), 'list:remove:experience.0.bullets.1');
    expect(changedSpan(typed, removed).removed).toEqual(['      - Set up a research panel of 140 commuters along the western coast.']);
    expect(changedSpan(typed, removed).added).toEqual([]);
    expect(resumeFrontmatterSchema.safeParse(buildData(readDocument(removed, 'mdx').yaml)).success).toBe(true);
  });

  it('a skill moved up inside its group: its line moves, nothing else', () => {
    const moved = composed('resume', RESUME, entriesOf(RESUME, 'mdx'), 'list:up:skills.1.items.2');
    const diff = changedSpan(RESUME, moved);
    expect(diff.removed).toEqual(['      - Diary studies', '      - Usability testing']);
    expect(diff.added).toEqual(['      - Usability testing', '      - Diary studies']);
  });

  it('a typed bullet in a new role’s list, the role added by its button', () => {
    const added = composed('resume', RESUME, entriesOf(RESUME, 'mdx'), 'list:add:experience');
    const withBullet = composed('resume', added, entriesOf(added, 'mdx'), 'list:add:experience.2.bullets');
    const typed = composed(
      'resume',
      withBullet,
      entriesOf(withBullet, 'mdx', (values) => {
        Object.assign(values, {
          'experience.2.title': 'Designer',
          'experience.2.company': 'Skerry Studio',
          'experience.2.location': 'Tromsø',
          'experience.2.years': '2014 – 2016',
        });
        values['experience.2.bullets.0'] = 'Drew the first map.';
      }),
    );
    const data = buildData(readDocument(typed, 'mdx').yaml) as { experience: unknown[] };
    expect(data.experience[2]).toEqual({
      title: 'Designer',
      company: 'Skerry Studio',
      location: 'Tromsø',
      years: '2014 – 2016',
      bullets: ['Drew the first map.'],
    });
    expect(readDocument(typed, 'mdx').yaml).toContain('  - title: Designer\n    company: Skerry Studio\n');
    expect(resumeFrontmatterSchema.safeParse(data).success).toBe(true);
  });
});
