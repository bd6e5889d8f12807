import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { siteSchema } from '~/content/schema';
import { fieldsOf, siteForm, type Field } from '~/editing/documents/fields';
import { formValues, fromForm } from '~/editing/documents/form-values';
import { applyChanges } from '~/editing/documents/frontmatter.server';
import { buildData, changedSpan } from '../helpers/data/content-files';
import { DEFAULT_WORD_FIELDS, DEFAULT_WORD_GROUPS } from '../helpers/data/words-designer';

/**
 * The site's words in the editor's form: optional fields with today's words
 * as defaults and labels of their own; left empty they keep the default and
 * write nothing into site.yml. On a fixture designer's site.yml
 * (test/fixtures/words/designer) without them, as a file written before they existed.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/words/designer/content/site.yml');
const WORD_GROUPS: Record<string, Record<string, string>> = DEFAULT_WORD_GROUPS;
const WORD_FIELDS: Record<string, Record<string, string>> = DEFAULT_WORD_FIELDS;
const wordNames = [...Object.entries(WORD_GROUPS), ...Object.entries(WORD_FIELDS)].flatMap(([group, words]) =>
  Object.keys(words).map((key) => `${group}.${key}`),
);

function withoutWords(): string {
  const document = parseDocument(readFileSync(FIXTURE, 'utf8'));
  for (const group of Object.keys(WORD_GROUPS)) document.delete(group);
  for (const [group, words] of Object.entries(WORD_FIELDS)) for (const key of Object.keys(words)) document.deleteIn([group, key]);
  return document.toString();
}

const fields = new Map([...fieldsOf(siteForm)].map((field) => [field.name, field] as [string, Field]));

describe('the site’s words in the editor’s form', () => {
  it('each is an optional field with today’s words as its default and a label in plain words', () => {
    expect(wordNames.length).toBeGreaterThan(20);
    for (const name of wordNames) {
      const field = fields.get(name);
      const [group = '', key = ''] = name.split('.');
      expect(field, name).toMatchObject({ required: false, default: (WORD_GROUPS[group] ?? WORD_FIELDS[group])?.[key] });
      expect(field?.label, name).not.toMatch(/^[a-z]+[A-Z]/); // never a key like "backToTop"
    }
    for (const group of Object.keys(WORD_GROUPS)) expect(fields.get(group), group).toMatchObject({ kind: 'group', required: false });
    expect(fields.get('cta')!.label).toBe('Closing invitation (end of a case study)');
    expect(fields.get('work.subtitle')).toMatchObject({ kind: 'textarea', label: 'Text under the heading' });
  });

  it('a site.yml without them is valid, and the build fills in today’s words', () => {
    const data = siteSchema.parse(buildData(withoutWords()));
    expect(data.work).toEqual(DEFAULT_WORD_GROUPS.work);
    expect(data.cta).toEqual(DEFAULT_WORD_GROUPS.cta);
    expect(data.footer).toEqual(DEFAULT_WORD_GROUPS.footer);
    // The pages that say why something is not shown: the 404, the lock screen, /shared, a share link that does not open.
    expect(data.notFound).toEqual(DEFAULT_WORD_GROUPS.notFound);
    expect(data.locked).toEqual(DEFAULT_WORD_GROUPS.locked);
    expect(data.shared).toEqual(DEFAULT_WORD_GROUPS.shared);
    expect(data.shareLink).toEqual(DEFAULT_WORD_GROUPS.shareLink);
    expect(data.hero.workButton).toBe(DEFAULT_WORD_FIELDS.hero.workButton);
    expect(data.about.interestsTitle).toBe(DEFAULT_WORD_FIELDS.about.interestsTitle);
  });

  it('left empty, an untouched default is not written into the file', () => {
    const text = withoutWords();
    const values = formValues(buildData(text));
    // As a browser posts the form: every word field present, and empty.
    const entries = [
      ...Object.entries(values).map(([name, value]) => [name, String(value)] as const),
      ...wordNames.map((name) => [name, ''] as const),
    ];
    const data = fromForm(entries, siteForm);
    for (const group of Object.keys(WORD_GROUPS)) expect(data, group).not.toHaveProperty(group);
    expect(applyChanges(text, data, siteForm)).toBe(text);
  });

  it('one word typed is written alone, in its group', () => {
    const text = withoutWords();
    const entries = [
      ...Object.entries(formValues(buildData(text))).map(([name, value]) => [name, String(value)] as const),
      ...wordNames.map((name) => [name, name === 'contact.title' ? 'Say hello' : ''] as const),
    ];
    const yaml = applyChanges(text, fromForm(entries, siteForm), siteForm);
    const { added, removed } = changedSpan(text, yaml);
    expect(removed).toEqual([]);
    expect(added.filter((line) => line.trim())).toEqual(['contact:', '  title: Say hello']);
    expect(siteSchema.parse(buildData(yaml)).contact).toEqual({ ...DEFAULT_WORD_GROUPS.contact, title: 'Say hello' });
  });
});
