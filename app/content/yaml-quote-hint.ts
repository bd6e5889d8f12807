/**
 * The most common YAML mistake in a designer's file: a value with ": " in it,
 * left unquoted (`title: Design that moves people: transit, health and civic
 * tech`). YAML reads the second ": " as the start of another field and the
 * parsers say "bad indentation of a mapping entry" or "Nested mappings are
 * not allowed in compact mappings", which names neither the cause nor the
 * fix. This finds that line and writes it the way it should be: the value in
 * double quotes. Shared by the build's content check (pipeline/content) and
 * the editor, so both say the same.
 */

/** `key: value` or `- key: value`, the value unquoted and not a block, list, map, anchor, alias or tag. */
const FIELD_LINE = /^(\s*)(-\s+)?([A-Za-z0-9_][\w .-]*?):[ \t]+([^\s'"|>{[&*!#%@`][^\n]*?)\s*$/;

export type QuoteHint = {
  /** 1-based line in the text. */
  line: number;
  key: string;
  /** The line as it should be written, without its indentation, e.g. `title: "Design that moves people: transit"`. */
  quoted: string;
};

function hintFor(line: string): Omit<QuoteHint, 'line'> | undefined {
  const match = FIELD_LINE.exec(line);
  if (!match) return undefined;
  const [, , dash, key = '', value = ''] = match;
  // A colon that YAML reads as a key: followed by a space, or at the very end.
  if (!/:(\s|$)/.test(value) || /\s#/.test(value)) return undefined;
  // A value with double quotes (and no single ones) goes in single quotes, so it reads as it was typed.
  const written = value.includes('"') && !value.includes("'") ? `'${value}'` : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return { key, quoted: `${dash ? '- ' : ''}${key}: ${written}` };
}

/**
 * The unquoted-colon line a YAML syntax error is about: the line the parser
 * stopped on (`line`, 1-based in `text`), or the one before it (parsers
 * sometimes stop on the next line). Undefined when the error is something else.
 */
export function unquotedColonHint(text: string, line: number | undefined): QuoteHint | undefined {
  if (line === undefined) return undefined;
  const lines = text.split(/\r?\n/);
  for (const candidate of [line, line - 1]) {
    const hint = candidate >= 1 ? hintFor(lines[candidate - 1] ?? '') : undefined;
    if (hint) return { line: candidate, ...hint };
  }
  return undefined;
}

/** The message for it, with the line to write. */
export function unquotedColonMessage({ key, quoted }: QuoteHint): string {
  return `the value of "${key}" has ": " in it, which YAML reads as the start of another field: put the value in quotes, like this: ${quoted}`;
}
