import type { z } from 'zod';
import { caseStudyFrontmatterSchema, pageFrontmatterSchema, resumeFrontmatterSchema, siteSchema } from '~/content/schema';

/**
 * The editor's forms, generated from the schemas the build checks content
 * with (app/content/schema.ts); a posted form's entries become data in
 * form-values.ts. Shared by the browser and the server: no node imports.
 *
 * The schemas are read through zod 4's own description of them (`_zod.def`)
 * rather than z.toJSONSchema(): that gives the case-study union as a bare
 * `oneOf` of two objects, without the key that discriminates (it would have
 * to be guessed from `const` properties); `.def` names it, and gives
 * optional/default wrappers and preprocess pipes (`textOrNumber`: a text
 * field) directly. Rules a superRefine states are not in either: they are
 * passed as `showWhen` (lockedNote, below).
 */

export type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'group' | 'list';

/** Show a field only while the field `name` (a full name, e.g. "status") holds one of `in`. */
export type Condition = { name: string; in: string[] };

export type Field = {
  /** Keys from the form's root (for a list's itemShape: from the item). */
  path: string[];
  /** The input's name: the path joined with dots, e.g. "page.outcomes.0.value" (for an itemShape, relative: "value"). */
  name: string;
  kind: FieldKind;
  label: string;
  /** False when the schema lets the field be left out (optional, or with a default). */
  required: boolean;
  /** A select's choices. */
  options?: string[];
  /** The schema's default, used when the field is absent (e.g. visibility: "public"). */
  default?: unknown;
  /** A number field that takes whole numbers only. */
  integer?: boolean;
  /** A list's minimum length, when the schema has one. */
  minItems?: number;
  /** A group's fields. */
  children?: Field[];
  /** A list's item: its fields are named relative to the item ("label", "value"; "" for a list of texts). */
  itemShape?: Field;
  /** Every condition must hold for the field to show (and to be saved). */
  showWhen?: Condition[];
};

/** Long texts are text areas: an explicit table, by key, not a guess from the text. */
export const TEXTAREA_KEYS: ReadonlySet<string> = new Set([
  'description',
  'summary',
  'subtitle',
  'paragraphs',
  'bullets',
  'lockedNote',
  // The longer sentences of the site's own words (site.yml).
  'note',
  'noPasswordNote',
  'subtitleOne',
  'subtitleMany',
  'expiredText',
  'unknownText',
  'limitedText',
  'unavailableText',
]);

/** Labels that humanising the key gets wrong. */
const LABELS: Record<string, string> = {
  linkedin: 'LinkedIn',
  src: 'Image file',
  alt: 'Alt text',
  lockedNote: 'Locked note',
  image: 'Card image',
};

export function humanise(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Def = { type: string; [key: string]: unknown };
type AnySchema = { _zod: { def: Def } } & Record<string, unknown>;

function defOf(schema: unknown): Def {
  return (schema as AnySchema)._zod.def;
}

type Options = {
  /** Extra showWhen rules by full name, for rules a superRefine states (e.g. lockedNote only when private). */
  showWhen?: Record<string, Condition[]>;
};

/** The form for `schema`: its root is a group named "". */
export function describeSchema(schema: z.ZodType, options: Options = {}): Field {
  const root = describe(schema, [], '');
  applyRules(root, options.showWhen ?? {});
  return root;
}

function applyRules(field: Field, rules: Record<string, Condition[]>) {
  const extra = rules[field.name];
  if (extra) field.showWhen = [...(field.showWhen ?? []), ...extra];
  for (const child of field.children ?? []) applyRules(child, rules);
}

function join(path: string[]): string {
  return path.join('.');
}

function describe(schema: unknown, path: string[], key: string): Field {
  let def = defOf(schema);
  let current = schema as AnySchema;
  let required = true;
  let defaultValue: unknown;
  // A label the schema gives with .describe() (on the field or any wrapper), else the key humanised.
  let label = describedAs(current);
  // Wrappers: optional, default, nullable, preprocess (a pipe from a transform), readonly.
  for (;;) {
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'readonly') {
      if (def.type !== 'readonly') required = false;
      current = def.innerType as AnySchema;
    } else if (def.type === 'default' || def.type === 'prefault') {
      required = false;
      const value = def.defaultValue;
      defaultValue = typeof value === 'function' ? (value as () => unknown)() : value;
      current = def.innerType as AnySchema;
    } else if (def.type === 'pipe') {
      current = (defOf(def.in).type === 'transform' ? def.out : def.in) as AnySchema;
    } else break;
    def = defOf(current);
    label ??= describedAs(current);
  }
  const base = { path, name: join(path), label: label ?? humanise(key), required } as Field;
  if (defaultValue !== undefined) base.default = defaultValue;

  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return { ...base, kind: 'group', children: Object.entries(shape).map(([child, value]) => describe(value, [...path, child], child)) };
    }
    case 'array': {
      const field: Field = { ...base, kind: 'list', itemShape: describe(def.element, [], key) };
      const min = minLength(def);
      if (min !== undefined) field.minItems = min;
      return field;
    }
    case 'union':
      return describeUnion(def, base, path);
    case 'enum':
      return { ...base, kind: 'select', options: Object.values(def.entries as Record<string, string>).map(String) };
    case 'literal':
      return { ...base, kind: 'select', options: (def.values as unknown[]).map(String) };
    case 'boolean':
      return { ...base, kind: 'checkbox' };
    case 'number': {
      const field: Field = { ...base, kind: 'number' };
      if ((current as { isInt?: boolean }).isInt) field.integer = true;
      return field;
    }
    case 'string':
      return { ...base, kind: TEXTAREA_KEYS.has(key) ? 'textarea' : 'text' };
    default:
      throw new Error(`the editor has no field for a zod "${def.type}" (at "${join(path) || '(root)'}")`);
  }
}

