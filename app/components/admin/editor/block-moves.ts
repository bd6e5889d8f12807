import { CAN_UNDO_COMMAND, COMMAND_PRIORITY_LOW, type LexicalEditor, type LexicalNode } from 'lexical';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { blockWords } from './block-words';

/**
 * Moving a story block among the story's top-level parts (paragraphs,
 * headings, images, other blocks), one part at a time or straight to a place.
 * Each move is one update of the story's own editor, tagged to start a step
 * of its history, so the editor's Undo (Ctrl+Z) puts the block back.
 */

/** Whether each story's editor has a step to undo, as its history says. */
const canUndo = new WeakMap<LexicalEditor, boolean>();

/**
 * Makes the state before a move one Undo goes back to. Lexical's history
 * keeps a state only once a change follows it, and it starts listening after
 * the story is loaded: with nothing to undo yet, the first move would have no
 * state before it to return to. So, while there is nothing to undo, the
 * story as it stands is recorded first, by a change that changes nothing.
 */
export function undoableFromHere(editor: LexicalEditor, node: LexicalNode): void {
  if (!canUndo.has(editor)) {
    canUndo.set(editor, false);
    editor.registerCommand(
      CAN_UNDO_COMMAND,
      (can) => {
        canUndo.set(editor, can);
        return false;
      },
      COMMAND_PRIORITY_LOW,
    );
  }
  if (canUndo.get(editor)) return;
  editor.update(() => void node.getLatest().markDirty(), { tag: 'history-push', discrete: true });
}

/** Where a block stands: whether anything is above it or below it. */
export type BlockPlace = { first: boolean; last: boolean };

/** An empty paragraph (the editor keeps one after a last block, for the caret) is room to type, not a part: moves pass it. */
const isPart = (node: LexicalNode) =>
  node.getType() !== 'paragraph' || (node as unknown as { getChildrenSize(): number }).getChildrenSize() > 0;

/** The parts around the block, the block among them. Read inside an editor read or update. */
function partsAround(latest: LexicalNode): LexicalNode[] {
  return (latest.getParent()?.getChildren() ?? [latest]).filter((n) => n.is(latest) || isPart(n));
}

export function blockPlace(editor: LexicalEditor, node: LexicalNode): BlockPlace {
  return editor.getEditorState().read(() => {
    const latest = node.getLatest();
    const parts = partsAround(latest);
    return { first: parts[0]?.is(latest) ?? true, last: parts.at(-1)?.is(latest) ?? true };
  });
}

const clip = (text: string) => {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length > 40 ? `${words.slice(0, 40).replace(/\s+\S*$/, '')}…` : words;
};

type MdastPart = { type: string; name?: string | null; alt?: string | null; attributes?: unknown[]; children?: MdastPart[] };

/**
 * What tells a block from another of its kind, as she wrote it: its title,
 * caption or alt text, or else its first image's alt text.
 */
export function blockLabel(block: MdastPart): string {
  for (const name of ['title', 'caption', 'alt']) {
    const attribute = (block.attributes ?? []).find(
      (a): a is { type: string; name: string; value: string } =>
        (a as { type?: string }).type === 'mdxJsxAttribute' && (a as { name?: string }).name === name,
    );
    if (typeof attribute?.value === 'string' && attribute.value.trim()) return clip(attribute.value);
  }
  const firstImage = (parts: MdastPart[] = []): string => {
    for (const part of parts) {
      if (part.type === 'image' && part.alt?.trim()) return part.alt;
      const inner = firstImage(part.children);
      if (inner) return inner;
    }
    return '';
  };
  return clip(firstImage(block.children));
}

/**
 * A part of the story as she sees it: “the gallery”, “the heading “Words””,
 * “the paragraph “Members think…””. A block next to another of the same kind
 * (`movedName`) is told apart by its label: “the gallery “Checkout, step 1””.
 */
export function describePart(node: LexicalNode, movedName?: string): string {
  const type = node.getType();
  if (type === 'jsx') {
    const block = (node as unknown as { getMdastNode(): MdxJsxFlowElement }).getMdastNode();
    const words = `the ${blockWords(block.name ?? '').toLowerCase()}`;
    if (block.name !== movedName) return words;
    const label = blockLabel(block as unknown as MdastPart);
    return label ? `${words} “${label}”` : `the other ${blockWords(block.name ?? '').toLowerCase()}`;
  }
  const text = clip(node.getTextContent());
  if (type === 'heading') return text ? `the heading “${text}”` : 'the heading';
  if (type === 'list') return 'the list';
  if (type === 'quote') return 'the quotation';
  if (type === 'thematicbreak') return 'the divider';
  if (type === 'paragraph') {
    if (!text) return (node as unknown as { getChildrenSize(): number }).getChildrenSize() ? 'the image' : 'the empty line';
    return `the paragraph “${text}”`;
  }
  return 'the text';
}

/**
 * Moves `node` to `to`, its index among the parts around it once it is taken out;
 * returns the sentence that says where it went ("Quote moved above the
 * gallery"), or null when it did not move.
 */
export function moveBlockTo(editor: LexicalEditor, node: LexicalNode, to: number, words: string): string | null {
  let said: string | null = null;
  undoableFromHere(editor, node);
  // Discrete: the DOM is in its new order when this returns, so focus can follow the block.
  editor.update(
    () => {
      const latest = node.getLatest();
      const siblings = partsAround(latest);
      const from = siblings.findIndex((n) => n.is(latest));
      const others = siblings.filter((n) => !n.is(latest));
      const place = Math.max(0, Math.min(to, others.length));
      if (from === -1 || place === from) return;
      const above = place < others.length && place < from;
      const neighbour = above ? others[place]! : others[place - 1]!;
      if (place < others.length) others[place]!.insertBefore(latest);
      else others[others.length - 1]!.insertAfter(latest);
      const movedName =
        latest.getType() === 'jsx' ? (latest as unknown as { getMdastNode(): MdxJsxFlowElement }).getMdastNode().name : null;
      said = `${words} moved ${above ? 'above' : 'below'} ${describePart(neighbour, movedName ?? undefined)}`;
    },
    { tag: 'history-push', discrete: true },
  );
  return said;
}

/** One place up (-1) or down (+1). */
export function moveBlockBy(editor: LexicalEditor, node: LexicalNode, step: -1 | 1, words: string): string | null {
  const from = editor.getEditorState().read(() => {
    const latest = node.getLatest();
    return partsAround(latest).findIndex((n) => n.is(latest));
  });
  return moveBlockTo(editor, node, from + step, words);
}

/** The DOM elements of the parts around the node, in order, for a drag to measure. */
export function siblingElements(editor: LexicalEditor, node: LexicalNode): { elements: HTMLElement[]; from: number } {
  return editor.getEditorState().read(() => {
    const latest = node.getLatest();
    const siblings = partsAround(latest);
    const elements = siblings.map((n) => editor.getElementByKey(n.getKey())).filter((e): e is HTMLElement => !!e);
    return { elements, from: siblings.findIndex((n) => n.is(latest)) };
  });
}
