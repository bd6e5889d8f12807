import type { ZodError } from 'zod';
import type { BlockDefinition } from '../../app/components/mdx/blocks';
import type { StoryMedia } from '../../app/components/mdx/media';
import type { ContentProblem } from './errors';
import { leftoverImageFix, leftoverImageSyntax } from './image-paths';
import { resolveStoryImage, resolveStoryVideo, type MediaRoots } from './story-media';
import { CONTENT_PARSE, isMissing } from './zod-messages';

/**
 * The remark plugin behind a case study's story, run while mdx-bundler
 * compiles it (build time only):
 *
 * 1. A paragraph that holds only Markdown images becomes one `<Figure>` per
 *    image: `![alt](path "caption")`, so images get the figure, caption and
 *    zoom without the writer thinking about it.
 * 2. Every image and every block is checked, and each file a story names is
 *    found, measured and planned for the build (story-media.ts), into
 *    `media`, which the blocks read while the story is rendered.
 *
 * 3. Image syntax that the parser left as text (`![…](…)` shown as words on
 *    the page) is reported with its line and the fix.
 *
 * Problems are collected with their line and column rather than thrown, so
 * one build reports every mistake in the file at once.
 */

type Position = { start: { line: number; column: number; offset?: number }; end?: { offset?: number } };
type Attribute =
  | { type: 'mdxJsxAttribute'; name: string; value: string | null | { type: 'mdxJsxAttributeValueExpression'; value: string } }
  | { type: 'mdxJsxExpressionAttribute'; value: string };
type Node = {
  type: string;
  name?: string | null;
  url?: string;
  alt?: string | null;
  title?: string | null;
  value?: string;
  attributes?: Attribute[];
  children?: Node[];
  position?: Position;
  data?: { fromMarkdown?: boolean };
};

export type StoryOptions = MediaRoots & {
  blocks: Record<string, BlockDefinition>;
  /** Typographic quotes and dashes for the words in props (the Markdown text gets remark-smartypants). */
  typeset: (text: string) => string;
  media: StoryMedia;
  problems: ContentProblem[];
};

/** The marker for an image that is only decoration: `![decorative](./divider.svg)`. */
export const DECORATIVE = 'decorative';

const isJsx = (node: Node) => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
const isBlank = (node: Node) => node.type === 'text' && !node.value?.trim();

function at(node: Node): Pick<ContentProblem, 'line' | 'column'> {
  return node.position ? { line: node.position.start.line, column: node.position.start.column } : {};
}

function markdownFigure(image: Node): Node {
  const decorative = image.alt?.trim().toLowerCase() === DECORATIVE;
  const attribute = (name: string, value: string | null): Attribute => ({ type: 'mdxJsxAttribute', name, value });
  const attributes = [attribute('src', image.url ?? ''), attribute('alt', decorative ? '' : (image.alt ?? ''))];
  if (image.title) attributes.push(attribute('caption', image.title));
  if (decorative) attributes.push(attribute('decorative', null));
  return { type: 'mdxJsxFlowElement', name: 'Figure', attributes, children: [], position: image.position, data: { fromMarkdown: true } };
}

/** Step 1: paragraphs of nothing but images (and the line breaks between them) become Figures. */
function unwrapImageParagraphs(node: Node): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'paragraph' && child.children?.some((c) => c.type === 'image') && child.children.every((c) => c.type === 'image' || isBlank(c))) {
      return child.children.filter((c) => c.type === 'image').map(markdownFigure);
    }
    unwrapImageParagraphs(child);
    return [child];
  });
}

/**
 * MDX is a program: `{…}` expressions, `import`/`export` and HTML elements
 * would run or reach the page as written, at build time and in the editor's
 * preview (where the owner's edit is compiled on the server). The story is
 * text and blocks, so all of those are refused, with their place, before
 * anything is compiled to code that could run. Literal props of blocks
 * (`{true}`, `{3}`) are read as values by propsOf, never evaluated.
 */
function refuseCode(node: Node, problems: ContentProblem[]): void {
  const refuse = (message: string) => problems.push({ message, ...at(node) });
  // mdx-bundler's own frontmatter export is a node without a place in the file; only what was written is refused.
  if (node.type === 'mdxjsEsm' && node.position) refuse('import and export are not allowed in content: a story is text and blocks');
  else if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
    refuse(`{${(node.value ?? '').trim().slice(0, 40)}} is code, which content cannot run: write the text itself (for a brace, type \\{ or \\})`);
  } else if (isJsx(node) && !(node.name && /^[A-Z][A-Za-z0-9]*$/.test(node.name))) {
    refuse(`<${node.name ?? ''}> is not allowed: use Markdown for text and links, and the blocks for everything else`);
  }
  for (const child of node.children ?? []) refuseCode(child, problems);
}

