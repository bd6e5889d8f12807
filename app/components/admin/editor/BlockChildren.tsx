import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { useId } from 'react';
import { readProp, writeProp } from './attributes';
import { BLOCK_FORMS } from './block-forms.generated';
import { mediaUrl } from './body-text';
import { imageName, propWords } from './block-words';
import { useEditorEnv } from './editor-env';
import { CONTROL, LABEL, NO_FORM, QUIET_BUTTON } from './styles';

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

/** A new image child, on a line of its own after the others (the file's layout puts each on its own line). */
function withImage(nodes: AnyNode[], image: Image): AnyNode[] {
  const last = nodes.map((n) => n.type).lastIndexOf('paragraph');
  if (last === -1) return [...nodes, { type: 'paragraph', children: [image as unknown as AnyNode] }];
  return nodes.map((n, i) =>
    i === last ? { ...n, children: [...(n.children ?? []), { type: 'text', value: '\n' } as AnyNode, image as unknown as AnyNode] } : n,
  );
}

/** The children without the `index`-th image (and the line break that set it apart). */
function withoutImage(nodes: AnyNode[], index: number): AnyNode[] {
  let seen = -1;
  const walk = (list: AnyNode[]): AnyNode[] => {
    const out: AnyNode[] = [];
    for (const n of list) {
      if (n.type === 'image' && ++seen === index) {
        const previous = out.at(-1) as { type: string; value?: string } | undefined;
        if (previous?.type === 'text' && /^\s*$/.test(previous.value ?? '')) out.pop();
        continue;
      }
      out.push(n.children ? { ...n, children: walk(n.children) } : n);
    }
    return out;
  };
  const result = walk(nodes);
  // A paragraph left starting with the removed image's line break starts with the next image instead.
  return result.map((n) => {
    const first = n.children?.[0] as { type: string; value?: string } | undefined;
    return n.type === 'paragraph' && first?.type === 'text' && /^\s*$/.test(first.value ?? '')
      ? { ...n, children: n.children!.slice(1) }
      : n;
  });
}

export function ImageChildren({ node, update }: { node: MdxJsxFlowElement; update: Update }) {
  const env = useEditorEnv();
  const id = useId();
  const list = images(node.children as AnyNode[]);
  const captions = node.name === 'Gallery';
  const limits = BLOCK_FORMS[node.name ?? '']?.children;
  const [min, max] = limits?.kind === 'images' ? [limits.min, limits.max] : [1, 1];
  const names = node.name === 'BeforeAfter' ? ['First image (before)', 'Second image (after)'] : [];
  // The latest children, so edits to two images in a row both land.
  let children = node.children as AnyNode[];
  const set = (index: number, patch: Partial<Image>) => {
    children = patchImage(children, index, patch);
    update({ children: children as Child[] });
  };
  const add = (image: Image) => {
    children = withImage(children, image);
    update({ children: children as Child[] });
  };
  const remove = (index: number) => {
    children = withoutImage(children, index);
    update({ children: children as Child[] });
  };
  async function upload() {
    const picked = await env.pickImage({ caption: captions });
    if (picked) add({ type: 'image', url: picked.src, alt: picked.alt, title: picked.title ?? null });
  }
  return (
    <div className="mt-4">
      <ol className="grid gap-3" aria-label="Images">
        {list.map((image, i) => (
          <li key={`${i}-${image.url}`} data-image-child className="flex gap-3 rounded-lg border border-border bg-bg p-3">
            <img
              src={mediaUrl(env.documentPath, image.url)}
              alt=""
              className="size-16 shrink-0 rounded-md border border-border object-cover"
            />
            <div className="grid min-w-0 flex-1 gap-2">
              <div className="flex items-center justify-between gap-2">
                <p className="truncate text-sm font-medium">{names[i] ?? imageName(image.url)}</p>
                <button
                  type="button"
                  className="rounded-full px-2.5 py-1 text-sm text-fg-muted hover:bg-bg-muted hover:text-fg"
                  onClick={() => remove(i)}
                >
                  Remove<span className="sr-only"> image {i + 1}</span>
                </button>
              </div>
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
      {list.length < min ? (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-200">
          {node.name === 'BeforeAfter'
            ? 'Add two images of the same size: the first before, the second after.'
            : `A gallery shows ${min} to ${max} images: add ${min - list.length} more.`}
        </p>
      ) : null}
      {list.length < max ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button type="button" className={QUIET_BUTTON} onClick={() => void upload()} data-add-image>
            Upload an image…
          </button>
          {env.images.length ? (
            <>
              <label htmlFor={`${id}-existing`} className="sr-only">
                Add one of your images
              </label>
              <select
                id={`${id}-existing`}
                form={NO_FORM}
                value=""
                className={`${CONTROL} w-auto`}
                onChange={(e) => {
                  const src = e.currentTarget.value;
                  if (src) add({ type: 'image', url: src, alt: '', title: null });
                }}
              >
                <option value="">Or add one of your images…</option>
                {env.images.map((src) => (
                  <option key={src} value={src}>
                    {imageName(src)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const newMetric = (): Child => ({
  type: 'mdxJsxFlowElement',
  name: 'Metric',
  attributes: [
    { type: 'mdxJsxAttribute', name: 'value', value: '' },
    { type: 'mdxJsxAttribute', name: 'label', value: '' },
  ],
  children: [],
});

export function MetricChildren({ node, update }: { node: MdxJsxFlowElement; update: Update }) {
  const id = useId();
  const form = BLOCK_FORMS.Metric;
  const limits = BLOCK_FORMS.Metrics?.children;
  if (!form || limits?.kind !== 'blocks') return null;
  const order = form.fields.map((f) => f.name);
  let children = node.children;
  const metrics = children
    .map((child, i) => ({ child, i }))
    .filter(({ child }) => child.type === 'mdxJsxFlowElement' && child.name === 'Metric');
  return (
    <div className="mt-1">
      <ol className="grid gap-3 sm:grid-cols-2" aria-label="Figures">
        {metrics.map(({ child, i }, n) => {
          const metric = child as MdxJsxFlowElement;
          return (
            <li key={`${i}-${metrics.length}`} data-block="Metric" className="grid gap-2 rounded-lg border border-border bg-bg p-3">
              {form.fields.map((field) => {
                const words = propWords('Metric', field.name);
                return (
                  <div key={field.name}>
                    <label htmlFor={`${id}-${i}-${field.name}`} className={LABEL}>
                      {words.label}
                    </label>
                    <input
                      id={`${id}-${i}-${field.name}`}
                      name={field.name}
                      form={NO_FORM}
                      data-prop={field.name}
                      defaultValue={String(readProp(metric.attributes, field))}
                      placeholder={field.name === 'value' ? '+18%' : 'Activation'}
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
                );
              })}
              {metrics.length > limits.min ? (
                <button
                  type="button"
                  className="justify-self-start rounded-full px-2.5 py-1 text-sm text-fg-muted hover:bg-bg-muted hover:text-fg"
                  onClick={() => update({ children: children.filter((_, j) => j !== i) })}
                >
                  Remove<span className="sr-only"> figure {n + 1}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {metrics.length < limits.max ? (
        <button
          type="button"
          className={`${QUIET_BUTTON} mt-3`}
          data-add-metric
          onClick={() => update({ children: [...children, newMetric()] })}
        >
          Add a figure
        </button>
      ) : null}
      <p className="mt-2 text-xs text-fg-muted">
        {limits.min} to {limits.max} figures.
      </p>
    </div>
  );
}
