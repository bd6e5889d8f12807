import type { DailyPoint } from '~/insights/report';
import { useOwnerTimeZone } from '~/components/admin/kit/useOwnerTimeZone';
import { count, tableDay } from './format';

/** The chart's figures, a day a row, for reading exact numbers and for screen readers. */
export function DailyTable({ daily }: { daily: DailyPoint[] }) {
  const zone = useOwnerTimeZone();
  const totals = daily.reduce((sum, day) => ({ visitors: sum.visitors + day.visitors, views: sum.views + day.views }), {
    visitors: 0,
    views: 0,
  });
  return (
    <details className="group mt-6 border-t border-border pt-4">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 rounded-md text-sm font-medium text-accent underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 transition-transform group-open:rotate-90">
          <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Show the figures as a table
      </summary>
      <table className="mt-4 w-full max-w-md text-sm tabular-nums">
        <caption className="pb-2 text-left text-xs text-fg-muted">Visitors and page views per day ({zone}), oldest first</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs font-medium tracking-wide text-fg-muted uppercase">
            <th scope="col" className="py-2 pr-4 font-medium">
              Day
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Visitors
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Page views
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {daily.map((day) => (
            <tr key={day.day}>
              <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                <time dateTime={day.day}>{tableDay(day.day)}</time>
              </th>
              <td className="py-1.5 pr-4 text-right">{count(day.visitors)}</td>
              <td className="py-1.5 text-right">{count(day.views)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-border font-semibold">
            <th scope="row" className="py-2 pr-4 text-left">
              Total
            </th>
            <td className="py-2 pr-4 text-right">{count(totals.visitors)}</td>
            <td className="py-2 text-right">{count(totals.views)}</td>
          </tr>
        </tfoot>
      </table>
    </details>
  );
}
