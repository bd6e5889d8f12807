import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { useId } from 'react';
import { readProp, writeProp } from './attributes';
import { BLOCK_FORMS } from './block-forms.generated';
import { propWords } from './block-words';
import { CONTROL, LABEL, NO_FORM, QUIET_BUTTON } from './styles';

/**
 * The children of blocks that hold other blocks (Metrics), edited in place in
 * the document's own nodes: each change touches one value, so the layout of
 * the lines around it is kept. Images inside a block: ImageChildren.tsx.
 */
type Update = (patch: Partial<MdxJsxFlowElement>) => void;
type Child = MdxJsxFlowElement['children'][number];

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
