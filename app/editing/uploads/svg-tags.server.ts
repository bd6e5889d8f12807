import {
  ANIMATION_ELEMENTS,
  INERT_NAMESPACES,
  SVG_ELEMENTS,
  SVG_NS,
  XLINK_ATTRIBUTES,
  XLINK_NS,
  XML_NS,
  XMLNS_NS,
  checkAttributeValue,
  checkReference,
} from './svg-rules.server';

/**
 * One tag of an uploaded SVG, for the reader in svg-sanitize.server.ts: its
 * attributes read, its entities decoded, its namespaces resolved as a browser
 * would, and each element and attribute checked against the allowlist
 * (svg-rules.server.ts); and the shapes its <use> copies would draw, counted.
 * Anything refused throws a Refusal with the reason.
 */

export const NAME = /^[A-Za-z_][A-Za-z0-9._-]*(?::[A-Za-z_][A-Za-z0-9._-]*)?/;
// XML 1.0 forbids these characters anywhere in a document.
export const BAD_CHARS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export class Refusal extends Error {}
// A declaration (not an arrow) so that TypeScript narrows after a call, as it does after a throw.
export function refuse(reason: string): never {
  throw new Refusal(reason);
}

export type Scope = Map<string, string>;
/** An element's subtree: how many elements it has, and the ids its <use> elements copy in. */
export type Tally = { count: number; refs: string[]; id: string | null };

/**
 * A "use bomb" (ten <use> of a group of ten <use> of …) is a few lines that
 * draw billions of shapes, and hangs whatever shows it. The copies are
 * counted here, so it is refused at once.
 */
const MAX_DRAWN = 200_000;
const MAX_USE_DEPTH = 64;

export function countDrawn(root: Tally, byId: Map<string, Tally>): void {
  const memo = new Map<string, number>();
  const visiting = new Set<string>();
  const expand = (tally: Tally, depth: number): number => {
    let total = tally.count;
    for (const ref of tally.refs) {
      if (total > MAX_DRAWN) break;
      const target = byId.get(ref);
      if (!target) continue;
      if (visiting.has(ref)) refuse(`a <use> that includes itself (#${ref})`);
      if (depth >= MAX_USE_DEPTH) refuse(`<use> copies nested more than ${MAX_USE_DEPTH} deep`);
      let counted = memo.get(ref);
      if (counted === undefined) {
        visiting.add(ref);
        counted = expand(target, depth + 1);
        memo.set(ref, counted);
        visiting.delete(ref);
      }
      total += counted;
    }
    return total;
  };
  if (expand(root, 0) > MAX_DRAWN) refuse(`more than ${MAX_DRAWN} shapes once its <use> copies are counted`);
}

/** Decodes the five XML entities and character references; any other `&` is not well-formed. */
export function decodeEntities(text: string): string {
  return text.replace(/&([^;&<\s]{0,12});?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) refuse('a bare "&" (write &amp;amp;)');
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    // Own keys only: `&constructor;` is not an XML entity.
    const known = Object.hasOwn(named, body) ? named[body] : undefined;
    if (known !== undefined) return known;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (!numeric)
      return refuse(`the entity ${JSON.stringify(`&${body.slice(0, 20)};`)}, which XML does not define (type the character itself)`);
    const [, hex, decimal = ''] = numeric;
    const code = hex ? parseInt(hex, 16) : parseInt(decimal, 10);
    const char = code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\u0000';
    if (BAD_CHARS.test(char) || char === '\u0000') refuse(`the character reference "&${body};"`);
    return char;
  });
}

function resolve(prefixed: string, scope: Scope, isAttribute: boolean): { ns: string | null; local: string } {
  const colon = prefixed.indexOf(':');
  if (colon < 0) return { ns: isAttribute ? null : (scope.get('') ?? null), local: prefixed };
  const prefix = prefixed.slice(0, colon);
  const ns = prefix === 'xml' ? XML_NS : scope.get(prefix);
  if (!ns) refuse(`it uses the prefix "${prefix}:" without declaring it`);
  return { ns, local: prefixed.slice(colon + 1) };
}

