import { fieldsOf, type Field } from './fields';

/**
 * The way between a form's flat `name → value` entries and the nested
 * frontmatter (the forms themselves: fields.ts). Shared by the browser and
 * the server: no node imports.
 */

export type FormValue = string | number | boolean;

/** The form's initial values: every leaf of `data` by its input name, e.g. { "page.outcomes.0.value": "+35%" }. */
export function formValues(data: unknown): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  const walk = (value: unknown, path: string[]) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, String(index)]));
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[path.join('.')] = value;
  };
  walk(data, []);
  return values;
}

type Entries = Iterable<readonly [string, unknown]> | Record<string, unknown>;

/**
 * The nested data of a submitted form: numbers as numbers, checkboxes as
 * booleans, each list's items in the order the entries give them (the
 * indices in the names only group an item's fields: gaps from removed items
 * and moved items are fine), empty optional fields and fields whose showWhen
 * does not hold left out. A required text left empty stays "" and a number
 * that is not one stays the text typed, so the schema reports that field and
 * nothing typed is lost.
 */
export function fromForm(entries: Entries, form: Field): Record<string, unknown> {
  const list: [string, unknown][] =
    Symbol.iterator in entries ? [...(entries as Iterable<readonly [string, unknown]>)].map(([k, v]) => [k, v]) : Object.entries(entries);
  const values = new Map<string, unknown>();
  for (const [name, value] of list) if (!values.has(name)) values.set(name, value);
  const names = list.map(([name]) => name);
  const built = build(form, '', { values, names, form });
  return (built as Record<string, unknown> | undefined) ?? {};
}

type Context = { values: Map<string, unknown>; names: string[]; form: Field };

const OMIT = undefined;

function build(field: Field, name: string, context: Context): unknown {
  switch (field.kind) {
    case 'group': {
      const result: Record<string, unknown> = {};
      for (const child of field.children ?? []) {
        if (!shows(child, context)) continue;
        // A field's path is never empty: describe() gives every field its key.
        const key = child.path.at(-1)!;
        const value = build(child, name ? `${name}.${key}` : key, context);
        if (value !== OMIT) result[key] = value;
      }
      if (!field.required && Object.keys(result).length === 0) return OMIT;
      return result;
    }
    case 'list': {
      const prefix = `${name}.`;
      const indices: string[] = [];
      for (const entry of context.names) {
        if (!entry.startsWith(prefix)) continue;
        const [index = ''] = entry.slice(prefix.length).split('.', 1);
        if (/^\d+$/.test(index) && !indices.includes(index)) indices.push(index);
      }
      if (indices.length === 0 && !field.required) return OMIT;
      // describe() gives every list field its itemShape.
      const shape = field.itemShape!;
      const items = indices.map((index) => buildItem(shape, `${prefix}${index}`, context)).filter((item) => item !== OMIT);
      return items;
    }
    default:
      return leaf(field, context.values.get(name));
  }
}

function buildItem(shape: Field, name: string, context: Context): unknown {
  if (shape.kind === 'group') {
    const result: Record<string, unknown> = {};
    for (const child of shape.children ?? []) {
      // A field's path is never empty: describe() gives every field its key.
      const key = child.path.at(-1)!;
      const value = build(child, `${name}.${key}`, context);
      if (value !== OMIT) result[key] = value;
    }
    return result;
  }
  if (shape.kind === 'list') return build(shape, name, context);
  // A list of texts: an item left empty is a removed item.
  const value = leaf({ ...shape, required: false }, context.values.get(name));
  return value;
}

function text(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return undefined; // a File: not a field of these forms
}

function leaf(field: Field, raw: unknown): unknown {
  if (field.kind === 'checkbox') {
    if (raw === undefined) return field.required ? false : OMIT;
    return raw === true || raw === 'on' || raw === 'true';
  }
  const value = text(raw);
  if (value === undefined || value.trim() === '') {
    if (!field.required) return OMIT;
    return field.kind === 'number' ? OMIT : (value ?? '');
  }
  if (field.kind === 'number') {
    if (typeof raw === 'number') return raw;
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : value;
  }
  return value;
}

function shows(field: Field, context: Context): boolean {
  return (field.showWhen ?? []).every((condition) => {
    const target = [...fieldsOf(context.form)].find((candidate) => candidate.name === condition.name);
    const raw = context.values.get(condition.name);
    const value = text(raw) ?? (target?.default === undefined ? undefined : String(target.default));
    return value !== undefined && condition.in.includes(value);
  });
}