function describedAs(schema: AnySchema): string | undefined {
  const description = (schema as { description?: unknown }).description;
  return typeof description === 'string' && description.trim() ? description : undefined;
}

function minLength(def: Def): number | undefined {
  for (const check of (def.checks as { _zod: { def: { check: string; minimum?: number } } }[] | undefined) ?? []) {
    if (check._zod.def.check === 'min_length') return check._zod.def.minimum;
  }
  return undefined;
}

/**
 * A discriminated union of objects becomes one group: the discriminator is a
 * select of every option's value, and a field that only some options have
 * shows when the discriminator holds one of theirs.
 */
function describeUnion(def: Def, base: Field, path: string[]): Field {
  const discriminator = def.discriminator as string | undefined;
  if (!discriminator) throw new Error(`the editor needs a discriminated union (at "${join(path) || '(root)'}")`);
  const options = (def.options as unknown[]).map((option) => describe(option, path, base.label));
  const valuesOf = (option: Field) => option.children?.find((child) => child.path.at(-1) === discriminator)?.options ?? [];
  const all = options.flatMap(valuesOf);
  const children: Field[] = [];
  const owners = new Map<string, string[]>();
  for (const option of options) {
    for (const child of option.children ?? []) {
      // A field's path is never empty: describe() gives every field its key.
      const key = child.path.at(-1)!;
      let holders = owners.get(key);
      if (!holders) {
        holders = [];
        owners.set(key, holders);
        children.push(key === discriminator ? { ...child, options: all } : child);
      }
      holders.push(...valuesOf(option));
    }
  }
  const name = join([...path, discriminator]);
  for (const child of children) {
    // A field's path is never empty: describe() gives every field its key.
    const key = child.path.at(-1)!;
    // Every child in children was put in owners by the loop above.
    const holders = owners.get(key)!;
    if (key !== discriminator && holders.length < all.length) child.showWhen = [{ name, in: holders }];
  }
  return { ...base, kind: 'group', children };
}

/* ----------------------------------------------------------------------------- the content's forms */

export const siteForm = describeSchema(siteSchema);
export const resumeForm = describeSchema(resumeFrontmatterSchema);
/** `page` shows when published; `visibility` too, and `lockedNote` when it is also private (the schema's superRefine). */
export const caseStudyForm = describeSchema(caseStudyFrontmatterSchema, {
  showWhen: { lockedNote: [{ name: 'visibility', in: ['private'] }] },
});

/** A page of her own: its title, description, sharing picture, place in the menu and earlier addresses. */
export const pageForm = describeSchema(pageFrontmatterSchema);

/** Every field of a form, depth first (a list's item fields are not included: they are named per item). */
export function* fieldsOf(field: Field): Generator<Field> {
  yield field;
  for (const child of field.children ?? []) yield* fieldsOf(child);
}