/** Parses `name="value" …` up to `>` or `/>`; returns the raw attributes and where the tag ends. */
export function readAttributes(text: string, at: number): { attributes: [string, string][]; end: number; selfClosing: boolean } {
  const attributes: [string, string][] = [];
  let i = at;
  for (;;) {
    const space = (/^[ \t\r\n]*/.exec(text.slice(i, i + 4096))?.[0] ?? '').length;
    i += space;
    if (i >= text.length) refuse('it is not well-formed: a tag is never closed');
    if (text.startsWith('/>', i)) return { attributes, end: i + 2, selfClosing: true };
    if (text[i] === '>') return { attributes, end: i + 1, selfClosing: false };
    if (space === 0) refuse('it has attributes not separated by spaces');
    const name = NAME.exec(text.slice(i, i + 256))?.[0] ?? refuse(`an unreadable attribute near "${text.slice(i, i + 30)}"`);
    i += name.length;
    const eq =
      /^[ \t\r\n]*=[ \t\r\n]*(["'])/.exec(text.slice(i, i + 256)) ?? refuse(`it has the attribute "${name}" without a quoted value`);
    i += eq[0].length;
    // The pattern's group is one of the two quotes.
    const close = text.indexOf(eq[1] === "'" ? "'" : '"', i);
    if (close < 0) refuse(`it has the attribute "${name}" never closed`);
    const raw = text.slice(i, close);
    if (raw.includes('<')) refuse(`a "<" inside the attribute "${name}"`);
    if (attributes.some(([seen]) => seen === name)) refuse(`it has the attribute "${name}" twice`);
    attributes.push([name, decodeEntities(raw)]);
    i = close + 1;
  }
}

/** Checks one start tag's element and attributes; returns its namespace scope, and its id and <use> target for countDrawn. */
export function checkElement(
  name: string,
  attributes: [string, string][],
  parent: Scope,
  isRoot: boolean,
): { scope: Scope; isStyle: boolean; tally: Tally } {
  const scope = new Map(parent);
  for (const [attr, value] of attributes) {
    if (attr === 'xmlns') scope.set('', value);
    else if (attr.startsWith('xmlns:')) {
      if (value === '') refuse(`it declares the namespace prefix "${attr}" empty`);
      scope.set(attr.slice(6), value);
    }
  }
  const element = resolve(name, scope, false);
  const isSvg = element.ns === SVG_NS;
  const tally: Tally = { count: 1, refs: [], id: null };
  if (isRoot && (element.ns !== SVG_NS || element.local !== 'svg')) {
    refuse(`it is not an SVG image: its root element is <${name}>, not <svg xmlns="${SVG_NS}">`);
  }
  if (element.ns === SVG_NS) {
    if (!SVG_ELEMENTS.has(element.local)) refuse(`the element <${name}>, which is not allowed in an image`);
  } else if (!element.ns || !INERT_NAMESPACES.has(element.ns)) {
    refuse(`the element <${name}> from the namespace "${element.ns ?? 'none'}", which is not part of SVG`);
  }
  for (const [attr, value] of attributes) {
    if (attr === 'xmlns' || attr.startsWith('xmlns:')) {
      if (/[\s"'<>]/.test(value) && value !== '') refuse(`the namespace "${value.slice(0, 60)}"`);
      continue;
    }
    const { ns, local } = resolve(attr, scope, true);
    if (/^on/i.test(local)) refuse(`the event handler attribute "${attr}"`);
    if (ns === XML_NS && local !== 'space' && local !== 'lang') refuse(`the attribute "${attr}"`);
    if (ns === XLINK_NS && !XLINK_ATTRIBUTES.has(local)) refuse(`the attribute "${attr}"`);
    if (ns !== null && ns !== XML_NS && ns !== XLINK_NS && !INERT_NAMESPACES.has(ns) && ns !== XMLNS_NS) {
      refuse(`the attribute "${attr}" (namespace "${ns}")`);
    }
    // `ping` is HTML's, not SVG's; checked like a link all the same, should a viewer ever honour it.
    const isReference = (ns === null || ns === XLINK_NS) && (local === 'href' || local === 'src' || local === 'ping');
    const problem = (isReference ? checkReference(value) : null) ?? checkAttributeValue(value, isReference);
    if (problem) refuse(`${problem} (attribute "${attr}" of <${name}>)`);
    if (element.ns === SVG_NS && ANIMATION_ELEMENTS.has(element.local) && local === 'attributeName') {
      const target = value.trim().replace(/^.*:/, '').toLowerCase();
      if (/^(?:href|src|style|base)$|^on/.test(target)) refuse(`an animation that changes "${value.trim()}"`);
    }
    if (isSvg && local === 'id' && ns === null) tally.id = value;
    if (isSvg && element.local === 'use' && isReference && local === 'href') tally.refs.push(value.trim().slice(1));
  }
  return { scope, isStyle: isSvg && element.local === 'style', tally };
}
