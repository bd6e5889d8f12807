import type { Field } from './fields';

/** One-line fields whose words run long (a title, an alt text): the form's whole width, so a long one is read whole. */
const WIDE_TEXT_KEYS: ReadonlySet<string> = new Set(['title', 'alt', 'badge', 'headline', 'quote', 'caption', 'description']);

/** Whether a field takes the form's whole width rather than one of its two columns. */
export function isWideField(field: Field): boolean {
  return (
    field.kind === 'group' ||
    field.kind === 'list' ||
    field.kind === 'textarea' ||
    (field.kind === 'text' && WIDE_TEXT_KEYS.has(field.path.at(-1) ?? ''))
  );
}
