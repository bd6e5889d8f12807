/** Placeholder until the MDXEditor body editor lands: the raw MDX in a textarea. */
export function BodyEditor({ name = 'body', defaultValue }: { name?: string; defaultValue: string; documentPath: string; blocks: 'case-study' | 'none' }) {
  return (
    <div data-mdx-body>
      <textarea name={name} data-body-source defaultValue={defaultValue} rows={24} className="block w-full rounded-lg border border-border bg-bg p-3 font-mono text-sm" />
    </div>
  );
}