/** The schemes a story's link may use; a path on this site has none. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The link as written when its scheme is not one a story may use
 * (`javascript:`, `data:`, `file:`, …), else undefined. Read as a browser
 * reads it: tabs and line breaks inside, and spaces or control characters
 * around it, do not count.
 */
function refusedLinkScheme(url: string): string | undefined {
  const read = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(read)?.[1];
  return scheme !== undefined && !LINK_SCHEMES.has(scheme.toLowerCase()) ? url.replace(/[\u0000-\u001f]/g, ' ').slice(0, 60) : undefined;
}

/** A literal written in braces: {true}, {3}, {"text"}. Anything else is not a value the build can check. */
function literal(expression: string): { ok: true; value: unknown } | { ok: false } {
  try {
    const value: unknown = JSON.parse(expression.trim());
    return ['string', 'number', 'boolean'].includes(typeof value) ? { ok: true, value } : { ok: false };
  } catch {
    return { ok: false };
  }
}

function propsOf(node: Node, report: (message: string) => void): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const attribute of node.attributes ?? []) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      report(`<${node.name}>: write each prop out as name="value" (found {${attribute.value}})`);
      continue;
    }
    const { name, value } = attribute;
    if (value === null) props[name] = true;
    else if (typeof value === 'string') props[name] = value;
    else {
      const parsed = literal(value.value);
      if (parsed.ok) props[name] = parsed.value;
      else report(`<${node.name}> prop "${name}": write a plain value, e.g. ${name}="…" (found {${value.value}})`);
    }
  }
  return props;
}

