import type { DocumentKind } from './kinds';
import { FORMS } from './forms.server';
import { fieldsOf, humanise, type Field } from './fields';
import { optionLabel } from './option-label';
import { applyChanges, readDocument, writeDocument, yamlData } from './frontmatter.server';
import { isPlainObject } from './yaml-edit.server';
import { mergeParagraphs, paragraphChanges, type ParagraphChange } from './paragraphs';
import { fieldLabel } from './problem-words';

/**
 * A conflict in the designer's terms: the same page changed and published
 * elsewhere while she edited it. Three versions: the one she opened (base),
 * hers (mine) and the published one (theirs).
 *
 * - conflictView: each field where hers and the published differ, by its
 *   label on her form, and the story's changed paragraphs.
 * - reapply: the published version with her changes on top. A field she
 *   changed takes her value; every other field keeps the published one (the
 *   YAML is the published file's, edited only where she changed something,
 *   as the form's edits are); her story's paragraphs likewise.
 *
 * A base that cannot be read (a new page, or its version gone) counts as
 * empty: then everything she wrote counts as changed by her.
 */

/** Who changed a field since she opened the page. */
export type ChangedBy = 'you' | 'elsewhere' | 'both';

export type FieldDifference = { label: string; yours: string; published: string; by: ChangedBy };

export type ConflictView = { fields: FieldDifference[]; story: ParagraphChange[] };

type Versions = { kind: DocumentKind; base: string | null; mine: string; theirs: string | null };

type Parsed = { data: Record<string, unknown>; body: string; yaml: string; text: string };

function parse(kind: DocumentKind, text: string | null): Parsed {
  const document = readDocument(text ?? '', kind === 'site' ? 'yaml' : 'mdx');
  let data: unknown = {};
  try {
    data = yamlData(document.yaml) ?? {};
  } catch {
    // A version whose YAML does not parse is compared as having no fields: its text still shows in the story.
  }
  return { data: isPlainObject(data) ? data : {}, body: document.body, yaml: document.yaml, text: text ?? '' };
}

export function conflictView({ kind, base, mine, theirs }: Versions): ConflictView {
  const form = FORMS[kind];
  const [was, yours, published] = [base, mine, theirs].map((text) => parse(kind, text)) as [Parsed, Parsed, Parsed];
  const before = leaves(form, was.data);
  const after = leaves(form, yours.data);
  const now = leaves(form, published.data);
  const fields: FieldDifference[] = [];
  for (const name of order(form, after, now)) {
    const mineValue = after.get(name) ?? '';
    const theirValue = now.get(name) ?? '';
    if (mineValue === theirValue) continue;
    const baseValue = before.get(name) ?? '';
    const by: ChangedBy = baseValue === theirValue ? 'you' : baseValue === mineValue ? 'elsewhere' : 'both';
    fields.push({ label: labelOf(form, name), yours: mineValue, published: theirValue, by });
  }
  return { fields, story: kind === 'site' ? [] : paragraphChanges(published.body, yours.body) };
}

/** The published version with her changes re-applied (see the top of this file). */
export function reapply({ kind, base, mine, theirs }: Versions): string {
  const form = FORMS[kind];
  const [was, yours, published] = [base, mine, theirs].map((text) => parse(kind, text)) as [Parsed, Parsed, Parsed];
  const data = merge(was.data, yours.data, published.data) as Record<string, unknown>;
  const yaml = applyChanges(published.yaml, data, form);
  const document = readDocument(published.text, kind === 'site' ? 'yaml' : 'mdx');
  const body = kind === 'site' ? document.body : mergeParagraphs(was.body, yours.body, published.body).text;
  return writeDocument({ ...document, body }, yaml);
}

/** Three-way, value by value: hers where she changed it, else the published one; a list she changed is hers as she left it. */
function merge(base: unknown, mine: unknown, theirs: unknown): unknown {
  if (same(mine, base)) return theirs;
  if (isPlainObject(mine) && isPlainObject(theirs)) {
    const before = isPlainObject(base) ? base : {};
    const result: Record<string, unknown> = {};
    // The published order, then keys only she added.
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const value = merge(before[key], mine[key], theirs[key]);
      if (value !== undefined) result[key] = value;
    }
    return result;
  }
  return mine;
}

function same(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/** Every field's value as text, by its input name ("page.outcomes.0.value"); a list of texts is one field, a line per item. */
function leaves(form: Field, data: Record<string, unknown>): Map<string, string> {
  const values = new Map<string, string>();
  const walk = (value: unknown, path: string[], field: Field | undefined) => {
    const name = path.join('.');
    if (Array.isArray(value)) {
      const item = field?.kind === 'list' ? field.itemShape : undefined;
      if (value.every((entry) => !isPlainObject(entry) && !Array.isArray(entry))) values.set(name, value.map(shown).join('\n'));
      else value.forEach((entry, index) => walk(entry, [...path, String(index)], item));
    } else if (isPlainObject(value)) {
      for (const [key, child] of Object.entries(value))
        walk(
          child,
          [...path, key],
          field?.children?.find((c) => c.path.at(-1) === key),
        );
    } else if (value !== undefined && value !== null)
      values.set(name, field?.kind === 'select' ? optionLabel(String(value)) : shown(value));
  };
  walk(data, [], form);
  return values;
}

function shown(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return String(value);
}

/** The form's order: its fields first, as she sees them, then anything else in the order the versions hold it. */
function order(form: Field, ...maps: Map<string, string>[]): string[] {
  const names = [...new Set(maps.flatMap((map) => [...map.keys()]))];
  const rank = new Map([...fieldsOf(form)].map((field, index) => [field.name, index]));
  const rankOf = (name: string) => {
    // A list item's field ranks where its list does.
    const parts = name.split('.');
    for (let length = parts.length; length > 0; length--) {
      const found = rank.get(
        parts
          .slice(0, length)
          .join('.')
          .replace(/\.\d+(?=\.|$)/g, ''),
      );
      if (found !== undefined) return found;
    }
    return Number.MAX_SAFE_INTEGER;
  };
  return names
    .map((name, index) => ({ name, index, rank: rankOf(name) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ name }) => name);
}

function labelOf(form: Field, name: string): string {
  return (
    fieldLabel(form, name) ??
    humanise(
      name
        .split('.')
        .filter((key) => !/^\d+$/.test(key))
        .at(-1) ?? name,
    )
  );
}
