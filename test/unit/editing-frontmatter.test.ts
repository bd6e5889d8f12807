import { describe, expect, it } from 'vitest';
import { applyChanges, readDocument, writeDocument } from '~/editing/documents/frontmatter.server';
import { formValues } from '~/editing/documents/form-values';
import { buildData, changedSpan, contentFile, contentFiles, fieldLines } from '../helpers/data/content-files';

const files = contentFiles();

/** Edit the frontmatter of `file` with `edit` (on the build's data); the new YAML, the diff, and the build's verdict on it. */
function edited(file: string, edit: (data: Record<string, any>) => void) {
  const { document, schema, form } = contentFile(file);
  const data: Record<string, any> = buildData(document.yaml);
  edit(data);
  const yaml = applyChanges(document.yaml, data, form);
  const reread: Record<string, any> = buildData(yaml);
  return {
    before: document.yaml,
    yaml,
    data,
    reread,
    diff: changedSpan(document.yaml, yaml),
    valid: schema.safeParse(reread).success,
    document,
  };
}

describe('every content file, opened and saved unchanged: 0 changed bytes', () => {
  it('finds the files (site.yml, the resume, the case studies and the fixtures)', () => {
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        'content/site.yml',
        'content/resume.mdx',
        'content/case-studies/office-depot.mdx',
        'test/fixtures/case-studies/private-demo.mdx',
      ]),
    );
    expect(files.length).toBeGreaterThanOrEqual(7);
  });

  it.each(files.map((f) => [f.file, f] as const))('%s', (_name, { text, document, schema }) => {
    expect(writeDocument(document)).toBe(text);
    const data = buildData(document.yaml);
    expect(schema.safeParse(data).success).toBe(true);
    const saved = applyChanges(document.yaml, data);
    expect(saved).toBe(document.yaml);
    expect(writeDocument(document, saved)).toBe(text);
  });
});

describe('every field of every file, changed alone: only its own lines change', () => {
  it.each(files.map((f) => [f.file, f] as const))('%s', (_name, { document, schema, form }) => {
    const data = buildData(document.yaml);
    const leaves = Object.entries(formValues(data));
    // A page of her own may have only its title and description.
    expect(leaves.length).toBeGreaterThan(form.children?.some((field) => field.name === 'menu') ? 1 : 5);
    for (const [name, value] of leaves) {
      const path = name.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
      const changed = structuredClone(data) as Record<string, any>;
      const parent = path.slice(0, -1).reduce((node: any, key) => node[key], changed);
      if (name === 'status' || name === 'visibility') continue; // switching these brings other fields: tested above
      parent[path.at(-1)!] = typeof value === 'number' ? value + 1 : `${value}x`;
      const yaml = applyChanges(document.yaml, changed, form);
      const diff = changedSpan(document.yaml, yaml);
      const [first, last] = fieldLines(document.yaml, path);
      expect(diff.removed.length, name).toBeGreaterThan(0);
      expect(diff.from, name).toBeGreaterThanOrEqual(first);
      expect(diff.from + diff.removed.length - 1, name).toBeLessThanOrEqual(last);
      expect(buildData(yaml), name).toEqual(changed);
      expect(schema.safeParse(buildData(yaml)).success, name).toBe(true);
    }
  });
});

describe('readDocument / writeDocument', () => {
  it('splits an MDX file at its fences, byte for byte', () => {
    const { document, text } = contentFile('content/case-studies/office-depot.mdx');
    expect(document.open).toBe('---\n');
    expect(document.close).toBe('---\n');
    expect(document.yaml.startsWith('title: Office Depot')).toBe(true);
    expect(document.yaml.endsWith('      value: +35%\n')).toBe(true);
    expect(document.open + document.yaml + document.close + document.body).toBe(text);
  });

  it('keeps CRLF files and files without frontmatter as they are', () => {
    const crlf = '---\r\ntitle: A\r\n---\r\nBody\r\n';
    const document = readDocument(crlf, 'mdx');
    expect(document.yaml).toBe('title: A\r\n');
    expect(writeDocument(document)).toBe(crlf);
    const bare = readDocument('# Just a body\n', 'mdx');
    expect(bare.yaml).toBe('');
    expect(writeDocument(bare)).toBe('# Just a body\n');
    expect(writeDocument(bare, 'title: A\n')).toBe('---\ntitle: A\n---\n# Just a body\n');
  });
});

