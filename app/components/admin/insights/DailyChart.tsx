import type { DailyPoint } from '~/insights/report';
import { compact, count, niceTicks, shortDay, span } from './format';

/**
 * Visitors and page views a day, drawn on the server as plain SVG: no script,
 * the same with JavaScript off. The plot stretches to any width
 * (preserveAspectRatio="none", strokes that do not scale); its axis labels are
 * HTML around it, so they stay 12 px from a phone to a desktop.
 */

const H = 100;
const STROKE = { vectorEffect: 'non-scaling-stroke', strokeLinejoin: 'round', strokeLinecap: 'round' } as const;

/**
 * The days that get a label: `most` (odd) spread evenly from the first day to
 * the last, so that a row of zero-width boxes spaced by flexbox puts each
 * label on its day (within half a day) without any inline style, which the
 * CSP refuses. Phones show every other one, still evenly spread.
 */
function labelDays<T>(days: T[], most: number): T[] {
  const n = days.length;
  if (n <= 1) return days;
  const m = Math.min(n, most);
  // Steps of at least one day: the picked indices are distinct and in order.
  const picked = new Set(Array.from({ length: m }, (_, k) => Math.round((k * (n - 1)) / (m - 1))));
  return days.filter((_, i) => picked.has(i));
}

export function DailyChart({ daily, from, to }: { daily: DailyPoint[]; from: string; to: string }) {
  const n = daily.length;
  const totals = daily.reduce((sum, day) => ({ visitors: sum.visitors + day.visitors, views: sum.views + day.views }), {
    visitors: 0,
    views: 0,
  });
  const max = daily.reduce((m, day) => Math.max(m, day.views, day.visitors), 0);
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] || 1;
  // One day alone is drawn as a level across the plot.
  const points = n === 1 ? [...daily, ...daily] : daily;
  const W = Math.max(1, points.length - 1);
  const y = (value: number) => H - (value / top) * H;
  const line = (key: 'visitors' | 'views') => points.map((day, i) => `${i ? 'L' : 'M'}${i},${y(day[key]).toFixed(2)}`).join('');
  const peak = daily.reduce<DailyPoint | null>((best, day) => (best === null || day.views > best.views ? day : best), null);
  const [start, end] = span(from, to);
  const summary =
    totals.views === 0 || peak === null
      ? `Daily visitors and page views, ${start} to ${end}: no visits recorded.`
      : `Daily visitors and page views, ${start} to ${end}: ${count(totals.visitors)} visitors and ${count(totals.views)} page views in all; the busiest day was ${shortDay(peak.day)} with ${count(peak.views)} page views.`;

  const labels = labelDays(daily, 7).map(({ day }, k, all) => ({
    day,
    phone: k % 2 === 0 || all.length <= 4,
    edge: all.length === 1 ? 'justify-center' : k === 0 ? 'justify-start' : k === all.length - 1 ? 'justify-end' : 'justify-center',
  }));

  return (
    <figure>
      <figcaption>
        <span className="sr-only">Daily visitors and page views. </span>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="h-[3px] w-4 rounded-full bg-accent" />
            <span className="text-fg-muted">Visitors</span>
            <span className="font-semibold tabular-nums">{count(totals.visitors)}</span>
          </li>
          <li className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="h-3 w-4 rounded-[3px] border-t-2 border-accent/50 bg-accent/15 dark:border-accent/65 dark:bg-accent/25"
            />
            <span className="text-fg-muted">Page views</span>
            <span className="font-semibold tabular-nums">{count(totals.views)}</span>
          </li>
        </ul>
      </figcaption>
      <div className="mt-6 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
        {/* The ticks are evenly spaced from 0 to the top, so flexbox places each on its gridline. */}
        <div
          aria-hidden="true"
          className={`flex flex-col-reverse text-xs text-fg-muted tabular-nums ${ticks.length > 1 ? 'justify-between' : 'justify-start'}`}
        >
          {ticks.map((tick) => (
            <span key={tick} className="flex h-0 items-center justify-end leading-none">
              {compact(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-44 sm:h-56 lg:h-64">
          <svg
            role="img"
            aria-label={summary}
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full overflow-visible"
          >
            <g className="stroke-border" strokeWidth={1} {...STROKE}>
              {ticks.map((tick) =>
                tick === 0 ? null : (
                  <line key={tick} x1={0} x2={W} y1={y(tick)} y2={y(tick)} vectorEffect="non-scaling-stroke" strokeDasharray="2 3" />
                ),
              )}
            </g>
            {totals.views > 0 ? (
              <>
                <path d={`${line('views')}L${W},${H}L0,${H}Z`} className="fill-accent/12 dark:fill-accent/20" />
                <path d={line('views')} className="fill-none stroke-accent/50 dark:stroke-accent/65" strokeWidth={1.5} {...STROKE} />
                <path d={line('visitors')} className="fill-none stroke-accent" strokeWidth={2.5} {...STROKE} />
              </>
            ) : null}
            <line x1={0} x2={W} y1={H} y2={H} className="stroke-fg-muted/40" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            {n > 1
              ? daily.map((day, i) => (
                  <rect
                    key={day.day}
                    x={Math.max(0, i - 0.5)}
                    width={i === 0 || i === n - 1 ? 0.5 : 1}
                    y={0}
                    height={H}
                    className="fill-transparent hover:fill-fg/5"
                  >
                    <title>{`${shortDay(day.day)}: ${count(day.visitors)} visitors, ${count(day.views)} page views`}</title>
                  </rect>
                ))
              : null}
          </svg>
          {totals.views === 0 ? (
            <p className="absolute inset-x-0 top-1/2 -translate-y-1/2 px-4 text-center text-sm text-fg-muted">
              No visits recorded in this period yet.
            </p>
          ) : null}
        </div>
        <div
          aria-hidden="true"
          className={`col-start-2 mt-2 flex h-4 text-xs text-fg-muted tabular-nums ${labels.length > 1 ? 'justify-between' : 'justify-center'}`}
        >
          {labels.map(({ day, phone, edge }) => (
            <span key={day} className={`flex w-0 ${edge} ${phone ? '' : 'max-sm:hidden'}`}>
              <span className="leading-4 whitespace-nowrap">{shortDay(day)}</span>
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}
