import { isMap, isScalar, isSeq, parseDocument, Scalar, visit, type Document, type Node, type Pair, type ScalarTag } from 'yaml';
import { stringifyString, type StringifyContext } from 'yaml/util';
import type { Field } from './fields';

/**
 * Frontmatter and site.yml as the editor writes them back: only what the
 * designer changed is rewritten, everything else keeps its bytes (comments,
 * quoting, hand-folded `>-` paragraphs, blank lines).
 *
 * The `yaml` package's Document API does the edit: the file is parsed to a
 * Document, only values that differ are set (deep: maps, lists with added,
 * removed and reordered items, scalars), and the Document is printed again.
 * Printing alone cannot give back the same bytes: the files' `>-` blocks are
 * folded by hand (site.yml at 82 columns, mobile-banking.mdx at 73), which no
 * `lineWidth`/`minContentWidth` reproduces, and a lineWidth that keeps the
 * resume's long plain lines would unfold them. So every scalar whose value did
 * not change is printed from its source text (re-indented to where it now
 * sits), through a tag that only the printer sees; changed and new scalars are
 * printed by `yaml`: plain lines never folded (lineWidth 0, as the resume and
 * fixtures write them), and a changed `>-` block folded at 80 columns.
 */

export type DocumentKind = 'yaml' | 'mdx';

/** A content file split into its YAML and the rest: `open + yaml + close + body` is the file, byte for byte. */
export type ContentDocument = {
  kind: DocumentKind;
  /** `---\n` for an MDX file with frontmatter, '' otherwise. */
  open: string;
  /** The YAML text: the whole file for site.yml, the frontmatter between the fences for MDX. */
  yaml: string;
  /** The closing fence with its line end (`---\n`), '' for site.yml or an MDX file without frontmatter. */
  close: string;
  /** Everything after the closing fence: the MDX story or summary. */
  body: string;
};

/** Folded blocks the editor rewrites are folded at this width (the files' own blocks are kept as they are). */
export const FOLD_WIDTH = 80;

// The fences as gray-matter reads them: `---` on the first line, the next line that is `---` closes.
const FRONTMATTER = /^(---[ \t]*\r?\n)([\s\S]*?)(^---[ \t]*(?:\r?\n|$))/m;

export function readDocument(text: string, kind: DocumentKind): ContentDocument {
  if (kind === 'yaml') return { kind, open: '', yaml: text, close: '', body: '' };
  if (text.startsWith('---')) {
    const match = FRONTMATTER.exec(text);
    if (match && match.index === 0) {
      const [whole, open = '', yaml = '', close = ''] = match;
      return { kind, open, yaml, close, body: text.slice(whole.length) };
    }
  }
  return { kind, open: '', yaml: '', close: '', body: text };
}

/** The file again, with `yaml` (e.g. from applyChanges) in place of the document's YAML. */
export function writeDocument(document: ContentDocument, yaml: string = document.yaml): string {
  if (document.kind === 'yaml') return yaml;
  if (!document.open) {
    if (yaml.trim() === '') return document.body;
    return `---\n${yaml.endsWith('\n') ? yaml : `${yaml}\n`}---\n${document.body}`;
  }
  const newline = document.open.endsWith('\r\n') ? '\r\n' : '\n';
  const between = yaml === '' || yaml.endsWith('\n') ? yaml : `${yaml}${newline}`;
  const close = document.close || `---${newline}`;
  return `${document.open}${between}${close}${document.body}`;
}

/** The plain data of a YAML text, as the editor compares it (the build reads it with the same library: pipeline/content/locate.ts). */
export function yamlData(text: string): unknown {
  const document = parseDocument(text);
  if (document.errors.length > 0) throw document.errors[0];
  return document.toJS();
}

export class YamlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

/**
 * `yamlText` with the values of `newData`: only the values that differ are
 * set, and only their lines change. Keys missing from a map are added after
 * the key that comes before them in `newData` (the schema's order when the
 * data comes from fromForm), or at the end; keys not in `newData` are removed.
 * With `form`, new keys go in the schema's order whatever `newData`'s order.
 */
