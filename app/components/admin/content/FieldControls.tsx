import type { ReactNode } from 'react';
import type { Condition, Field } from '~/editing/documents/fields';
import { isWideField } from '~/editing/documents/field-width';
import { optionLabel } from '~/editing/documents/option-label';
import type { FormValue } from '~/editing/documents/form-values';
import { isFocusField } from '~/editing/documents/image-fields';
import { asImageField, ImageField } from './ImageField';

/**
 * The controls of a form generated from a content schema (editing/fields.ts):
 * each input named by its field's path (`page.outcomes.0.value`), groups as
 * fieldsets, lists with buttons to add, remove and move items. Without
 * JavaScript those buttons post the form (the draft is kept and the page
 * comes back with the list changed); fields whose `showWhen` does not hold
 * are in the page but hidden, so switching `status` back loses nothing.
 */

export type Values = Record<string, FormValue>;
export type Errors = Record<string, string>;

const CONTROL =
  'block w-full rounded-lg border bg-bg px-3 py-2.5 text-base text-fg shadow-xs outline-none transition-colors ' +
  'focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-[0.9375rem]';
const OK = 'border-border hover:border-fg-muted/50 focus-visible:border-ring';
const BAD = 'border-red-600 focus-visible:border-red-600 dark:border-red-400';
const SMALL_BUTTON =
  'inline-flex size-9 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-bg-muted hover:text-fg disabled:opacity-30 disabled:hover:bg-transparent';

export const inputId = (name: string) => `field-${name.replace(/\./g, '-')}`;

export function holds(conditions: Condition[] | undefined, values: Values, defaults: Values): boolean {
  return (conditions ?? []).every((condition) => condition.in.includes(String(values[condition.name] ?? defaults[condition.name] ?? '')));
}

type Context = { values: Values; errors: Errors; defaults: Values };

export function FieldControls({ form, values, errors }: { form: Field; values: Values; errors: Errors }) {
  const defaults: Values = {};
  const collect = (field: Field) => {
    if (field.default !== undefined && typeof field.default !== 'object') defaults[field.name] = field.default as FormValue;
    field.children?.forEach(collect);
  };
  collect(form);
  const context = { values, errors, defaults };
  // A case study's focal point is shown with its card image (ImageField), not as a field of its own.
  const fields = (form.children ?? []).filter((field) => !isFocusField(field.name));
  return <div className="grid gap-5">{fields.map((field) => <Control key={field.name} field={field} name={field.name} context={context} />)}</div>;
}

/** Any field at any depth: a group, a list (of texts, of groups, of lists) or one input, named by its full path. */
function Control({ field, name, context, compact }: { field: Field; name: string; context: Context; compact?: boolean }) {
  const shown = holds(field.showWhen, context.values, context.defaults);
  const conditional = field.showWhen?.length ? { 'data-show-when': JSON.stringify(field.showWhen) } : {};
  const image = asImageField(field);
  return (
    <div hidden={!shown} {...conditional} className={image || isWideField(field) ? 'sm:col-span-2' : undefined}>
      {image ? (
        <ImageField field={field} spec={image} values={context.values} error={context.errors[image.srcName]} focusError={context.errors[image.focusName]} renderLeaf={(child, childName) => <Leaf field={child} name={childName} context={context} />} />
      ) : field.kind === 'group' ? <Group field={field} name={name} context={context} /> : field.kind === 'list' ? <List field={field} name={name} context={context} /> : <Leaf field={field} name={name} context={context} compact={compact} />}
    </div>
  );
}

function Group({ field, name, context }: { field: Field; name: string; context: Context }) {
  return (
    <fieldset className="grid gap-5 rounded-xl border border-border p-4 sm:grid-cols-2 sm:p-5">
      <legend className="px-1.5 text-sm font-semibold">{field.label}</legend>
      {(field.children ?? []).map((child) => (
        <Control key={child.name} field={child} name={`${name}.${child.path.at(-1)}`} context={context} />
      ))}
    </fieldset>
  );
}

