import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { useId } from 'react';
import { readProp, writeProp } from './attributes';
import { BLOCK_FORMS } from './block-forms.generated';
import { mediaUrl } from './body-text';
import { useEditorEnv } from './editor-env';
import { CONTROL, LABEL, NO_FORM } from './styles';

/**
 * The children of blocks that hold images (Gallery, BeforeAfter) or other
 * blocks (Metrics), edited in place in the document's own nodes: each change
 * touches one value, so the layout of the lines around it is kept.
 */
type Update = (patch: Partial<MdxJsxFlowElement>) => void;
type Child = MdxJsxFlowElement['children'][number];
type Image = { type: 'image'; url: string; alt?: string | null; title?: string | null };
type AnyNode = { type: string; children?: AnyNode[] };

function images(nodes: AnyNode[]): Image[] {
  return nodes.flatMap((n) => (n.type === 'image' ? [n as unknown as Image] : images(n.children ?? [])));
}

/** The children with the `index`-th image (in document order) patched. */
function patchImage(nodes: AnyNode[], index: number, patch: Partial<Image>): AnyNode[] {
  let seen = -1;
  const walk = (list: AnyNode[]): AnyNode[] =>
    list.map((n) => {
      if (n.type === 'image') return ++seen === index ? { ...n, ...patch } : n;
      return n.children ? { ...n, children: walk(n.children) } : n;
    });
  return walk(nodes);
}

type ImageTextFieldProps = { id: string; prop: 'alt' | 'title'; label: string; image: Image; onValue: (value: string) => void };

/** One of an image's words (its alt text or caption), edited in the card. */
function ImageTextField({ id, prop, label, image, onValue }: ImageTextFieldProps) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        form={NO_FORM}
        data-prop={prop}
        defaultValue={image[prop] ?? ''}
        onChange={(e) => onValue(e.currentTarget.value)}
        className={CONTROL}
      />
    </div>
  );
}

export function ImageChildren({ node, update }: { node: MdxJsxFlowElement; update: Update }) {
  const env = useEditorEnv();
  const id = useId();
  const list = images(node.children as AnyNode[]);
  const captions = node.name === 'Gallery';
  // The latest children, so edits to two images in a row both land.
  let children = node.children as AnyNode[];
  const set = (index: number, patch: Partial<Image>) => {
    children = patchImage(children, index, patch);
    update({ children: children as Child[] });
  };
  return (
    <ol className="mt-4 grid gap-3" aria-label="Images">
      {list.map((image, i) => (
        <li key={i} className="flex gap-3 rounded-lg border border-border bg-bg p-3">
          <img
            src={mediaUrl(env.documentPath, image.url)}
            alt=""
            className="size-16 shrink-0 rounded-md border border-border object-cover"
          />
          <div className="grid min-w-0 flex-1 gap-2">
            <p className="truncate font-mono text-xs text-fg-muted" title={image.url}>
              {image.url}
            </p>
            <ImageTextField id={`${id}-alt-${i}`} prop="alt" label="Alt text" image={image} onValue={(alt) => set(i, { alt })} />
            {captions ? (
              <ImageTextField
                id={`${id}-title-${i}`}
                prop="title"
                label="Caption (optional)"
                image={image}
                onValue={(title) => set(i, { title: title || null })}
              />
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

export function MetricChildren({ node, update }: { node: MdxJsxFlowElement; update: Update }) {
  const id = useId();
  const form = BLOCK_FORMS.Metric;
  if (!form) return null;
  const order = form.fields.map((f) => f.name);
  let children = node.children;
  const metrics = children
    .map((child, i) => ({ child, i }))
    .filter(({ child }) => child.type === 'mdxJsxFlowElement' && child.name === 'Metric');
  return (
    <ol className="mt-1 grid gap-3 sm:grid-cols-2" aria-label="Metrics">
      {metrics.map(({ child, i }) => {
        const metric = child as MdxJsxFlowElement;
        return (
          <li key={i} data-block="Metric" className="grid gap-2 rounded-lg border border-border bg-bg p-3">
            {form.fields.map((field) => (
              <div key={field.name}>
                <label htmlFor={`${id}-${i}-${field.name}`} className={LABEL}>
                  {field.name === 'value' ? 'Value' : 'Label'}
                </label>
                <input
                  id={`${id}-${i}-${field.name}`}
                  name={field.name}
                  form={NO_FORM}
                  data-prop={field.name}
                  defaultValue={String(readProp(metric.attributes, field))}
                  required
                  onChange={(e) => {
                    const current = children[i] as MdxJsxFlowElement;
                    children = children.map((c, j) =>
                      j === i ? { ...current, attributes: writeProp(current.attributes, field, e.currentTarget.value, order) } : c,
                    );
                    update({ children });
                  }}
                  className={CONTROL}
                />
              </div>
            ))}
          </li>
        );
      })}
    </ol>
  );
}
