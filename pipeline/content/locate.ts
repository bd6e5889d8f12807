import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { ZodError } from 'zod';
import type { ContentProblem } from './errors';
import { isMissing, isNoDiscriminator } from './zod-messages';
import { unquotedColonHint, unquotedColonMessage } from '../../app/content/yaml-quote-hint';

/**
 * Lines and columns for content problems, so a message can say where in the
 * file to look: zod issues (frontmatter, site.yml) via the YAML's positions,
 * YAML syntax errors, and MDX compile errors.
 */

type Path = readonly (string | number)[];

type LineOf = (path: Path) => number | undefined;

/**
 * A YAML text read once, with the one YAML library the editor writes with:
 * its plain data, and `lineOf` for its keys. YAML 1.2: `yes` stays text and
 * a date stays text, as the schema wants them. Throws the parser's first
 * error, or its first warning (an unknown `!tag` would otherwise quietly
 * become text), for yamlSyntaxProblem().
 */
export function readYaml(text: string, firstLine = 1): { data: unknown; lineOf: LineOf } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, keepSourceTokens: false });
  const [problem] = [...document.errors, ...document.warnings];
  if (problem) throw problem;
  return { data: document.toJS(), lineOf: keyLines(document, lineCounter, firstLine) };
}

/**
 * `lineOf(path)`: the line of the key at `path` in the YAML text, or of the
 * deepest key on the way that exists (a missing field points at its parent);
 * undefined when not even the first key exists. `firstLine` is the file's
 * line of the text's first line. Texts that do not parse give no lines.
 */
export function yamlLines(text: string, firstLine = 1): LineOf {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, keepSourceTokens: false });
  if (document.errors.length > 0) return () => undefined;
  return keyLines(document, lineCounter, firstLine);
}

function keyLines(document: Document, lineCounter: LineCounter, firstLine: number): LineOf {
  return (path) => {
    let node: unknown = document.contents;
    let line: number | undefined;
    for (const key of path) {
      let next: { at?: number; node: unknown } | undefined;
      if (isMap(node)) {
        const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
        if (pair) next = { at: (pair.key as Node).range?.[0], node: pair.value };
      } else if (isSeq(node) && typeof key === 'number') {
        const item = node.items[key] as Node | undefined;
        if (item) next = { at: item.range?.[0], node: item };
      }
      if (!next) break;
      if (next.at !== undefined) line = lineCounter.linePos(next.at).line + firstLine - 1;
      node = next.node;
    }
    return line;
  };
}

/** Each zod issue as a problem naming the field, with the line of that field (or of its parent) when known. */
export function zodProblems(error: ZodError, lineOf: LineOf = () => undefined): ContentProblem[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
    const field = path.length ? path.join('.') : '(top level)';
    const line = lineOf(path);
    if (isMissing(issue)) return { message: `field "${field}" is missing`, line };
    if (issue.code === 'unrecognized_keys') {
      // The line of the (first) unknown key itself.
      const message = `unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}${issue.path.length ? ` in "${field}"` : ''}`;
      const [unknownKey] = issue.keys;
      return { message, line: (unknownKey === undefined ? undefined : lineOf([...path, unknownKey])) ?? line };
    }
    if (isNoDiscriminator(issue)) {
      return { message: `field "${field}" must be one of ${(issue.options ?? []).map((o) => `"${String(o)}"`).join(', ')}`, line };
    }
    return { message: `field "${field}": ${issue.message}`, line };
  });
}

/**
 * A YAML syntax error (from readYaml: the parser's, with a 1-based `linePos`)
 * as a problem with its line and column in the file. `text`, the file's text
 * (or the part whose first line is `firstLine`), lets an unquoted ": " in a
 * value be told apart from other mistakes: that one gets the line written
 * with quotes instead of the parser's "Nested mappings are not allowed in
 * compact mappings".
 */
export function yamlSyntaxProblem(error: unknown, prefix: string, firstLine = 1, text?: string): ContentProblem {
  const { linePos, message } = (error ?? {}) as { linePos?: [{ line: number; col: number }, ...unknown[]]; message?: string };
  // The parser's message goes on with " at line 3, column 8:" and the line itself: the problem says where, once.
  const said = message?.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? String(error);
  const at = linePos?.[0];
  if (!at) return { message: `${prefix}: ${said}` };
  const hint = text === undefined ? undefined : unquotedColonHint(text, at.line);
  if (hint) return { message: `${prefix}: ${unquotedColonMessage(hint)}`, line: hint.line + firstLine - 1 };
  return { message: `${prefix}: ${said}`, line: at.line + firstLine - 1, column: at.col };
}

/** How many lines of `text` come before `tail`, its last part (the body after the frontmatter). */
export function linesBefore(text: string, tail: string): number {
  const head = text.endsWith(tail) ? text.slice(0, text.length - tail.length) : '';
  return head.split('\n').length - 1;
}

type EsbuildMessage = {
  text?: string;
  location?: { line: number; column: number } | null;
  detail?: { reason?: string; line?: number; column?: number } | null;
};

/**
 * The MDX compile error of mdx-bundler (esbuild, with @mdx-js/esbuild's
 * message as `detail`) as a problem at its line and column in the .mdx file:
 * `lineOffset` is the number of file lines before the compiled body.
 */
export function mdxProblem(error: unknown, lineOffset = 0): ContentProblem {
  const first = (error as { errors?: EsbuildMessage[] } | null)?.errors?.[0];
  if (!first) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { message: `MDX does not compile: ${message}` };
  }
  // "Cannot process MDX file with esbuild:\n  6:1: Expected a closing tag for `<div>` (6:1-6:6)"
  const reason = (first.detail?.reason && !/^Cannot process MDX/.test(first.detail.reason) ? first.detail.reason : undefined) ??
    (first.text ?? '').replace(/^Cannot process MDX file with esbuild:\s*/, '').replace(/^\d+:\d+(?:-\d+:\d+)?:\s*/, '');
  // The error's own place; else a place named in the reason, e.g. the "(6:1-6:6)" of an unclosed tag.
  const named = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(reason);
  let line: number | undefined;
  let column: number | undefined;
  if (first.detail?.line) [line, column] = [first.detail.line, first.detail.column];
  else if (named) [line, column] = [Number(named[1]), Number(named[2])];
  else if (first.location?.line) [line, column] = [first.location.line, first.location.column + 1];
  // Positions in the reason are the body's: say them as the file's lines, or drop the one already given.
  const [firstLine = ''] = reason.split('\n', 1);
  const text = firstLine
    .replace(/\s*\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/, (whole, l: string, c: string) =>
      !first.detail?.line && named ? '' : ` (line ${Number(l) + lineOffset}, column ${c})`,
    );
  const message = `MDX does not compile: ${text}`;
  return line === undefined ? { message } : { message, line: line + lineOffset, column };
}