describe('one field changed: only its lines change, and the build accepts the file', () => {
  it('a top-level string (title)', () => {
    const result = edited('content/case-studies/office-depot.mdx', (data) => {
      data.title = 'Office Depot Rewards, Redesigned';
    });
    expect(result.diff).toEqual({
      from: 1,
      removed: ['title: Office Depot Rewards App Redesign'],
      added: ['title: Office Depot Rewards, Redesigned'],
    });
    expect(result.valid).toBe(true);
  });

  it('a nested folded paragraph (page.summary): its block only, still folded', () => {
    const result = edited('content/case-studies/office-depot.mdx', (data) => {
      data.page.summary =
        'Members were earning points they could not find. I led the redesign that made the program visible, understandable and worth coming back to, in three months.';
    });
    const [first, last] = fieldLines(result.before, ['page', 'summary']);
    expect(result.diff.from).toBeGreaterThan(first);
    expect(result.diff.from + result.diff.removed.length - 1).toBeLessThanOrEqual(last);
    expect(result.yaml).toContain('  summary: >-\n    Members were earning points');
    expect(result.yaml.split('\n').every((line) => line.length <= 80)).toBe(false); // other lines untouched (some are longer)
    for (const line of result.diff.added) expect(line.length).toBeLessThanOrEqual(80);
    expect(result.reread.page).toMatchObject({ summary: result.data.page.summary });
    expect(result.valid).toBe(true);
  });

  it('an item of page.outcomes (its value line only)', () => {
    const result = edited('content/case-studies/office-depot.mdx', (data) => {
      data.page.outcomes[1].value = '+36%';
    });
    expect(result.diff.removed).toEqual(['      value: +35%']);
    expect(result.diff.added).toEqual(['      value: +36%']);
    expect(result.diff.from).toBe(fieldLines(result.before, ['page', 'outcomes', 1, 'value'])[0]);
    expect(result.valid).toBe(true);
  });

  it('a number (order) stays a number', () => {
    const result = edited('content/case-studies/analytics-dashboard.mdx', (data) => {
      data.order = 4;
    });
    expect(result.diff).toEqual({ from: 15, removed: ['order: 3'], added: ['order: 4'] });
    expect(result.reread.order).toBe(4);
    expect(result.valid).toBe(true);
  });

  it('a quoted value stays quoted, and a new value that reads as a number is quoted', () => {
    const result = edited('test/fixtures/case-studies/blocks-demo.mdx', (data) => {
      data.page.outcomes[0].value = '10';
    });
    expect(result.diff.removed).toEqual(['      value: "9"']);
    expect(result.diff.added).toEqual(['      value: "10"']);
    expect(result.reread.page.outcomes[0].value).toBe('10');
    expect(result.valid).toBe(true);
  });

  it('a list item added at the end', () => {
    const result = edited('content/case-studies/office-depot.mdx', (data) => {
      data.tags.push('Accessibility');
    });
    expect(result.diff).toEqual({ from: 11, removed: [], added: ['  - Accessibility'] });
    expect(result.valid).toBe(true);
  });

  it('a list item removed from the middle', () => {
    const result = edited('content/case-studies/office-depot.mdx', (data) => {
      data.page.team.splice(1, 1);
    });
    expect(result.diff.removed).toEqual(['    - Loyalty']);
    expect(result.diff.added).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('list items reordered: their lines move, nothing else changes', () => {
    const result = edited('content/case-studies/office-depot.mdx', (data) => {
      data.page.outcomes.reverse();
    });
    const [first, last] = fieldLines(result.before, ['page', 'outcomes']);
    expect(result.diff.from).toBeGreaterThan(first);
    expect(result.diff.from + result.diff.removed.length - 1).toBeLessThanOrEqual(last);
    expect([...result.diff.added].sort()).toEqual([...result.diff.removed].sort());
    expect(result.reread.page.outcomes.map((o: { label: string }) => o.label)).toEqual(['Engagement', 'App rating']);
    expect(result.valid).toBe(true);
  });

  it("a folded paragraph of site.yml reordered and one changed keeps the others' hand folding", () => {
    const result = edited('content/site.yml', (data) => {
      const [a, b, c] = data.about.paragraphs;
      data.about.paragraphs = [b, a, c];
    });
    expect([...result.diff.added].sort()).toEqual([...result.diff.removed].sort());
    expect(result.valid).toBe(true);
  });

  it("visibility toggled to private: one line, added after status (the schema's order)", () => {
    const result = edited('content/case-studies/office-depot.mdx', (data) => {
      data.visibility = 'private';
    });
    expect(result.diff).toEqual({ from: 16, removed: [], added: ['visibility: private'] });
    expect(result.before.split('\n')[14]).toBe('status: published');
    expect(result.valid).toBe(true);
  });

  it('visibility toggled to public with its lock note removed: those two lines only', () => {
    const result = edited('test/fixtures/case-studies/private-demo.mdx', (data) => {
      data.visibility = 'public';
      delete data.lockedNote;
    });
    expect(result.diff.removed).toEqual([
      'visibility: private',
      'lockedNote: "This work is under NDA. Email private@example.com for the password."',
    ]);
    expect(result.diff.added).toEqual(['visibility: public']);
    expect(result.valid).toBe(true);
  });

  it("site.yml: hero.title, a highlight and a photo's alt text; the resume: one bullet", () => {
    const site = edited('content/site.yml', (data) => {
      data.hero.title = 'Designing meaningful digital experiences';
    });
    expect(site.diff).toEqual({
      from: 14,
      removed: ['  title: Crafting meaningful digital experiences'],
      added: ['  title: Designing meaningful digital experiences'],
    });
    expect(site.valid).toBe(true);

    const highlight = edited('content/site.yml', (data) => {
      data.about.highlights[1].value = '35+';
    });
    expect(highlight.diff.removed).toEqual(['    - value: "30+"']);
    expect(highlight.diff.added).toEqual(['    - value: "35+"']);

    const alt = edited('content/site.yml', (data) => {
      data.photos.about.alt = 'A designer at her desk';
    });
    expect(alt.diff.removed).toHaveLength(1);
    expect(alt.diff.removed[0]).toMatch(/^ {4}alt: /);
    expect(alt.diff.added).toEqual(['    alt: A designer at her desk']);
    expect(alt.valid).toBe(true);

    const resume = edited('content/resume.mdx', (data) => {
      data.experience[1].bullets[2] = 'Introduced a data visualization pattern library of 40+ chart components.';
    });
    expect(resume.diff.removed).toHaveLength(1);
    expect(resume.diff.added).toEqual(['      - Introduced a data visualization pattern library of 40+ chart components.']);
    expect(resume.valid).toBe(true);
  });

  it('status switched to coming-soon with the published-only fields removed: the build accepts it', () => {
    const result = edited('content/case-studies/office-depot.mdx', (data) => {
      data.status = 'coming-soon';
      delete data.page;
    });
    expect(result.diff.removed[0]).toBe('status: published');
    expect(result.diff.added).toEqual(['status: coming-soon']);
    expect(result.valid).toBe(true);
  });

  it('keeps comments, single quotes and literal blocks it did not touch', () => {
    const text =
      "# The site's details\nname: 'Camila'  # shown in the header\nnote: |\n  line one\n  line two\n\nlist:\n  - a   # first\n  - 'b'\n";
    expect(applyChanges(text, { name: 'Camila', note: 'line one\nline two\n', list: ['a', 'b'] })).toBe(text);
    const changed = applyChanges(text, { name: 'Cami', note: 'line one\nline two\n', list: ['a', 'b'] });
    // yaml prints a changed value's comment after one space.
    expect(changedSpan(text, changed)).toEqual({
      from: 2,
      removed: ["name: 'Camila'  # shown in the header"],
      added: ["name: 'Cami' # shown in the header"],
    });
    const added = applyChanges(text, { name: 'Camila', note: 'line one\nline two\n', list: ['a', 'b', 'c'] });
    expect(changedSpan(text, added)).toEqual({ from: 10, removed: [], added: ['  - c'] });
  });

  it('keeps a CRLF file CRLF', () => {
    const text = 'title: A\r\ndescription: >-\r\n  one\r\n  two\r\ntags:\r\n  - x\r\n';
    expect(applyChanges(text, { title: 'A', description: 'one two', tags: ['x'] })).toBe(text);
    expect(applyChanges(text, { title: 'B', description: 'one two', tags: ['x'] })).toBe(text.replace('title: A', 'title: B'));
  });

  it('without a form, a new key goes after the key before it in the data', () => {
    const text = 'a: 1\nc: 3\n';
    expect(applyChanges(text, { a: 1, b: 2, c: 3 })).toBe('a: 1\nb: 2\nc: 3\n');
    expect(applyChanges(text, { z: 0, a: 1, c: 3 })).toBe('z: 0\na: 1\nc: 3\n');
    expect(applyChanges(text, { c: 3 })).toBe('c: 3\n');
  });
});