export function applyChanges(text: string, newData: unknown, form?: Field): string {
  // A CRLF file is edited as LF and given back its CRLFs.
  const crlf = text.includes('\r\n');
  const yamlText = crlf ? text.replace(/\r\n/g, '\n') : text;
  const document = parseDocument(yamlText, { customTags: (tags) => [printedTag, ...tags] });
  const [error] = document.errors;
  if (error) {
    throw new YamlSyntaxError(error.message, error.linePos?.[0]?.line);
  }
  // What each source scalar held, and its text, before the changes.
  const original = new Map<Scalar, unknown>();
  visit(document, {
    Scalar(_key, node) {
      original.set(node, node.value);
    },
  });

  if (!isPlainObject(newData)) throw new TypeError('frontmatter must be a mapping of fields');
  const edit: Edit = { document, form };
  if (isMap(document.contents)) setMap(edit, document.contents, newData, []);
  else document.contents = document.createNode(newData) as unknown as typeof document.contents;

  // Unchanged scalars print from their source; changed `>-` blocks fold at FOLD_WIDTH.
  visit(document, {
    Scalar(_key, node, path) {
      if (node.tag) return;
      const before = original.get(node);
      const range = node.range;
      if (original.has(node) && before === node.value && range) {
        let source = yamlText.slice(range[0], range[1]);
        if (!keepable(node, source)) return;
        // A comment on the value's line keeps its spacing too (outside flow collections).
        const after = yamlText.slice(range[1], range[2]);
        const inFlow = path.some((ancestor) => (isMap(ancestor) || isSeq(ancestor)) && ancestor.flow);
        if (node.comment && !inFlow && !isBlock(node.type) && /^[ \t]+#[^\n]*\n?$/.test(after) && after.trim().slice(1) === node.comment) {
          source = yamlText.slice(range[0], range[2]).replace(/\n$/, '');
          node.comment = undefined;
        }
        node.value = new Kept(source, node.type);
      } else if (typeof node.value === 'string' && node.type === Scalar.BLOCK_FOLDED) {
        node.value = new Folded(node.value);
      }
    },
  });

  const printed = yamlText === '' && Object.keys(newData).length === 0 ? '' : document.toString({ lineWidth: 0, minContentWidth: 0 });
  return crlf ? printed.replace(/\n/g, '\r\n') : printed;
}

/* ----------------------------------------------------------------------------- the edit */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keyOf(pair: Pair): unknown {
  return isScalar(pair.key) ? pair.key.value : pair.key;
}

type Edit = { document: Document; form?: Field };

/** The keys of the group at `path` in the form's order (list indices go through the list's item). */
function schemaOrder(form: Field | undefined, path: (string | number)[]): string[] | undefined {
  let field = form;
  for (const key of path) {
    if (!field) return undefined;
    if (field.kind === 'list') field = field.itemShape;
    else field = field.children?.find((child) => child.path.at(-1) === key);
  }
  // A field's path is never empty: describeSchema gives every field its key.
  return field?.kind === 'group' ? field.children?.map((child) => child.path.at(-1)!) : undefined;
}

/** How a sibling writes the value: its node (an item before it), or the way every sibling text is written. */
type Like = { exemplar?: unknown; style?: Scalar.Type };

