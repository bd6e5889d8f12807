import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FieldControls } from '~/components/admin/content/FieldControls';
import { caseStudyFrontmatterSchema, resumeFrontmatterSchema, siteSchema } from '~/content/schema';
import { caseStudyForm, describeSchema, resumeForm, siteForm, type Field } from '~/editing/documents/fields';
import { formValues, fromForm } from '~/editing/documents/form-values';

/**
 * Every leaf of every content schema has an input in the editor's form, by
 * name, at every depth. The leaves are found from the schemas themselves
 * (through zod's JSON Schema, not through editing/fields.ts, which made the
 * form), for a document that holds two items in every list; the form is
 * rendered as the editor renders it (FieldControls, server-side) and its
 * inputs are read back from the HTML. Posting those inputs gives the
 * document again (fromForm), so a form that shows a field but drops it on
 * publish fails too.
 */

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
};

const ITEMS_PER_LIST = 2;

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Every object branch of a union merged into one (a case study's fields, published or coming soon). */
function merged(schema: JsonSchema): JsonSchema {
  const branches = schema.oneOf ?? schema.anyOf;
  if (!branches) return schema;
  const properties: Record<string, JsonSchema> = {};
  for (const branch of branches.map(merged)) {
    for (const [key, value] of Object.entries(branch.properties ?? {})) properties[key] ??= value;
  }
  return { type: 'object', properties };
}

/** A document with a value for every leaf (two items in every list), each text telling where it sits. */
function representative(schema: JsonSchema, path: string[], choose: Record<string, unknown>): unknown {
  const node = merged(schema);
  if (node.type === 'object' || node.properties) {
    return Object.fromEntries(
      Object.entries(node.properties ?? {}).map(([key, child]) => [key, representative(child, [...path, key], choose)]),
    );
  }
  if (node.type === 'array')
    return Array.from({ length: ITEMS_PER_LIST }, (_, index) => representative(node.items ?? {}, [...path, String(index)], choose));
  const name = path.join('.');
  if (name in choose) return choose[name];
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum.at(-1);
  if (node.type === 'integer' || node.type === 'number') return 7 + path.length;
  if (node.type === 'boolean') return true;
  return `${name} value`; // a string, or a preprocessed field the JSON Schema cannot describe (typed as text)
}

/** The leaves' names of a document: "experience.1.bullets.0", "photos.profile.width". */
function leafNames(value: unknown, path: string[] = []): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafNames(item, [...path, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => leafNames(child, [...path, key]));
  return [path.join('.')];
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attribute = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decode(value);
};

/** The form's fields as a browser would post them: inputs, text areas and selects, in document order. */
function postedEntries(html: string): [string, string][] {
  const entries: [string, string][] = [];
  const controls = /<input\b[^>]*>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/g;
  for (const match of html.matchAll(controls)) {
    const [whole, textareaAttributes = '', textareaText = '', selectAttributes = '', options = ''] = match;
    if (whole.startsWith('<input')) {
      const name = attribute(whole, 'name');
      if (!name) continue;
      if (attribute(whole, 'type') === 'checkbox') {
        if (/\schecked=""/.test(whole)) entries.push([name, 'on']);
      } else entries.push([name, attribute(whole, 'value') ?? '']);
    } else if (whole.startsWith('<textarea')) {
      const name = attribute(`<t ${textareaAttributes}>`, 'name');
      if (name) entries.push([name, decode(textareaText)]);
    } else {
      const name = attribute(`<s ${selectAttributes}>`, 'name');
      const selected = /<option\b([^>]*)\sselected=""[^>]*>/.exec(options) ?? /<option\b([^>]*)>/.exec(options);
      if (name) entries.push([name, selected ? (attribute(`<o ${selected[1]}>`, 'value') ?? '') : '']);
    }
  }
  return entries;
}

function rendered(form: Field, document: unknown) {
  // The image fields read the page's address (an upload's outcome), as in the editor's route.
  const html = renderToString(
    createElement(
      StaticRouter,
      { location: '/admin/content/site.yml' },
      createElement(FieldControls, { form, values: formValues(document), errors: {} }),
    ),
  );
  const entries = postedEntries(html);
  return { html, entries, names: new Set(entries.map(([name]) => name)) };
}

/** A photo's pixel size is read from its file: the form has no input for it, and a save drops a typed one. */
const READ_FROM_FILE = /^photos\.\w+\.(width|height)$/;

/** The leaves of `document` that the form has no input for. */
function missingInputs(form: Field, document: unknown): string[] {
  const { names } = rendered(form, document);
  return leafNames(document).filter((name) => !names.has(name) && !READ_FROM_FILE.test(name));
}

function withoutSizesReadFromFile(document: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(document);
  const photos = copy.photos as Record<string, Record<string, unknown>> | undefined;
  for (const photo of Object.values(photos ?? {})) {
    delete photo.width;
    delete photo.height;
  }
  return copy;
}

const SCHEMAS = [
  { file: 'site.yml', schema: siteSchema as z.ZodType, form: siteForm, choose: {} },
  { file: 'resume.mdx', schema: resumeFrontmatterSchema as z.ZodType, form: resumeForm, choose: {} },
  // Published and private: every field of the union shows, the lock screen's note included.
  {
    file: 'a case study',
    schema: caseStudyFrontmatterSchema as z.ZodType,
    form: caseStudyForm,
    choose: { status: 'published', visibility: 'private' },
  },
];

describe('every leaf of every content schema has an input, by name, at every depth', () => {
  it.each(SCHEMAS.map((entry) => [entry.file, entry] as const))('%s', (_file, { schema, form, choose }) => {
    const document = representative(jsonSchemaOf(schema), [], choose);
    const leaves = leafNames(document);
    // Two items in every list: a list inside a list item gives names four deep.
    expect(leaves.length).toBeGreaterThan(10);
    expect(missingInputs(form, document)).toEqual([]);
  });

  it.each(SCHEMAS.map((entry) => [entry.file, entry] as const))(
    '%s: posting the form as rendered gives the document back',
    (_file, { schema, form, choose }) => {
      const document = representative(jsonSchemaOf(schema), [], choose) as Record<string, unknown>;
      const { entries } = rendered(form, document);
      expect(fromForm(entries, form)).toEqual(withoutSizesReadFromFile(document));
    },
  );

  it('the resume’s lists of texts inside lists of groups are named by path', () => {
    const document = representative(jsonSchemaOf(resumeFrontmatterSchema), [], {});
    const { names, html } = rendered(resumeForm, document);
    for (const name of [
      'experience.0.bullets.0',
      'experience.0.bullets.1',
      'experience.1.bullets.1',
      'skills.1.items.0',
      'skills.0.items.1',
    ])
      expect(names, name).toContain(name);
    expect(names).not.toContain('experience.0.bullets');
    expect(names).not.toContain('skills.1.items');
    // Each has its own buttons: add to that list, remove and move that text.
    for (const intent of [
      'list:add:experience.1.bullets',
      'list:remove:experience.1.bullets.0',
      'list:down:skills.0.items.0',
      'list:up:skills.0.items.1',
    ]) {
      expect(html).toContain(`value="${intent}"`);
    }
  });

  it('every other nesting depth: lists of lists, groups in list items, lists in groups in list items', () => {
    const text = z.string().min(1);
    const deep = z.object({
      grid: z.array(z.array(text)),
      cards: z.array(z.object({ caption: text, meta: z.object({ tags: z.array(text), size: z.number().int() }) })),
      outer: z.object({ inner: z.object({ rows: z.array(z.object({ cells: z.array(z.object({ label: text })) })) }) }),
    });
    const form = describeSchema(deep);
    const document = representative(jsonSchemaOf(deep), [], {}) as Record<string, unknown>;
    expect(leafNames(document)).toContain('outer.inner.rows.1.cells.1.label');
    expect(leafNames(document)).toContain('grid.1.0');
    expect(missingInputs(form, document)).toEqual([]);
    expect(fromForm(rendered(form, document).entries, form)).toEqual(document);
  });

  it('fails when a leaf lacks an input: a form without the bullets is caught', () => {
    const document = representative(jsonSchemaOf(resumeFrontmatterSchema), [], {});
    const experience = resumeForm.children!.find((field) => field.name === 'experience')!;
    const withoutBullets: Field = {
      ...resumeForm,
      children: resumeForm.children!.map((field) =>
        field === experience
          ? {
              ...experience,
              itemShape: {
                ...experience.itemShape!,
                children: experience.itemShape!.children!.filter((child) => child.name !== 'bullets'),
              },
            }
          : field,
      ),
    };
    expect(missingInputs(withoutBullets, document)).toEqual([
      'experience.0.bullets.0',
      'experience.0.bullets.1',
      'experience.1.bullets.0',
      'experience.1.bullets.1',
    ]);
  });
});

describe('a choice with a default', () => {
  const study = (extra: Record<string, unknown>) => ({
    ...(representative(jsonSchemaOf(caseStudyFrontmatterSchema), [], { status: 'published' }) as Record<string, unknown>),
    ...extra,
  });
  /** The options of the select named `name`: their words, and the one that shows. */
  function options(html: string, name: string) {
    const select = new RegExp(`<select\\b[^>]*\\sname="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '';
    const all = [...select.matchAll(/<option\b([^>]*)>([^<]*)<\/option>/g)];
    const shown = all.find(([, attributes]) => /\sselected=""/.test(attributes ?? '')) ?? all[0];
    return { words: all.map(([, , words]) => decode(words ?? '')), shown: decode(shown?.[2] ?? '') };
  }

  it('offers each choice once, in plain words, the default chosen when the file leaves it out', () => {
    const { visibility: _left, lockedNote: _note, ...document } = study({});
    const { html, entries } = rendered(caseStudyForm, document);
    expect(options(html, 'visibility')).toEqual({ words: ['Public', 'Private'], shown: 'Public' });
    // Saved as shown, the file still leaves it out: nothing changed.
    expect(fromForm(entries, caseStudyForm)).not.toHaveProperty('visibility');
  });

  it('a file that names the default keeps it; one that names the other choice shows it', () => {
    const named = study({ visibility: 'public', lockedNote: undefined });
    delete named.lockedNote;
    const { html, entries } = rendered(caseStudyForm, named);
    expect(options(html, 'visibility')).toEqual({ words: ['Public', 'Private'], shown: 'Public' });
    expect(fromForm(entries, caseStudyForm)).toHaveProperty('visibility', 'public');
    expect(options(rendered(caseStudyForm, study({ visibility: 'private' })).html, 'visibility')).toEqual({
      words: ['Public', 'Private'],
      shown: 'Private',
    });
  });
});
