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

const AGAIN = 'then publish again.';
const ENTRIES = (count: string) => (count === '1' ? 'one entry' : `${count} entries`);
const BOUND: Record<string, string> = {
  'at least': 'at least',
  'more than': 'more than',
  over: 'more than',
  exactly: 'exactly',
  'at most': 'at most',
  'less than': 'fewer than',
  under: 'fewer than',
  'greater than or equal to': 'at least',
  'greater than': 'more than',
  'less than or equal to': 'at most',
};
const bound = (words: string | undefined) => BOUND[words ?? ''] ?? words ?? '';

/**
 * The content schemas' own wordings (pipeline/content/zod-messages.ts keeps
 * zod 3's, for whoever edits files: "Array must contain at least 1
 * element(s)"), each said the way the form says things: what the field needs
 * and what to do.
 */
const SCHEMA_WORDINGS: [RegExp, (what: string, match: RegExpExecArray) => string][] = [
  [
    /^Array must contain (at least|more than|exactly) (\d+) element\(s\)$/,
    (what, m) => `${what} needs ${bound(m[1])} ${ENTRIES(m[2]!)}: add ${m[2] === '1' ? 'one' : 'them'}, ${AGAIN}`,
  ],
  [
    /^Array must contain (at most|less than) (\d+) element\(s\)$/,
    (what, m) => `${what} holds ${bound(m[1])} ${ENTRIES(m[2]!)}: remove some, ${AGAIN}`,
  ],
  [
    /^String must contain (at most|under) (\d+) character\(s\)$/,
    (what, m) => `${what} is too long: ${bound(m[1])} ${m[2]} characters. Shorten it, ${AGAIN}`,
  ],
  [
    /^String must contain (at least|over|exactly) (\d+) character\(s\)$/,
    (what, m) => `${what} is too short: it needs ${bound(m[1])} ${m[2]} characters.`,
  ],
  [
    /^Number must be (greater than or equal to|greater than|less than or equal to|less than) (-?[\d.e+]+)$/,
    (what, m) => `${what} must be ${bound(m[1])} ${m[2]}: change it, ${AGAIN}`,
  ],
  [/^Number must be exactly(?: equal to)? (-?[\d.e+]+)$/, (what, m) => `${what} must be ${m[1]}: change it, ${AGAIN}`],
  [/^Number must be a multiple of (-?[\d.e+]+)$/, (what, m) => `${what} must be a multiple of ${m[1]}: change it, ${AGAIN}`],
  [/^Expected integer, received/, (what) => `${what} needs a whole number, such as 3: change it, ${AGAIN}`],
  [/^Expected number, received/, (what) => `${what} needs a number, such as 3: change it, ${AGAIN}`],
  [/^Expected (?:boolean|date), received/, (what) => `${what} needs a yes or no: tick it or leave it, ${AGAIN}`],
  [/^Expected \w+, received/, (what) => `${what} is not filled in the way the site reads it: type it again, ${AGAIN}`],
  [/^Required$/, (what) => `${what} can’t be empty: fill it in, ${AGAIN}`],
  [/^Invalid (?:enum|discriminator|literal) value/, (what) => `${what} needs one of its choices: pick one, ${AGAIN}`],
  [
    /^Unrecognized key\(s\) in object: (.+)$/,
    (what, m) => `${what} holds something the site does not know (${m[1]!.replace(/'([^']*)'/g, '“$1”')}): take it out, ${AGAIN}`,
  ],
  [/^Invalid email$/, (what) => `${what} needs an e-mail address, such as name@example.com: change it, ${AGAIN}`],
  [/^Invalid (?:url|uri)$/, (what) => `${what} needs a web address starting with https://: change it, ${AGAIN}`],
  [/^Invalid input: must (start with|end with|include) "(.*)"$/, (what, m) => `${what} must ${m[1]} “${m[2]}”: change it, ${AGAIN}`],
  [/^Invalid(?: input| \w+)?$/, (what) => `${what} is not in a form the site can use: check it, ${AGAIN}`],
];

/** One problem, said for the designer: which field (by its label), what is wrong, and what to do. */
export function problemInHerWords(message: string, label: string | undefined): string {
  const named = /^field "[^"]+"(?::\s*|\s+)([\s\S]*)$/.exec(message);
  if (!named) return withoutPaths(message);
  const rest = named[1] ?? '';
  const what = label ? `“${label}”` : 'This field';
  if (/^(must not be empty|is missing)$/.test(rest)) return `${what} can’t be empty: fill it in, then publish again.`;
  if (/^must be one of /.test(rest)) return `${what} needs one of its choices: pick one, then publish again.`;
  for (const [wording, said] of SCHEMA_WORDINGS) {
    const match = wording.exec(rest.trim());
    if (match) return said(what, match);
  }
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
