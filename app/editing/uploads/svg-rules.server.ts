/**
 * What an uploaded SVG may contain (used by svg-sanitize.server.ts). An
 * allowlist: a drawing needs shapes, text, paint servers, filters and a
 * stylesheet; nothing here can run code, load another resource or embed
 * another document. Anything not listed is refused, never guessed at.
 */

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** SVG elements that only draw. No script, foreignObject, iframe, embed, object, handler, listener, font, cursor. */
export const SVG_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'desc',
  'title',
  'metadata',
  'symbol',
  'use',
  'image',
  'switch',
  'a',
  'view',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'marker',
  'pattern',
  'clipPath',
  'mask',
  'linearGradient',
  'radialGradient',
  'stop',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feImage',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
  'animate',
  'animateMotion',
  'animateTransform',
  'set',
  'mpath',
]);

/** Elements that change another attribute over time: they must not target a link, a handler or a style. */
export const ANIMATION_ELEMENTS = new Set(['animate', 'animateMotion', 'animateTransform', 'set']);

/**
 * Editors' bookkeeping (Inkscape, Sodipodi, Affinity, Illustrator, RDF
 * licence metadata). A browser draws nothing in an unknown namespace, so
 * these are inert; an SVG-namespace child inside them is still checked.
 */
export const INERT_NAMESPACES = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://purl.org/dc/terms/',
  'http://www.serif.com/',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.figma.com/figma/ns',
]);

/** xlink attributes that only describe a link (its target, `href`, is checked like `href`). */
export const XLINK_ATTRIBUTES = new Set(['href', 'title', 'show', 'actuate', 'type', 'role', 'arcrole']);

/** An in-document reference: `#id`. */
const LOCAL_REF = /^#[A-Za-z_][\w.:-]*$/;
/** An embedded raster: inert (an image never runs script), and the build keeps it inside the SVG. */
// One character class to the end: a class followed by `=*\s*$` backtracks quadratically on a long non-match.
const RASTER_DATA_URI = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;

/** `href`, `xlink:href`, `src`: a local reference or an embedded raster, nothing that loads or navigates. */
export function checkReference(value: string): string | null {
  const trimmed = value.trim();
  if (LOCAL_REF.test(trimmed) || RASTER_DATA_URI.test(trimmed)) return null;
  return `a link to ${JSON.stringify(trimmed.slice(0, 60))}: only references inside the file (#id) or embedded PNG, JPEG, GIF or WebP images are allowed`;
}

/** Collapsed for scheme checks: browsers ignore whitespace and control characters inside a URL's scheme. */
function collapse(text: string): string {
  return text.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g, '').toLowerCase();
}

// `data:` only as a word of its own, so "metadata:" in a label passes; a script scheme anywhere is refused.
const SCRIPT_SCHEMES = /(?:java|vb|live|ecma)script:|(?<![a-z0-9+.-])data:/;

/** Any attribute value (already entity-decoded): no script URL, and CSS rules for anything that looks like CSS. */
export function checkAttributeValue(value: string, isReference: boolean): string | null {
  const collapsed = collapse(value);
  if (!isReference) {
    const scheme = SCRIPT_SCHEMES.exec(collapsed);
    if (scheme) return `a "${scheme[0]}" URL in an attribute`;
  } else if (/(?:java|vb|live|ecma)script:/.test(collapsed)) {
    return 'a script URL';
  }
  return checkCss(value);
}

/** CSS escapes (`\75 rl(`, `\:`) decoded and comments removed, so a check sees what the browser will. */
function unescapeCss(css: string): string {
  return (
    css
      // Removed without a space: old engines read `u/**/rl(` as `url(`; joining the halves errs on the strict side.
      .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
      .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?/g, (_, hex: string) => {
        const code = parseInt(hex, 16);
        return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
      })
      .replace(/\\\r?\n/g, '')
      .replace(/\\([\s\S])/g, '$1')
  );
}

/** Functions and at-rules that load something or run something. `url()` is checked on its own. */
const CSS_FORBIDDEN =
  /@import|@font-face|@namespace|expression\s*\(|behaviou?r\s*:|-moz-binding|(?:-webkit-)?image-set\s*\(|(?:^|[^-\w])image\s*\(|cross-fade\s*\(|element\s*\(|(?:^|[^-\w])src\s*\(|(?:java|vb|live|ecma)script:/;

/** A stylesheet or a `style` attribute: `url()` may only name `#id` (a gradient, a filter, a clip path). */
export function checkCss(css: string): string | null {
  const plain = unescapeCss(css).toLowerCase();
  const collapsed = collapse(plain);
  const forbidden = CSS_FORBIDDEN.exec(plain) ?? CSS_FORBIDDEN.exec(collapsed);
  if (forbidden) return `"${forbidden[0].trim()}" in a style`;
  const urls = /url\s*\(/g;
  for (let match = urls.exec(plain); match; match = urls.exec(plain)) {
    const end = plain.indexOf(')', match.index);
    if (end < 0) return 'an unclosed url( in a style';
    const target = plain
      .slice(match.index + match[0].length, end)
      .trim()
      .replace(/^(['"])(.*)\1$/s, '$2')
      .trim();
    if (!LOCAL_REF.test(target)) return `url(${JSON.stringify(target.slice(0, 60))}) in a style: only url(#id) is allowed`;
  }
  return null;
}