/** The node for `value`, reusing `node` (its style, comments and bytes) where it can. */
function setNode(edit: Edit, node: unknown, value: unknown, path: (string | number)[], like: Like = {}): unknown {
  const { document } = edit;
  if (isPlainObject(value)) {
    if (isMap(node)) {
      setMap(edit, node, value, path, isMap(like.exemplar) ? like.exemplar : undefined);
      return node;
    }
    return fresh(document, value, like.exemplar, like.style);
  }
  if (Array.isArray(value)) {
    if (isSeq(node)) {
      setSeq(edit, node, value, path);
      return node;
    }
    return fresh(document, value, like.exemplar, like.style);
  }
  if (isScalar(node) && !isMap(node) && !isSeq(node)) {
    if (sameScalar(node.value, value)) return node;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      // A new value in the same node keeps its quoting or block style (yaml quotes it where it must);
      // an empty text's quotes were only for being empty (an item just added): it is written like its siblings.
      if (
        node.value === '' &&
        typeof value === 'string' &&
        value !== '' &&
        (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE)
      ) {
        const type =
          isScalar(like.exemplar) && typeof like.exemplar.value === 'string' && like.exemplar.value !== ''
            ? like.exemplar.type
            : like.style;
        node.type = type ?? Scalar.PLAIN;
      }
      node.value = value;
      return node;
    }
  }
  return fresh(document, value, like.exemplar, like.style);
}

/** `year: 2012` stays as it is when the form gives "2012" (the schema reads both the same). */
function sameScalar(before: unknown, after: unknown): boolean {
  if (before === after) return true;
  return typeof before === 'number' && typeof after === 'string' && String(before) === after;
}

function setMap(
  edit: Edit,
  map: { items: Pair[]; flow?: boolean },
  value: Record<string, unknown>,
  path: (string | number)[],
  exemplar?: { items: Pair[] },
) {
  const { document } = edit;
  // An empty `{}` that gets keys is written as a block, as the files write their maps.
  if (map.flow && map.items.length === 0 && Object.keys(value).length > 0) map.flow = false;
  const siblingStyle = commonScalarType(
    map.items.map((pair) => pair.value),
    !map.flow,
  );
  const order = schemaOrder(edit.form, path);
  const wanted = order
    ? [...order.filter((key) => Object.hasOwn(value, key)), ...Object.keys(value).filter((key) => !order.includes(key))]
    : Object.keys(value);
  map.items = map.items.filter((pair) => {
    const key = keyOf(pair);
    return typeof key === 'string' && Object.hasOwn(value, key) && value[key] !== undefined;
  });
  for (const [index, key] of wanted.entries()) {
    if (value[key] === undefined) continue;
    const pair = map.items.find((item) => keyOf(item) === key);
    if (pair) {
      pair.value = setNode(edit, pair.value, value[key], [...path, key], {
        exemplar: exemplar?.items.find((item) => keyOf(item) === key)?.value,
      }) as Node;
      continue;
    }
    // A new key: after the nearest key before it in `value`'s order that the map holds, or first if none before it is there but one after is.
    const added = document.createPair(key, fresh(document, value[key], undefined, siblingStyle));
    let at = -1;
    for (let before = index - 1; before >= 0 && at < 0; before--) {
      at = map.items.findIndex((item) => keyOf(item) === wanted[before]);
    }
    if (at >= 0) map.items.splice(at + 1, 0, added);
    else if (wanted.slice(index + 1).some((after) => map.items.some((item) => keyOf(item) === after))) map.items.unshift(added);
    else map.items.push(added);
  }
}

/**
 * Items keep their nodes: an item equal to an old one (moved or not) reuses
 * it; a changed item is edited in the old node at its place; others are new.
 */
