import { isMap, isSeq, parseDocument, Scalar, visit } from 'yaml';
import { splitFrontmatter } from '~/content/frontmatter-fences';
import type { Field } from './fields';
import { isPlainObject, setMap, type Edit } from './yaml-edit.server';
import { Folded, isBlock, keepable, Kept, printedTag } from './yaml-print.server';

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

/** How a file holds its YAML: the whole file (site.yml), or frontmatter above an MDX body (not the editor's DocumentKind: site, resume, case study). */
export type FileFormat = 'yaml' | 'mdx';

/** A content file split into its YAML and the rest: `open + yaml + close + body` is the file, byte for byte. */
export type ContentDocument = {
  format: FileFormat;
  /** `---\n` for an MDX file with frontmatter, '' otherwise. */
  open: string;
  /** The YAML text: the whole file for site.yml, the frontmatter between the fences for MDX. */
  yaml: string;
  /** The closing fence with its line end (`---\n`), '' for site.yml or an MDX file without frontmatter. */
  close: string;
  /** Everything after the closing fence: the MDX story or summary. */
  body: string;
};

export function readDocument(text: string, format: FileFormat): ContentDocument {
  if (format === 'yaml') return { format, open: '', yaml: text, close: '', body: '' };
  return { format, ...(splitFrontmatter(text) ?? { open: '', yaml: '', close: '', body: text }) };
}

/** The file again, with `yaml` (e.g. from applyChanges) in place of the document's YAML. */
export function writeDocument(document: ContentDocument, yaml: string = document.yaml): string {
  if (document.format === 'yaml') return yaml;
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
