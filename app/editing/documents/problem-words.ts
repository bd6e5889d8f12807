import type { Field } from './fields';

/**
 * The build's content problems in the designer's words. The build names a
 * field by its key (`field "page.outcomes.0.value": must not be empty`) and a
 * file by its path, for whoever edits files; the editor shows the field's
 * label instead, says what to do, and never a path.
 */

/** The label of the input named `name` ("page.outcomes.0.value" reads "Outcomes 1: Value"); a list's item is counted from 1. */
export function fieldLabel(form: Field, name: string): string | undefined {
  let field: Field | undefined = form;
  let label: string | undefined;
  let inItem = false;
  for (const key of name.split('.')) {
    if (!field) return undefined;
    if (field.kind === 'list') {
      if (!/^\d+$/.test(key)) return undefined;
      label = `${field.label} ${Number(key) + 1}`;
      field = field.itemShape;
      inItem = true;
      continue;
    }
    const child: Field | undefined = field.children?.find((c) => c.path.at(-1) === key);
    if (!child) return undefined;
    label = inItem && label ? `${label}: ${child.label}` : child.label;
    inItem = false;
    field = child;
  }
  return label;
}

const PATH = /`?(?:\.\.?\/|content\/)[^\s`"',;)]+(?::\d+)?`?/g;
/** A path that opens a message only says where: it goes; one inside a sentence reads "it". */
const PATH_FIRST = new RegExp(`^${PATH.source}:?\\s*`);

/** A message with no file path in it: the designer edits pages, not files. */
export function withoutPaths(message: string): string {
  return message
    .replace(PATH_FIRST, '')
    .replace(PATH, 'it')
    .replace(/\s{2,}/g, ' ');
}

/** One problem, said for the designer: which field (by its label), what is wrong, and what to do. */
export function problemInHerWords(message: string, label: string | undefined): string {
  const named = /^field "[^"]+"(?::\s*|\s+)([\s\S]*)$/.exec(message);
  if (!named) return withoutPaths(message);
  const rest = named[1] ?? '';
  const what = label ? `“${label}”` : 'This field';
  if (/^(must not be empty|is missing)$/.test(rest)) return `${what} can’t be empty: fill it in, then publish again.`;
  if (/^must be one of /.test(rest)) return `${what} needs one of its choices: pick one, then publish again.`;
  return `${what}: ${withoutPaths(rest)}`;
}

/** The build's problems as one paragraph for her: each by its field's label (from `form`), else by its line; never the file. */
export function problemsInHerWords(
  problems: readonly { file?: string; message: string; line?: number; field?: string }[],
  form?: Field,
): string {
  return problems
    .map((problem) => {
      const words = problemInHerWords(problem.message, problem.field && form ? fieldLabel(form, problem.field) : undefined);
      return problem.line && !problem.field ? `Line ${problem.line}: ${words}` : words;
    })
    .join(' ');
}