function describePropIssues(block: string, error: ZodError): string[] {
  return error.issues.map((issue) => {
    const prop = String(issue.path[0] ?? '');
    if (issue.code === 'unrecognized_keys') return `<${block}>: unknown prop(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    if (isMissing(issue)) return `<${block}>: prop "${prop}" is missing`;
    if (issue.code === 'invalid_value') {
      return `<${block}> prop "${prop}": must be one of ${issue.values.map((o) => `"${String(o)}"`).join(', ')} (found "${String(issue.input)}")`;
    }
    if (issue.code === 'invalid_type' && issue.expected === 'boolean') return `<${block}> prop "${prop}": write it alone to switch it on (<${block} ${prop} />)`;
    return `<${block}> prop "${prop}": ${issue.message}`;
  });
}

/** Props that are words for people (alt text, captions, names), set typographically like the rest of the story. */
const WORDS = new Set(['alt', 'caption', 'credit', 'title', 'name', 'role', 'label', 'value', 'before', 'after']);

const childBlocks = (node: Node) => (node.children ?? []).filter((child) => !isBlank(child));

export function remarkStory(options: StoryOptions) {
  const { blocks, media, problems } = options;

  async function image(node: Node, path: string, alt: string | undefined, decorative: boolean) {
    const report = (message: string) => problems.push({ message, ...at(node) });
    const markdown = node.data?.fromMarkdown || node.type === 'image';
    if (!decorative && !alt?.trim()) {
      report(
        markdown
          ? `image "${path}" has no alt text: describe what it shows in ![…](${path}), or write ![${DECORATIVE}](${path}) if it is only decoration`
          : `<${node.name}> image "${path}" has no alt text: add alt="…" describing what it shows, or the prop decorative if it is only decoration`,
      );
    }
    return resolveStoryImage(path, options, media, report);
  }

  async function checkBlock(node: Node, name: string, block: BlockDefinition, parent: string | null, source: string | undefined) {
    const report = (message: string) => problems.push({ message, ...at(node) });
    if (block.parent && parent !== block.parent) report(`<${name}> belongs inside <${block.parent}>`);
    for (const attribute of node.attributes ?? []) {
      if (attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string' && WORDS.has(attribute.name)) {
        attribute.value = options.typeset(attribute.value);
      }
    }
    const props = propsOf(node, report);
    const parsed = block.props.safeParse(props, CONTENT_PARSE);
    if (!parsed.success) describePropIssues(name, parsed.error).forEach(report);

    for (const prop of block.images ?? []) {
      if (typeof props[prop] !== 'string') continue;
      // An alt written as an expression was reported already; only a missing one is reported here.
      const altWritten = node.attributes?.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'alt' && a.value !== null && typeof a.value !== 'string');
      if (name === 'Figure') await image(node, props[prop] as string, props.alt as string | undefined, props.decorative === true || altWritten === true);
      else await resolveStoryImage(props[prop] as string, options, media, report);
    }
    for (const prop of block.videos ?? []) {
      if (typeof props[prop] === 'string') await resolveStoryVideo(props[prop] as string, options, media, report);
    }

    const children = childBlocks(node);
    const rule = block.children;
    if (rule.kind === 'none' && children.length > 0) report(`<${name}> takes nothing inside: write it self-closing, <${name} … />`);
    if (rule.kind === 'markdown' && children.length === 0) report(`<${name}> needs its text inside: <${name}>…</${name}>`);
    if (rule.kind === 'images' || rule.kind === 'blocks') {
      const wanted = rule.kind === 'images' ? 'Figure' : rule.name;
      const what = rule.kind === 'images' ? 'Markdown images, one per line' : `<${rule.name}> blocks`;
      const strays = children.filter((child) => !(isJsx(child) && child.name === wanted && (rule.kind === 'blocks' || child.data?.fromMarkdown)));
      if (strays.length > 0) report(`<${name}> holds only ${what}`);
      const count = children.length - strays.length;
      if (count < rule.min || count > rule.max) {
        const range = rule.min === rule.max ? `${rule.min}` : `${rule.min} to ${rule.max}`;
        report(`<${name}> needs ${range} ${rule.kind === 'images' ? 'images' : `<${rule.name}> blocks`} (found ${count})`);
      }
    }
    for (const child of children) await walk(child, name, source);

    if (rule.kind === 'images' && rule.sameSize) {
      const sizes = children
        .filter((child) => child.name === 'Figure')
        .map((child) => {
          const src = child.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'src')?.value;
          const found = typeof src === 'string' ? media.get(src) : undefined;
          return found?.kind === 'image' ? `${src} is ${found.width}×${found.height}` : null;
        });
      const distinct = new Set(sizes.map((size) => size?.replace(/^.* is /, '')));
      if (sizes.every(Boolean) && distinct.size > 1) report(`<${name}> compares images of the same size: ${sizes.join(', ')}`);
    }
  }

  function checkText(node: Node, source: string | undefined) {
    const { start, end } = node.position ?? {};
    const raw = source !== undefined && start?.offset !== undefined && end?.offset !== undefined ? source.slice(start.offset, end.offset) : undefined;
    const found = leftoverImageSyntax(node.value ?? '', raw);
    if (!found) return;
    // The line of the `![` itself: the text node may start lines earlier.
    const before = (node.value ?? '').slice(0, found.offset).split('\n');
    const line = start ? start.line + before.length - 1 : undefined;
    const column = start ? (before.length > 1 ? (before.at(-1) ?? '').length + 1 : start.column + found.offset) : undefined;
    problems.push({ message: leftoverImageFix(found.snippet), ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }) });
  }

  async function walk(node: Node, parent: string | null, source?: string): Promise<void> {
    if (node.type === 'text') return checkText(node, source);
    if (node.type === 'link' || node.type === 'definition') {
      const refused = refusedLinkScheme(node.url ?? '');
      if (refused) problems.push({ message: `the link to "${refused}" can't be opened from the page: a link starts with https://, http:// or mailto:, or is a path on this site`, ...at(node) });
    }
    if (node.type === 'image') {
      const decorative = node.alt?.trim().toLowerCase() === DECORATIVE;
      if (decorative) node.alt = '';
      const url = node.url ?? '';
      const planned = await image(node, url, node.alt ?? '', decorative);
      // An image inside a sentence reaches the page's <img> with its URL as HTML writes it (a space as %20): plan it under that name too.
      const asHtml = url.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu, (c) => encodeURIComponent(c));
      if (planned && asHtml !== url) {
        node.url = asHtml;
        media.set(asHtml, planned);
      }
      return;
    }
    if (isJsx(node) && node.name && /^[A-Z]/.test(node.name)) {
      const block = Object.hasOwn(blocks, node.name) ? blocks[node.name] : undefined;
      if (!block) {
        const known = Object.keys(blocks);
        problems.push({
          message: `unknown component <${node.name}>${known.length ? `: the blocks are ${known.map((n) => `<${n}>`).join(', ')}` : ': this file takes no components'}`,
          ...at(node),
        });
      } else {
        await checkBlock(node, node.name, block, parent, source);
        return;
      }
    }
    // Plain Markdown and HTML elements: only what is inside them can be a block.
    for (const child of node.children ?? []) await walk(child, parent, source);
  }

  return async (tree: Node, file?: { value?: unknown }) => {
    refuseCode(tree, problems);
    unwrapImageParagraphs(tree);
    await walk(tree, null, typeof file?.value === 'string' ? file.value : undefined);
  };
}
