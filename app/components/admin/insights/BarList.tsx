import { EMPTY } from '~/components/admin/kit/Panel';
import { count, percent } from './format';
import { Meter } from './Meter';

export type BarRow = { key: string; label: string; count: number };

/**
 * A short ranked list with a bar behind each row: referrers, devices, pages.
 * Bars are relative to the first row (`scale="top"`) or to the whole (`"total"`,
 * then each row also says its share). Labels are data: shown as text only.
 */
export function BarList({
  rows,
  head,
  unit,
  empty,
  scale = 'top',
}: {
  rows: BarRow[];
  head: [string, string];
  unit: [string, string];
  empty: string;
  scale?: 'top' | 'total';
}) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return <p className={EMPTY}>{empty}</p>;
  const base = scale === 'total' ? total : Math.max(...rows.map((row) => row.count));
  return (
    <div className="text-sm">
      <p aria-hidden="true" className="flex justify-between gap-3 px-2.5 pb-2 text-xs font-medium tracking-wide text-fg-muted uppercase">
        <span>{head[0]}</span>
        <span>{head[1]}</span>
      </p>
      <ul className="grid grid-cols-1 gap-1">
        {rows.map((row) => (
          <li key={row.key} className="relative flex min-h-8 min-w-0 items-center justify-between gap-3 rounded-md px-2.5 py-1">
            <Meter value={row.count} max={base} className="absolute inset-0 rounded-md text-accent/12 dark:text-accent/15" />
            <span className="relative min-w-0 truncate" title={row.label}>
              {row.label}
            </span>
            <span className="relative shrink-0 tabular-nums">
              {scale === 'total' ? (
                <>
                  <span className="text-fg-muted">{count(row.count)}</span>
                  <span className="sr-only"> {row.count === 1 ? unit[0] : unit[1]},</span>
                  <span className="ml-2 inline-block w-9 text-right font-medium">{percent(row.count, total)}</span>
                </>
              ) : (
                <>
                  <span className="font-medium">{count(row.count)}</span>
                  <span className="sr-only"> {row.count === 1 ? unit[0] : unit[1]}</span>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
