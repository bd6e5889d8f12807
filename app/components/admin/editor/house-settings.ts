import { mdxJsxToMarkdown, type MdxJsxFlowElement } from 'mdast-util-mdx-jsx';

// The mdast and to-markdown types MDXEditor uses (v4/v2) are not the ones at the top of node_modules (the
// MDX compiler's v3/v1), so the few shapes needed here are spelled out instead of imported.
type Node = { type: string; data?: object; position?: MdxJsxFlowElement['position']; children?: Node[] };
type Root = Node;
type RootContent = Node;
type Handle = NonNullable<NonNullable<ReturnType<typeof mdxJsxToMarkdown>['handlers']>['mdxJsxFlowElement']>;
/** The toMarkdown options MDXEditor's `toMarkdownOptions` prop takes (the part used here). */
export type HouseToMarkdown = { bullet: '-'; handlers: { mdxJsxFlowElement: Handle } };

/**
 * How the story is written back, so that a file opened and saved unchanged
 * keeps every byte (docs/decisions/editor-writes-files-unchanged.md: a trial
 * measured 96 changed lines with MDXEditor's defaults and 0 with these).
 *
 * - `-` bullets, as every list in content/ is written.
 * - `<Metric>`s inside `<Metrics>` one after the other, no blank line (tightMetrics).
 * - A block's props keep the layout they were written in: one per line when
 *   the opening tag spanned lines (office-depot's Figures and Video), on one
 *   line otherwise (the fixtures' Figures, every BeforeAfter). The layout is
 *   read from the source positions when the file is parsed (`markLayout`),
 *   because a block edited through its card or nested editor loses its
 *   children's positions. A block written new gets props one per line from
 *   three props on, as the content does.
 */

export const PROPS_PER_LINE = 'housePropsPerLine';
const NEW_BLOCK_PROPS_PER_LINE_FROM = 3;

type Layout = { [PROPS_PER_LINE]?: boolean };

function isJsxFlow(node: unknown): node is MdxJsxFlowElement & Node {
  return (node as { type?: string })?.type === 'mdxJsxFlowElement';
}

/** Whether the source wrote the opening tag over several lines, from parse positions. */
function writtenPerLine(node: MdxJsxFlowElement): boolean | undefined {
  const start = node.position?.start.line;
  const end = node.position?.end.line;
  if (start === undefined || end === undefined) return undefined;
  const first = node.children[0]?.position?.start.line;
  // Self-closing: the whole element is the tag. With children: they start right after the tag's last line.
  return first === undefined ? end > start : first > start + 1;
}

/** An mdast transform (run by the parser): records each block's prop layout on the node, where edits keep it. */
export function markLayout(tree: Root): void {
  const visit = (node: Root | RootContent) => {
    if (isJsxFlow(node)) {
      const perLine = writtenPerLine(node);
      if (perLine !== undefined) node.data = { ...(node.data ?? {}), [PROPS_PER_LINE]: perLine };
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
}

// mdast-util-mdx-jsx always defines a handler for mdxJsxFlowElement (as for perLine below).
const oneLine = mdxJsxToMarkdown({ printWidth: Infinity }).handlers!.mdxJsxFlowElement!;
// A width of 1 puts the props of any tag on their own lines (the stock handler's multi-line form is the content's).
// The same stock handler as oneLine's, at another width.
const perLine = mdxJsxToMarkdown({ printWidth: 1 }).handlers!.mdxJsxFlowElement!;

const jsxFlow = ((node, parent, state, info) => {
  const element = node as MdxJsxFlowElement;
  const recorded = (element.data as Layout | undefined)?.[PROPS_PER_LINE];
  const wantsPerLine = recorded ?? (element.children.length === 0 && element.attributes.length >= NEW_BLOCK_PROPS_PER_LINE_FROM);
  const markdown = (wantsPerLine ? perLine : oneLine)(node, parent, state, info);
  return element.name === 'Metrics' ? tightMetrics(markdown) : markdown;
}) as Handle;

/**
 * `<Metric>`s one per line, no blank line between them. A `join` rule cannot
 * do this: mdast-util-mdx-jsx joins a block's children with a fixed blank
 * line, not through the joins. A Metric's props never hold a blank line, so
 * the only blank lines inside Metrics are those between its Metrics.
 */
function tightMetrics(markdown: string): string {
  return markdown.replace(/\n\n(?=[ \t]*<Metric[\s/>])/g, '\n');
}
// The stock handler's `peek` (what a tag starts with) is the same for both layouts.
(jsxFlow as Handle & { peek?: unknown }).peek = (oneLine as Handle & { peek?: unknown }).peek;

export const HOUSE_TO_MARKDOWN: HouseToMarkdown = {
  bullet: '-',
  handlers: { mdxJsxFlowElement: jsxFlow },
};
