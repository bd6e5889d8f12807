import { isMap, isScalar, isSeq, Scalar, stringify, type Document, type Node, type Pair } from 'yaml';
import type { Field } from './fields';
import { isBlock } from './yaml-print.server';

/**
 * The edit behind applyChanges (frontmatter.server.ts): the parsed Document
 * is given the new data in place, value by value, so every node whose value
 * did not change keeps its style, comments and bytes, and a new node is
 * written like its siblings.
 */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keyOf(pair: Pair): unknown {
  return isScalar(pair.key) ? pair.key.value : pair.key;
}

export type Edit = { document: Document; form?: Field };

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

export function setMap(
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
    nodes
      // A text that YAML can only write quoted (`accent: "#4f46e5"`) says nothing of how she quotes the rest.
      .filter((node) => isScalar(node) && typeof node.value === 'string' && !mustBeQuoted(node.value))
      .map((node) => (node as Scalar).type ?? Scalar.PLAIN),
  );
  if (types.size !== 1) return undefined;
  const [type] = types;
  if (isBlock(type) && !blocksAllowed) return undefined;
  return type;
}

function mustBeQuoted(text: string): boolean {
  return /^["']/.test(stringify(text));
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