/** The items a list holds now: the indices its values carry, in order. */
function itemIndices(name: string, values: Values): number[] {
  const prefix = `${name}.`;
  const found = new Set<number>();
  for (const key of Object.keys(values)) {
    if (!key.startsWith(prefix)) continue;
    const [index = ''] = key.slice(prefix.length).split('.', 1);
    if (/^\d+$/.test(index)) found.add(Number(index));
  }
  return [...found].sort((a, b) => a - b);
}

/** A list the schema needs at least N items in starts with that many rows to fill, rather than an error to read. */
function withRowsToFill(indices: number[], minItems = 0): number[] {
  const rows = [...indices];
  let next = indices.length ? Math.max(...indices) + 1 : 0;
  while (rows.length < minItems) rows.push(next++);
  return rows;
}

function List({ field, name, context }: { field: Field; name: string; context: Context }) {
  const indices = withRowsToFill(itemIndices(name, context.values), field.minItems);
  // List renders only list fields, and describeSchema gives every list field its itemShape.
  const shape = field.itemShape!;
  const error = context.errors[name];
  const singular = field.label.replace(/ies$/, 'y').replace(/s$/, '').toLowerCase();
  return (
    <fieldset id={inputId(name)} data-list={name} aria-describedby={error ? `${inputId(name)}-error` : undefined} className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">
        {field.label}
        {field.minItems ? <span className="font-normal text-fg-muted"> · at least {field.minItems}</span> : null}
      </legend>
      {indices.length === 0 ? <p className="text-sm text-fg-muted">None yet.</p> : null}
      <ol className="grid gap-2">
        {indices.map((index, position) => {
          const itemName = `${name}.${index}`;
          const buttons = (
            <span className="flex shrink-0 items-center">
              <ItemButton intent={`list:up:${itemName}`} label={`Move ${singular} ${position + 1} up`} disabled={position === 0} icon="up" />
              <ItemButton intent={`list:down:${itemName}`} label={`Move ${singular} ${position + 1} down`} disabled={position === indices.length - 1} icon="down" />
              <ItemButton intent={`list:remove:${itemName}`} label={`Remove ${singular} ${position + 1}`} icon="remove" />
            </span>
          );
          // An item of several fields is a small card with its buttons in its header; a text is one line with them beside it.
          return shape.kind === 'group' ? (
            <li key={itemName} data-list-item={itemName} className="rounded-lg border border-border">
              <div className="flex items-center justify-between gap-2 border-b border-border py-1 pl-3 pr-1">
                <span className="text-sm font-medium text-fg-muted">
                  {capitalise(singular)} {position + 1}
                </span>
                {buttons}
              </div>
              <div className="grid gap-3 p-3 sm:grid-cols-2">
                {(shape.children ?? []).map((child) => (
                  <Control key={child.name} field={child} name={`${itemName}.${child.path.at(-1)}`} context={context} compact />
                ))}
              </div>
            </li>
          ) : shape.kind === 'list' ? (
            <li key={itemName} data-list-item={itemName} className="flex items-start gap-1.5 rounded-lg border border-border p-3">
              <div className="min-w-0 flex-1">
                <List field={{ ...shape, label: `${field.label} ${position + 1}` }} name={itemName} context={context} />
              </div>
              {buttons}
            </li>
          ) : (
            // On a phone a text takes the whole width (inside a card there is little of it), its buttons under it.
            <li key={itemName} data-list-item={itemName} className="flex flex-col gap-0.5 sm:flex-row sm:items-start sm:gap-1.5">
              <div className="min-w-0 flex-1">
                <Leaf field={{ ...shape, label: `${field.label} ${position + 1}` }} name={itemName} context={context} hideLabel />
              </div>
              <span className="self-end sm:self-auto">{buttons}</span>
            </li>
          );
        })}
      </ol>
      <div>
        <button type="submit" name="intent" value={`list:add:${name}`} formNoValidate className="inline-flex h-9 items-center gap-1.5 rounded-full border border-dashed border-border px-3.5 text-sm font-medium text-fg-muted transition-colors hover:border-fg-muted hover:text-fg">
          <span aria-hidden="true">+</span> Add {singular}
        </button>
      </div>
      {error ? <ErrorText id={`${inputId(name)}-error`}>{error}</ErrorText> : null}
    </fieldset>
  );
}

