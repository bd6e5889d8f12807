import {
  NestedLexicalEditor,
  useLexicalNodeRemove,
  useMdastNodeUpdater,
  useNestedEditorContext,
  type JsxEditorProps,
} from '@mdxeditor/editor';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { readProp, writeProp, type Attribute } from './attributes';
import type { PropField } from './block-fields';
import { BLOCK_FORMS } from './block-forms.generated';
import { blockPlace, moveBlockBy, moveBlockTo, siblingElements, type BlockPlace } from './block-moves';
import { blockWords } from './block-words';
import { MetricChildren } from './BlockChildren';
import { useEditorEnv } from './editor-env';
import { keepFocusIn, restoreKeptFocus } from './focus-keeper';
import { ImageChildren } from './ImageChildren';
import { focusMoveControl, MoveControls, movesWithAlt, type MoveControl } from './MoveControls';
import { startPointerReorder } from './pointer-reorder';
import { PropInput } from './PropInput';

/**
 * A story block in the editor: a card with the block's name, a form made from
 * its zod props (block-fields.ts) and its children. Every change patches only
 * the prop it is about (attributes.ts), so what the form does not show is kept.
 */
export function BlockCard({ mdastNode }: JsxEditorProps) {
  const node = mdastNode as MdxJsxFlowElement;
  const name = node.name ?? '';
  const form = BLOCK_FORMS[name];
  const update = useMdastNodeUpdater<MdxJsxFlowElement>();
  const remove = useLexicalNodeRemove();
  const card = useRef<HTMLDivElement>(null);
  const move = useBlockMoves(name, card);
  // The latest attributes, so two quick changes in a row do not undo each other.
  const attributes = useRef<Attribute[]>(node.attributes);
  attributes.current = node.attributes;

  function set(field: PropField, value: string | boolean) {
    const next = writeProp(attributes.current, field, value, form?.fields.map((f) => f.name) ?? []);
    if (next === attributes.current) return;
    attributes.current = next;
    update({ attributes: next });
  }

  /** After an upload into an image prop, its alt text fills an empty `alt` (the dialog asked for it). */
  function fillAlt(alt: string) {
    const field = form?.fields.find((f) => f.name === 'alt');
    const input = card.current?.querySelector<HTMLInputElement>('[data-prop="alt"]');
    if (!field || !input || input.value !== '') return;
    input.value = alt;
    set(field, alt);
  }

  if (!form || form.parent) return <UnknownBlock name={name} />;
  const words = blockWords(name);
  return (
    // A group, not a <section> landmark: a story has several Figures, and landmarks must have unique names.
    <div
      role="group"
      ref={card}
      data-block={name}
      aria-label={`${words} block`}
      className="mdx-block-card my-4 rounded-2xl border border-border bg-bg-subtle p-3 sm:p-5"
    >
      <header className="mb-3 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-fg-muted">{words}</h3>
        <div className="flex items-center gap-1">
          <div ref={move.controls}>
            <MoveControls
              what={`the ${words.toLowerCase()}`}
              first={move.place.first}
              last={move.place.last}
              onMove={(step, control) => move.by(step, control)}
              onDragStart={move.drag}
            />
          </div>
          <button
            type="button"
            onClick={remove}
            className="rounded-full px-2.5 py-1 text-sm text-fg-muted hover:bg-bg-muted hover:text-fg"
            aria-label={`Remove this ${words.toLowerCase()} block`}
          >
            Remove
          </button>
        </div>
      </header>
      {form.fields.length ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {form.fields.map((field) => (
            <PropInput
              key={field.name}
              block={name}
              field={field}
              value={readProp(node.attributes, field)}
              onChange={(value) => set(field, value)}
              onImage={fillAlt}
            />
          ))}
        </div>
      ) : null}
      {form.children.kind === 'markdown' ? (
        <div className="mdx-block-children mt-3 rounded-lg border border-border bg-bg px-3 py-2">
          <NestedLexicalEditor<MdxJsxFlowElement>
            block
            contentEditableProps={{ className: 'mdx-nested-prose', 'aria-label': `${words} text` }}
            getContent={(n) => n.children}
            getUpdatedMdastNode={(n, children) => ({ ...n, children: children as MdxJsxFlowElement['children'] })}
          />
        </div>
      ) : null}
      {form.children.kind === 'images' ? <ImageChildren node={node} update={update} /> : null}
      {form.children.kind === 'blocks' ? <MetricChildren node={node} update={update} /> : null}
    </div>
  );
}

/**
 * The card's moves: up or down one part of the story (its buttons, or Alt+↑/↓
 * anywhere in the card but its text fields), or dragged by its handle. Each
 * is announced, and focus stays on the control that made it.
 */
function useBlockMoves(name: string, card: React.RefObject<HTMLDivElement | null>) {
  const { parentEditor, lexicalNode } = useNestedEditorContext();
  const env = useEditorEnv();
  const controls = useRef<HTMLDivElement>(null);
  const words = blockWords(name);
  const [place, setPlace] = useState<BlockPlace>(() => blockPlace(parentEditor, lexicalNode));

  // Any change to the story can put another part above or below this block.
  useEffect(() => {
    const read = () =>
      setPlace((was) => {
        const now = blockPlace(parentEditor, lexicalNode);
        return now.first === was.first && now.last === was.last ? was : now;
      });
    read();
    return parentEditor.registerUpdateListener(({ tags }) => {
      read();
      if (tags.has('historic')) restoreKeptFocus();
    });
  }, [parentEditor, lexicalNode]);

  useEffect(() => (card.current ? keepFocusIn(card.current) : undefined), [card]);

  function moved(said: string | null, control: MoveControl | HTMLElement | null) {
    if (!said) return;
    env.announce(said);
    const now = blockPlace(parentEditor, lexicalNode);
    // Moving the block's element out of the page and back takes the focus with it: give it back.
    if (control instanceof HTMLElement) control.focus();
    else if (control) focusMoveControl(controls.current, control, now);
  }

  const by = (step: -1 | 1, control: MoveControl | HTMLElement | null) =>
    moved(moveBlockBy(parentEditor, lexicalNode, step, words), control);

  function drag(event: PointerEvent<HTMLButtonElement>) {
    const { elements, from } = siblingElements(parentEditor, lexicalNode);
    startPointerReorder(event, {
      items: elements,
      from,
      onDrop: (to) => moved(moveBlockTo(parentEditor, lexicalNode, to, words), 'drag'),
    });
  }

  // Alt+↑/↓ from the card's controls; text fields keep the keys for their caret.
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (!movesWithAlt(target)) return;
      if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown') && !target.closest('[data-image-child]')) {
        event.preventDefault();
        event.stopPropagation();
        by(event.key === 'ArrowUp' ? -1 : 1, target);
        return;
      }
      // A key pressed on a button or checkbox of the card is the control's (Enter and Space press it), not the
      // story's: the story's editor would take Enter for a new paragraph and Backspace for removing the block.
      // Its shortcuts (Undo, Redo) still reach it.
      if (!event.ctrlKey && !event.metaKey) event.stopPropagation();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  });

  return { place, controls, by, drag };
}

/** A tag the build does not know (it will refuse it): kept exactly as written, editable in the source view. */
function UnknownBlock({ name }: { name: string }) {
  return (
    <div role="group" data-block={name} className="my-4 rounded-2xl border border-dashed border-border p-4 text-sm text-fg-muted">
      <strong className="text-fg">{name}</strong> is not a block this site knows. It is kept as it is; change or remove it in the Source
      view.
    </div>
  );
}
