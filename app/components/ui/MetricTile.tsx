/** A headline figure over its label: the case study header's outcomes and the story's Metrics block. */
export function MetricTile({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col rounded-2xl border border-border bg-bg-subtle p-4 sm:p-6">
      <dt className="text-sm font-medium text-fg-muted">{label}</dt>
      <dd className="order-first text-2xl font-semibold tracking-tight text-accent min-[400px]:text-3xl sm:text-5xl">{value}</dd>
    </div>
  );
}