const ICONS = { up: 'M10 15V5m0 0-4 4m4-4 4 4', down: 'M10 5v10m0 0-4-4m4 4 4-4', remove: 'M6 6l8 8M14 6l-8 8' } as const;

function ItemButton({ intent, label, disabled, icon }: { intent: string; label: string; disabled?: boolean; icon: keyof typeof ICONS }) {
  return (
    <button type="submit" name="intent" value={intent} formNoValidate disabled={disabled} aria-label={label} title={label} className={SMALL_BUTTON}>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" className="size-4">
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}

function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

function Leaf({ field, name, context, compact, hideLabel }: { field: Field; name: string; context: Context; compact?: boolean; hideLabel?: boolean }) {
  const id = inputId(name);
  const error = context.errors[name];
  const value = context.values[name];
  const described = error ? `${id}-error` : undefined;
  // A text with a default (the site's words) shows it while empty: left empty, the default stays and nothing is written.
  const placeholder = typeof field.default === 'string' ? field.default : undefined;
  const common = { id, name, placeholder, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, className: `${CONTROL} ${error ? BAD : OK}` };
  const label = (
    <label htmlFor={id} className={hideLabel ? 'sr-only' : `mb-1.5 block text-sm font-medium ${compact ? 'text-fg-muted' : ''}`}>
      {field.label}
      {field.required || hideLabel ? null : <span className="font-normal text-fg-muted"> · optional</span>}
    </label>
  );
  let control: ReactNode;
  if (field.kind === 'checkbox') {
    return (
      <div>
        <label className="flex items-center gap-2.5 text-[0.9375rem]">
          <input type="checkbox" id={id} name={name} defaultChecked={value === true} aria-describedby={described} className="size-4 accent-[var(--accent)]" />
          {field.label}
        </label>
        {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
      </div>
    );
  }
  if (field.kind === 'select') {
    const hasDefault = !field.required && field.default !== undefined;
    // Left out of the file, the default applies: its option posts "" so that saving as shown writes nothing.
    const implied = hasDefault && value === undefined ? String(field.default) : undefined;
    const options = field.options ?? [];
    control = (
      <select {...{ ...common, placeholder: undefined }} defaultValue={value === undefined ? '' : String(value)} data-field-select={name}>
        {!field.required && !hasDefault ? <option value="">—</option> : null}
        {implied !== undefined && !options.includes(implied) ? <option value="">{optionLabel(implied)}</option> : null}
        {options.map((option) => (
          <option key={option} value={option === implied ? '' : option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea') {
    const text = value === undefined ? '' : String(value);
    // Grows with its text (field-sizing); where that is not supported, enough rows for the text at a phone's width.
    const rows = Math.max(field.name.endsWith('summary') || field.name === 'description' ? 4 : 3, Math.ceil(text.length / 45));
    control = <textarea {...common} rows={rows} defaultValue={text} className={`${common.className} min-h-[calc(3lh+1.125rem)] resize-y leading-relaxed [field-sizing:content]`} />;
  } else {
    control = (
      <input
        {...common}
        type="text"
        inputMode={field.kind === 'number' ? 'numeric' : undefined}
        defaultValue={value === undefined ? '' : String(value)}
        autoComplete="off"
        spellCheck={field.kind === 'number' ? false : undefined}
      />
    );
  }
  return (
    <div>
      {label}
      {control}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
