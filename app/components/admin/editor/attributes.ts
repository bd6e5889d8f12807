import type { MdxJsxAttribute, MdxJsxExpressionAttribute } from 'mdast-util-mdx-jsx';
import type { PropField } from './block-fields';

/**
 * Reading and changing one prop of a block while keeping every other
 * attribute exactly as written: its order, its spelling (`autoplay` rather
 * than `autoplay={true}`), props the form does not show, spread expressions.
 * MDXEditor's own props form rebuilt the list from what it knew and so
 * dropped `autoplay` (docs/decisions/editor-writes-files-unchanged.md); this
 * never rebuilds.
 */
export type Attribute = MdxJsxAttribute | MdxJsxExpressionAttribute;

const named = (attribute: Attribute, name: string): attribute is MdxJsxAttribute =>
  attribute.type === 'mdxJsxAttribute' && attribute.name === name;

/** A prop as the card's input shows it: text for text, enum and number props, a boolean for a checkbox. */
export function readProp(attributes: Attribute[], field: PropField): string | boolean {
  const attribute = attributes.find((a) => named(a, field.name)) as MdxJsxAttribute | undefined;
  const value = attribute?.value;
  if (field.kind === 'boolean') {
    if (!attribute) return false;
    // `autoplay` alone is true; `autoplay={false}` is false.
    return value === null || value === undefined || (typeof value === 'object' ? value.value.trim() !== 'false' : value !== 'false');
  }
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? value.value : value;
}

function written(field: PropField, value: string | boolean): MdxJsxAttribute['value'] | undefined {
  if (field.kind === 'boolean') return value === true ? null : undefined;
  const text = String(value);
  // An optional prop left empty is removed rather than written as "" (the build refuses empty text).
  if (text === '' && !field.required) return undefined;
  if (field.kind === 'number' && text !== '') return { type: 'mdxJsxAttributeValueExpression', value: text };
  return text;
}

/**
 * The attributes with `field` set to `value`: changed in place, removed when
 * empty (or an unticked box), or added after the props the schema lists
 * before it. Returns the same array when nothing changes, so an unchanged
 * form never touches the document.
 */
export function writeProp(attributes: Attribute[], field: PropField, value: string | boolean, order: string[]): Attribute[] {
  const index = attributes.findIndex((a) => named(a, field.name));
  const next = written(field, value);
  if (next === undefined) return index === -1 ? attributes : attributes.filter((_, i) => i !== index);
  if (index !== -1) {
    const current = attributes[index] as MdxJsxAttribute;
    const same =
      typeof next === 'object' && next !== null
        ? typeof current.value === 'object' && current.value?.value === next.value
        : current.value === next;
    if (same) return attributes;
    return attributes.map((a, i) => (i === index ? { ...current, value: next } : a));
  }
  const added: MdxJsxAttribute = { type: 'mdxJsxAttribute', name: field.name, value: next };
  const later = new Set(order.slice(order.indexOf(field.name) + 1));
  const before = attributes.findIndex((a) => a.type === 'mdxJsxAttribute' && later.has(a.name));
  return before === -1 ? [...attributes, added] : [...attributes.slice(0, before), added, ...attributes.slice(before)];
}
