import { METRIC_LABELS, METRICS, type Headline, type RangeDays } from '~/insights/report';
import { change, count, type Change } from './format';

const TONE: Record<Change['kind'], string> = {
  up: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
  down: 'bg-red-500/10 text-red-700 dark:text-red-300',
  new: 'bg-accent-soft text-accent-soft-fg',
  same: 'bg-bg-muted text-fg-muted',
  none: 'text-fg-muted',
};

const GLYPH: Partial<Record<Change['kind'], [string, string]>> = {
  up: ['↑', 'Up'],
  down: ['↓', 'Down'],
};

/** The change against the period before, in a word or a signed percent, with an arrow that is not the only signal. */
function ChangeNote({ value, previous, range }: { value: number; previous: number | null; range: RangeDays }) {
  const delta = change(value, previous);
  const glyph = GLYPH[delta.kind];
  const context = delta.kind === 'none' ? 'nothing in either period' : `vs previous ${range} days`;
  return (
    <p className="mt-3 text-xs">
      <span
        className={`inline-flex items-center gap-0.5 rounded-full py-0.5 font-semibold tabular-nums ${delta.kind === 'none' ? '' : 'px-2'} ${TONE[delta.kind]}`}
      >
        {glyph ? (
          <>
            <span aria-hidden="true">{glyph[0]}</span>
            <span className="sr-only">{glyph[1]}: </span>
          </>
        ) : null}
        {delta.text}
      </span>{' '}
      <span className="mt-1 block text-fg-muted">{context}</span>
    </p>
  );
}

/** The five figures of the period, large, each with how it moved. */
export function HeadlineCards({ headlines, range }: { headlines: Headline[]; range: RangeDays }) {
  const byMetric = new Map(headlines.map((headline) => [headline.metric, headline]));
  return (
    <section aria-labelledby="headlines-title" className="mt-8">
      <h2 id="headlines-title" className="sr-only">
        Headline figures
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {METRICS.map((metric, i) => {
          const headline = byMetric.get(metric) ?? { metric, value: 0, previous: null };
          return (
            <div
              key={metric}
              data-metric={metric}
              data-value={headline.value}
              className={`flex min-w-0 flex-col rounded-2xl border border-border bg-bg p-4 sm:p-5 ${i === 0 ? 'col-span-2 lg:col-span-1' : ''}`}
            >
              <dt className="text-sm font-medium text-fg-muted">{METRIC_LABELS[metric]}</dt>
              <dd className="mt-1.5 text-3xl font-semibold tracking-tight tabular-nums sm:text-[2rem] sm:leading-10">
                {count(headline.value)}
              </dd>
              <dd className="mt-auto">
                <ChangeNote value={headline.value} previous={headline.previous} range={range} />
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