function setSeq(edit: Edit, seq: { items: unknown[]; flow?: boolean }, value: unknown[], path: (string | number)[]) {
  const { document } = edit;
  const old = seq.items;
  // An empty `[]` (a list emptied, then added to) is written as a block, as the files write their lists.
  if (seq.flow && old.length === 0 && value.length > 0) seq.flow = false;
  // A new item is written like its siblings: a group like the first item, a text quoted as they all are.
  const exemplar = old[0];
  const siblingStyle = commonScalarType(
    old.filter((item) => !isScalar(item) || item.value !== ''),
    !seq.flow,
  );
  const oldData = old.map((item) => toData(item));
  const used = new Set<number>();
  const matched: (number | undefined)[] = value.map(() => undefined);
  // Equal items first, at the same index when possible.
  value.forEach((item, index) => {
    if (index < old.length && deepEqual(oldData[index], item)) {
      matched[index] = index;
      used.add(index);
    }
  });
  value.forEach((item, index) => {
    if (matched[index] !== undefined) return;
    const found = oldData.findIndex((candidate, at) => !used.has(at) && deepEqual(candidate, item));
    if (found >= 0) {
      matched[index] = found;
      used.add(found);
    }
  });
  seq.items = value.map((item, index) => {
    const at = matched[index];
    if (at !== undefined) return old[at];
    if (index < old.length && !used.has(index)) {
      used.add(index);
      const sibling = old.find((candidate, at) => at !== index && !isScalar(candidate));
      return setNode(edit, old[index], item, [...path, index], { exemplar: sibling, style: siblingStyle });
    }
    return fresh(document, item, isScalar(exemplar) ? undefined : exemplar, siblingStyle);
  });
}

/**
 * A new node for `value`, written like `exemplar` (the node of a sibling):
 * block or flow as it is, each text quoted as the exemplar's text at the
 * same key is, and otherwise as `style` (the way every sibling text is
 * written, when they all agree). Only texts take a quoting: a number or
 * yes/no quoted would become a text.
 */
function fresh(document: Document, value: unknown, exemplar?: unknown, style?: Scalar.Type): Node {
  const node = document.createNode(value) as Node;
  styleLike(node, exemplar, style);
  return node;
}

function styleLike(node: unknown, exemplar: unknown, style: Scalar.Type | undefined) {
  if (isScalar(node)) {
    const type = isScalar(exemplar) && typeof exemplar.value === 'string' ? exemplar.type : style;
    if (typeof node.value === 'string' && type && type !== Scalar.PLAIN) node.type = type;
    return;
  }
  if (isMap(node)) {
    const like = isMap(exemplar) ? exemplar : undefined;
    node.flow = like?.flow ?? false;
    for (const pair of node.items) {
      const key = keyOf(pair);
      const match = like?.items.find((item) => keyOf(item) === key);
      styleLike(pair.value, match?.value, undefined);
    }
    return;
  }
  if (isSeq(node)) {
    const like = isSeq(exemplar) ? exemplar : undefined;
    node.flow = like?.flow ?? false;
    const itemStyle = like ? commonScalarType(like.items, !like.flow) : undefined;
    const first = like?.items[0];
    for (const item of node.items) styleLike(item, isScalar(first) ? undefined : first, itemStyle);
  }
}

/** The one way every text among `nodes` is written (quoted, or a block where blocks may be), when they agree. */
function commonScalarType(nodes: unknown[], blocksAllowed: boolean): Scalar.Type | undefined {
  const types = new Set(
    nodes.filter((node) => isScalar(node) && typeof node.value === 'string').map((node) => (node as Scalar).type ?? Scalar.PLAIN),
  );
  if (types.size !== 1) return undefined;
  const [type] = types;
  if (isBlock(type) && !blocksAllowed) return undefined;
  return type;
}

function toData(node: unknown): unknown {
  if (isScalar(node)) return node.value;
  if (node && typeof node === 'object' && 'toJSON' in node && typeof node.toJSON === 'function') return node.toJSON();
  return node;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

/* ----------------------------------------------------------------------------- printing */

/** An unchanged scalar: printed from its source text. */
class Kept {
  constructor(
    readonly source: string,
    readonly type: Scalar.Type | undefined,
  ) {}
}

/** A changed folded block: folded at FOLD_WIDTH. */
class Folded {
  constructor(readonly value: string) {}
}

/** Block scalars with an explicit indentation or keep chomping print as yaml prints them. */
function isBlock(type: Scalar.Type | undefined): boolean {
  return type === Scalar.BLOCK_FOLDED || type === Scalar.BLOCK_LITERAL;
}

function keepable(node: Scalar, source: string): boolean {
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

const printedTag: ScalarTag = {
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
