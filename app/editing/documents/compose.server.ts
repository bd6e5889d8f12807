import { unquotedColonHint } from '~/content/yaml-quote-hint';
import type { DocumentKind } from './kinds';
import { FORMS } from './forms.server';
import type { Field } from './fields';
import { fromForm } from './form-values';
import { applyChanges, readDocument, writeDocument, yamlData, YamlSyntaxError } from './frontmatter.server';

/**
 * A posted edit form turned back into the file it describes: the frontmatter
 * fields written into the YAML the form was made from (only changed values
 * change lines: frontmatter.server.ts), and the body as the editor exported
 * it. Also the list buttons of the no-JavaScript form (add, remove, move an
 * item), applied to the data before it is written.
 */

export type Entries = [string, FormDataEntryValue][];

export type ListOperation = { op: 'add' | 'remove' | 'up' | 'down'; name: string };

/** `list:add:tags`, `list:remove:page.outcomes.1`: the list buttons' intents. */
export function listOperation(intent: string): ListOperation | null {
  const [, op, name] = /^list:(add|remove|up|down):([A-Za-z0-9_.]{1,200})$/.exec(intent) ?? [];
  return op && name ? { op: op as ListOperation['op'], name } : null;
}

/** A file whose details do not parse, said for her: what happened and the way back (the line goes beside it). */
export const UNREADABLE =
  'The details of this page are written in a way the site can’t read. Open its history and restore the last version that worked.';

export type Composed = { ok: true; text: string } | { ok: false; problem: string; line?: number };

export function composeFile(kind: DocumentKind, baseText: string, entries: Entries, operation?: ListOperation | null): Composed {
  const form = FORMS[kind];
  const document = readDocument(baseText, kind === 'site' ? 'yaml' : 'mdx');
  const fields = entries.filter(([name]) => name !== 'body' && !name.startsWith('_'));
  const data = fromForm(fields, form);
  if (operation) applyListOperation(data, operation, form);
  const body = entries.find(([name]) => name === 'body')?.[1];
  let yaml: string;
  try {
    yaml = applyChanges(document.yaml, data, form);
  } catch (error) {
    if (error instanceof YamlSyntaxError) {
      // An unquoted ": " in a value: the line that holds it, not the one after where the parser stopped.
      return { ok: false, problem: UNREADABLE, line: unquotedColonHint(document.yaml, error.line)?.line ?? error.line };
    }
    throw error;
  }
  const next = { ...document, body: typeof body === 'string' && kind !== 'site' ? sameLineEnds(body, baseText) : document.body };
  return { ok: true, text: writeDocument(next, yaml) };
}

/** Browsers post a textarea's line ends as CRLF: the file keeps its own. */
function sameLineEnds(body: string, original: string): string {
  const lf = body.replace(/\r\n?/g, '\n');
  return original.includes('\r\n') ? lf.replace(/\n/g, '\r\n') : lf;
}

type Data = Record<string, unknown>;

function applyListOperation(data: Data, { op, name }: ListOperation, form: Field): void {
  const path = name.split('.');
  const index = op === 'add' ? undefined : Number(path.pop());
  const listField = findList(form, path);
  if (!listField) return;
  // Walk to the list, making the groups and lists on the way (an optional group may be absent).
  let node: Data | unknown[] = data;
  for (const [at, key] of path.slice(0, -1).entries()) {
    const container = node as Record<string, unknown>;
    container[key] ??= /^\d+$/.test(path[at + 1] ?? '') ? [] : {};
    node = container[key] as Data;
  }
  const parent = node as Record<string, unknown>;
  // A list field's path ends with its own key.
  const key = path.at(-1)!;
  const list = Array.isArray(parent[key]) ? (parent[key] as unknown[]) : ((parent[key] = []) as unknown[]);
  if (op === 'add') {
    const shape = listField.itemShape;
    // A field's path is never empty: describeSchema gives every field its key.
    list.push(shape?.kind === 'group' ? Object.fromEntries((shape.children ?? []).map((child) => [child.path.at(-1)!, ''])) : '');
    return;
  }
  if (index === undefined || !Number.isInteger(index) || index < 0 || index >= list.length) return;
  if (op === 'remove') list.splice(index, 1);
  else {
    const to = op === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= list.length) return;
    [list[index], list[to]] = [list[to], list[index]];
  }
}

function findList(form: Field, path: string[]): Field | null {
  let field = form;
  for (const key of path) {
    if (/^\d+$/.test(key)) {
      if (field.kind !== 'list' || !field.itemShape) return null;
      field = field.itemShape;
      continue;
    }
    const child = field.children?.find((candidate) => candidate.path.at(-1) === key);
    if (!child) return null;
    field = child;
  }
  return field.kind === 'list' ? field : null;
}

/** The data and body of a file as the form shows them; a YAML mistake is a problem, with its line. */
export function openDocument(
  kind: DocumentKind,
  text: string,
): { data: unknown; body: string; problem?: { message: string; line?: number } } {
  const document = readDocument(text, kind === 'site' ? 'yaml' : 'mdx');
  try {
    return { data: yamlData(document.yaml) ?? {}, body: document.body };
  } catch (error) {
    const { linePos } = error as { linePos?: { line: number }[] };
    return {
      data: {},
      body: document.body,
      problem: { message: UNREADABLE, line: linePos?.[0]?.line },
    };
  }
}
