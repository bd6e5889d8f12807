import { retext } from 'retext';
import retextSmartypants from 'retext-smartypants';

/**
 * Typographic punctuation for the designer's text: "straight" quotes become
 * “curly” ones, the apostrophe in I'm becomes ’, -- an em dash and ... an
 * ellipsis. Build time only. The MDX bodies get the same engine through
 * remark-smartypants, so a quote reads the same in frontmatter and story.
 */

const processor = retext().use(retextSmartypants);

/** Addresses and paths are left exactly as written. */
const VERBATIM = /^(?:[a-z][a-z0-9+.-]*:\S*|\/\S*|\S+@\S+)$/i;

export function typeset(text: string): string {
  if (VERBATIM.test(text.trim()) || !/['"`-]|\.\.\./.test(text)) return text;
  return String(processor.processSync(text));
}

/** Every string in validated content, typeset; numbers, booleans and structure untouched. */
export function typesetFields<T>(value: T): T {
  if (typeof value === 'string') return typeset(value) as T;
  if (Array.isArray(value)) return value.map((item) => typesetFields(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, typesetFields(child)])) as T;
  }
  return value;
}
