import { Children, type ReactNode } from 'react';
import { z } from 'zod';
import { MetricTile } from '~/components/ui/MetricTile';
import { text } from './props';

/** 1–4 headline figures with labels, like the outcomes in the page header. */
export const metricsProps = z.object({}).strict();
export const metricProps = z.object({ value: text, label: text }).strict();

const COLUMNS: Record<number, string> = {
  1: 'grid-cols-1 sm:grid-cols-2',
  2: 'grid-cols-2',
  3: 'grid-cols-2 sm:grid-cols-3',
  4: 'grid-cols-2 lg:grid-cols-4',
};

export function Metrics({ children }: { children?: ReactNode }) {
  const count = Children.count(children);
  return (
    <dl data-block="metrics" className={`story-wide my-10 grid gap-3 sm:my-12 sm:gap-4 ${COLUMNS[count] ?? 'grid-cols-2'}`}>
      {children}
    </dl>
  );
}

export function Metric({ value, label }: z.infer<typeof metricProps>) {
  return <MetricTile value={value} label={label} />;
}
