import { Link } from '@remix-run/react';
import { RANGES, type RangeDays } from '~/insights/report';
import { useOwnerTimeZone } from '~/components/admin/kit/useOwnerTimeZone';
import { span } from './format';

/**
 * The page's title, its period in words and the ways to change it: plain
 * links (?range=7|30|90) that work without JavaScript, and the CSV of the
 * same period (a resource route, so a plain download link).
 */
export function InsightsHeader({ range, from, to, collecting }: { range: RangeDays; from: string; to: string; collecting: boolean }) {
  const [start, end] = span(from, to);
  const zone = useOwnerTimeZone();
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-x-8 gap-y-5">
        <div className="max-w-2xl min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight">Insights</h1>
          <p className="mt-2 text-fg-muted">Who comes to the portfolio, how far they read, and what each share link opened.</p>
          <p className="mt-3 text-sm font-medium">
            {from === to ? (
              <time dateTime={to}>{end}</time>
            ) : (
              <>
                <time dateTime={from}>{start}</time> – <time dateTime={to}>{end}</time>
              </>
            )}
            <span data-insights-days={zone} className="font-normal text-fg-muted">
              {` · days in ${zone} time`}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <nav aria-label="Period">
            <ul className="inline-flex rounded-full border border-border bg-bg-subtle p-1">
              {RANGES.map((days) => (
                <li key={days}>
                  <Link
                    to={`?range=${days}`}
                    preventScrollReset
                    aria-current={days === range ? 'page' : undefined}
                    className={`inline-flex h-8 items-center rounded-full px-3.5 text-sm font-medium whitespace-nowrap transition-colors ${days === range ? 'bg-fg text-bg shadow-sm' : 'text-fg-muted hover:bg-bg-muted hover:text-fg'}`}
                  >
                    <span className="sr-only">Last </span>
                    {days} days
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <a
            href={`/admin/insights.csv?range=${range}`}
            download
            className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-medium whitespace-nowrap transition-colors hover:bg-bg-muted"
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 text-fg-muted">
              <path
                d="M8 2.5v7.5m0 0L5 7m3 3 3-3M3 11.5v1A1.5 1.5 0 0 0 4.5 14h7a1.5 1.5 0 0 0 1.5-1.5v-1"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.5}
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Download CSV
          </a>
        </div>
      </div>
      {collecting ? null : (
        <p className="mt-6 flex gap-3 rounded-xl border border-border bg-bg-subtle px-4 py-3 text-sm">
          <svg aria-hidden="true" viewBox="0 0 16 16" className="mt-0.5 size-4 shrink-0 text-fg-muted">
            <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth={1.5} />
            <path d="M8 7.25V11M8 5h.01" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" />
          </svg>
          <span>
            <span className="font-medium">Collection is switched off</span>{' '}
            <span className="text-fg-muted">
              (<code className="font-mono text-[0.8125rem] text-fg">ANALYTICS=off</code>): nothing new is recorded. The figures below are
              what was recorded before.
            </span>
          </span>
        </p>
      )}
    </div>
  );
}
