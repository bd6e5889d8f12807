import { NestedLexicalEditor, useLexicalNodeRemove, useMdastNodeUpdater, type JsxEditorProps } from '@mdxeditor/editor';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { useRef } from 'react';
import { readProp, writeProp, type Attribute } from './attributes';
import type { PropField } from './block-fields';
import { BLOCK_FORMS } from './block-forms.generated';
import { blockWords } from './block-words';
import { ImageChildren, MetricChildren } from './BlockChildren';
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
        <button
          type="button"
          onClick={remove}
          className="rounded-full px-2.5 py-1 text-sm text-fg-muted hover:bg-bg-muted hover:text-fg"
          aria-label={`Remove this ${words.toLowerCase()} block`}
        >
          Remove
        </button>
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

/** A tag the build does not know (it will refuse it): kept exactly as written, editable in the source view. */
function UnknownBlock({ name }: { name: string }) {
  return (
    <div role="group" data-block={name} className="my-4 rounded-2xl border border-dashed border-border p-4 text-sm text-fg-muted">
      <strong className="text-fg">{name}</strong> is not a block this site knows. It is kept as it is; change or remove it in the Source
      view.
    </div>
  );
}
