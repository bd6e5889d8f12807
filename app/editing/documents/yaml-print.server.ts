import { Scalar, type ScalarTag } from 'yaml';
import { stringifyString, type StringifyContext } from 'yaml/util';

/**
 * How applyChanges (frontmatter.server.ts) prints the edited Document: an
 * unchanged scalar from its source text, re-indented to where it now sits;
 * a changed folded block folded at FOLD_WIDTH. Both go through a tag that
 * only the printer sees.
 */

/** Folded blocks the editor rewrites are folded at this width (the files' own blocks are kept as they are). */
export const FOLD_WIDTH = 80;

/** An unchanged scalar: printed from its source text. */
export class Kept {
  constructor(
    readonly source: string,
    readonly type: Scalar.Type | undefined,
  ) {}
}

/** A changed folded block: folded at FOLD_WIDTH. */
export class Folded {
  constructor(readonly value: string) {}
}

/** Block scalars with an explicit indentation or keep chomping print as yaml prints them. */
export function isBlock(type: Scalar.Type | undefined): boolean {
  return type === Scalar.BLOCK_FOLDED || type === Scalar.BLOCK_LITERAL;
}

export function keepable(node: Scalar, source: string): boolean {
  if (!isBlock(node.type)) return true;
  const [header = ''] = source.split('\n', 1);
  return !/[0-9+]/.test(header.replace(/#.*/, ''));
}

function leadingSpaces(line: string): number {
  return line.length - line.trimStart().length;
}

/** `source` with its continuation lines moved from their indentation to `indent`. */
function reindent(source: string, indent: string, block: boolean): string {
  const [head = '', ...rest] = source.split('\n');
  const filled = rest.filter((line) => line.trim() !== '');
  const [first] = filled;
  if (first === undefined) return source;
  const from = block ? leadingSpaces(first) : Math.min(...filled.map(leadingSpaces));
  return [head, ...rest.map((line) => (line.trim() === '' ? line : indent + line.slice(from)))].join('\n');
}

export const printedTag: ScalarTag = {
  tag: 'tag:portfolio.editor,2026:printed',
  default: true,
  identify: (value) => value instanceof Kept || value instanceof Folded,
  resolve: (value) => value,
  stringify(item, context, onComment, onChompKeep) {
    const value = (item as Scalar).value;
    if (value instanceof Folded) {
      const ctx = { ...context, options: { ...context.options, lineWidth: FOLD_WIDTH, minContentWidth: 20 } } as StringifyContext;
      return stringifyString({ ...(item as Scalar), value: value.value, type: Scalar.BLOCK_FOLDED } as Scalar, ctx, onComment, onChompKeep);
    }
    const kept = value as Kept;
    const block = isBlock(kept.type);
    const source = block ? kept.source.replace(/\n+$/, '') : kept.source;
    const indent = block ? context.indent || '  ' : context.indent;
    return reindent(source, indent, block);
  },
};
