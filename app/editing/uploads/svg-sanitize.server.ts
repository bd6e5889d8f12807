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
  checkCss,
  checkReference,
} from './svg-rules.server';

/**
 * An uploaded SVG is checked by a strict XML reader written for this one job
 * (no dependency): it refuses rather than rewrites. A designer's export from
 * Figma, Illustrator, Inkscape or Affinity passes unchanged; anything that is
 * not well-formed, or that could run script, load a resource, or embed
 * another document, is refused with the reason, so the designer can export
 * again. The one rewrite: a DOCTYPE without an internal subset (which old
 * exporters add) is dropped, since it can only point at an external DTD.
 *
 * Namespaces are resolved as a browser would (`<x:script xmlns:x="…svg">` is
 * a script), element and attribute names are compared exactly (XML is
 * case-sensitive, so `<SCRIPT>` is simply an unknown element, and refused),
 * and entities are decoded before values are checked.
 */

export type SvgResult = { ok: true; svg: string } | { ok: false; reason: string };

const MAX_ELEMENTS = 100_000;
const MAX_DEPTH = 256;
const NAME = /^[A-Za-z_][A-Za-z0-9._-]*(?::[A-Za-z_][A-Za-z0-9._-]*)?/;
const XML_DECL =
  /^<\?xml\s+version\s*=\s*(["'])1\.[0-9]\1(?:\s+encoding\s*=\s*(["'])([A-Za-z0-9._-]+)\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\4)?\s*\?>/;
// XML 1.0 forbids these characters anywhere in a document.
const BAD_CHARS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * The build's own refusal (pipeline/content/story-media.ts) is a plain text
 * match, so an SVG that passes here but trips it (say, the words "someone =" in
 * a label) would break the publish. Refused here with a clear reason instead.
 */
const BUILD_REFUSES = /<script\b|\son[a-z]+\s*=|<foreignObject\b/i;

class Refusal extends Error {}
// A declaration (not an arrow) so that TypeScript narrows after a call, as it does after a throw.
function refuse(reason: string): never {
  throw new Refusal(reason);
}

type Scope = Map<string, string>;
/** An element's subtree: how many elements it has, and the ids its <use> elements copy in. */
type Tally = { count: number; refs: string[]; id: string | null };
type Open = { name: string; scope: Scope; isStyle: boolean; tally: Tally };

/**
 * A "use bomb" (ten <use> of a group of ten <use> of …) is a few lines that
 * draw billions of shapes, and hangs whatever shows it. The copies are
 * counted here, so it is refused at once.
 */
const MAX_DRAWN = 200_000;
const MAX_USE_DEPTH = 64;

function countDrawn(root: Tally, byId: Map<string, Tally>): void {
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
function decodeEntities(text: string): string {
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
function readAttributes(text: string, at: number): { attributes: [string, string][]; end: number; selfClosing: boolean } {
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
function checkElement(
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

function sanitize(input: string): string {
  const text = input.startsWith('\ufeff') ? input.slice(1) : input;
  if (BAD_CHARS.test(text)) refuse('a control character that XML does not allow');
  let i = 0;
  const declaration = XML_DECL.exec(text);
  if (text.startsWith('<?xml') && !declaration) refuse('an unreadable <?xml …?> declaration');
  if (declaration) {
    if (declaration[3] && !/^utf-?8$/i.test(declaration[3])) refuse(`the encoding "${declaration[3]}" (save the file as UTF-8)`);
    i = declaration[0].length;
  }
  const stack: Open[] = [];
  const root: Scope = new Map();
  let seenRoot = false;
  let elements = 0;
  let style = '';
  let output = text;
  let removed: [number, number] | null = null;
  const byId = new Map<string, Tally>();
  let rootTally: Tally | null = null;
  /** Adds a closed element's tally to its parent's (the stack's top, now that it is popped). */
  const close = (tally: Tally) => {
    if (tally.id !== null && !byId.has(tally.id)) byId.set(tally.id, tally);
    const parent = stack.at(-1)?.tally;
    if (!parent) return void (rootTally = tally);
    parent.count += tally.count;
    for (const ref of tally.refs) parent.refs.push(ref);
  };

  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (chunk) {
      if (chunk.includes(']]>')) refuse('"]]>" outside a CDATA section');
      const decoded = decodeEntities(chunk);
      if (stack.length === 0 && decoded.trim()) refuse('text outside the <svg> element');
      if (stack.at(-1)?.isStyle) style += decoded;
    }
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) refuse('a comment that is never closed');
      const comment = text.slice(i + 4, end);
      if (comment.includes('--') || comment.endsWith('-')) refuse('"--" inside a comment');
      // An HTML parser ends `<!-->` early, so markup hidden in a comment could come alive if the file were ever inlined.
      if (/[<>]/.test(comment)) refuse('markup inside a comment');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i);
      if (end < 0) refuse('a CDATA section that is never closed');
      // Outside a stylesheet a CDATA section has no use in a drawing, and is a classic way to hide markup from a filter.
      if (!stack.at(-1)?.isStyle) refuse('a CDATA section outside <style>');
      style += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      if (!/^<!DOCTYPE\s+svg[\s>]/.test(text.slice(i, i + 20))) refuse('a "<!" declaration (DOCTYPE or ENTITY)');
      if (seenRoot || removed) refuse('a DOCTYPE after the start of the document');
      const end = text.indexOf('>', i);
      if (end < 0 || text.slice(i, end).includes('[')) refuse('a DOCTYPE with its own declarations (entities are not allowed)');
      removed = [i, end + 1];
      i = end + 1;
    } else if (text.startsWith('<?', i)) {
      refuse('a processing instruction (<?…?>), such as a stylesheet link');
    } else if (text.startsWith('</', i)) {
      const match = /^<\/([^\s>]+)[ \t\r\n]*>/.exec(text.slice(i, i + 300)) ?? refuse('an unreadable end tag');
      const open = stack.pop();
      if (!open || open.name !== match[1])
        refuse(`it is not well-formed: </${match[1]}> does not close ${open ? `<${open.name}>` : 'anything'}`);
      close(open.tally);
      if (open.isStyle) {
        // CSS never needs "<"; here it could only be markup ("</style><script>") waiting for an HTML parser.
        const problem = style.includes('<') ? 'a "<" inside <style>' : checkCss(style);
        if (problem) refuse(problem);
        style = '';
      }
      i += match[0].length;
    } else {
      const name = NAME.exec(text.slice(i + 1, i + 257))?.[0] ?? refuse(`an unreadable tag near "${text.slice(i, i + 30)}"`);
      if (stack.length === 0 && seenRoot) refuse('a second top-level element');
      if (++elements > MAX_ELEMENTS) refuse(`more than ${MAX_ELEMENTS} elements`);
      if (stack.length >= MAX_DEPTH) refuse(`elements nested more than ${MAX_DEPTH} deep`);
      const { attributes, end, selfClosing } = readAttributes(text, i + 1 + name.length);
      const parent = stack.at(-1);
      if (parent?.isStyle) refuse('an element inside <style>');
      const { scope, isStyle, tally } = checkElement(name, attributes, parent?.scope ?? root, !parent);
      if (!parent) seenRoot = true;
      if (selfClosing) close(tally);
      else stack.push({ name, scope, isStyle, tally });
      i = end;
    }
  }
  if (!seenRoot) refuse('it has no <svg> element');
  if (stack.length) refuse(`it is not well-formed: <${stack.at(-1)?.name}> is never closed`);
  // Set by close() when the root closed: seenRoot holds and the stack is empty.
  countDrawn(rootTally!, byId);
  if (removed) output = text.slice(0, removed[0]) + text.slice(removed[1]).replace(/^\r?\n/, '');
  const trip = BUILD_REFUSES.exec(output);
  if (trip) refuse(`it contains the text "${trip[0].trim()}", which the site's build reads as a script or event handler; reword it`);
  return output;
}

/** Checks an SVG document's text; returns it (unchanged, or without its DOCTYPE) or the reason it is refused. */
export function sanitizeSvg(text: string): SvgResult {
  try {
    return { ok: true, svg: sanitize(text) };
  } catch (error) {
    if (error instanceof Refusal)
      return { ok: false, reason: `This SVG can't be used: ${error.message.startsWith('it ') ? '' : 'it contains '}${error.message}.` };
    throw error;
  }
}
