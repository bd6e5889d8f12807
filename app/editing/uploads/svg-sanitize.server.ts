import { checkCss } from './svg-rules.server';
import {
  BAD_CHARS,
  checkElement,
  countDrawn,
  decodeEntities,
  NAME,
  readAttributes,
  Refusal,
  refuse,
  type Scope,
  type Tally,
} from './svg-tags.server';

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
const XML_DECL =
  /^<\?xml\s+version\s*=\s*(["'])1\.[0-9]\1(?:\s+encoding\s*=\s*(["'])([A-Za-z0-9._-]+)\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\4)?\s*\?>/;
/**
 * The build's own refusal (pipeline/content/story-media.ts) is a plain text
 * match, so an SVG that passes here but trips it (say, the words "someone =" in
 * a label) would break the publish. Refused here with a clear reason instead.
 */
const BUILD_REFUSES = /<script\b|\son[a-z]+\s*=|<foreignObject\b/i;

type Open = { name: string; scope: Scope; isStyle: boolean; tally: Tally };

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
