import type { CaseStudyFunnel } from '~/insights/report';
import { EMPTY } from '~/components/admin/kit/Panel';
import { count, duration, percent } from './format';
import { Meter } from './Meter';

/**
 * How far readers get into one case study: a bar a section, its level against
 * everyone who opened the page, the step before it faint behind so each drop
 * shows as the gap between the two.
 */
function Funnel({ funnel }: { funnel: CaseStudyFunnel }) {
  // Readers are counted once a day per page; with none counted, the first section is the base.
  const base = funnel.readers > 0 ? funnel.readers : (funnel.steps[0]?.readers ?? 0);
  const titleId = `funnel-${funnel.slug}`;
  // Each section with the one before it (none for the first, whose readers are the base).
  const drops = funnel.steps.map((step, i) => {
    const previous = i === 0 ? undefined : funnel.steps[i - 1];
    const before = previous?.readers ?? base;
    return { step, previous, before, lost: before - step.readers };
  });
  const worst = drops
    .slice(1)
    .reduce<(typeof drops)[number] | null>((w, d) => (d.lost > 0 && (w === null || d.lost > w.lost) ? d : w), null);
  return (
    <section aria-labelledby={titleId} className="py-6 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="min-w-0 text-base font-semibold tracking-tight break-words">
          {funnel.title}
        </h3>
        <p className="text-sm text-fg-muted">
          <span className="font-medium text-fg tabular-nums">{count(funnel.readers)}</span> {funnel.readers === 1 ? 'reader' : 'readers'} ·
          median engaged time <span className="font-medium text-fg tabular-nums">{duration(funnel.medianEngagedS)}</span>
        </p>
      </div>
      {base === 0 || funnel.steps.length === 0 ? (
        <p className={`${EMPTY} mt-4`}>No readers yet.</p>
      ) : (
        <>
          {worst?.previous ? (
            <p className="mt-1 text-sm text-fg-muted">
              Biggest drop: {count(worst.lost)} {worst.lost === 1 ? 'reader' : 'readers'} left after section {worst.previous.section}.
            </p>
          ) : null}
          <ol className="mt-4 grid gap-x-4 gap-y-2.5 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)_auto]">
            {drops.map(({ step, before }) => {
              return (
                <li
                  key={step.section}
                  data-case-study={funnel.slug}
                  data-section={step.section}
                  data-readers={step.readers}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 sm:col-span-3 sm:grid-cols-subgrid"
                >
                  <span className="min-w-0 text-sm break-words">
                    <span className="text-fg-muted tabular-nums">{step.section}.</span> {step.title}
                  </span>
                  <span
                    aria-hidden="true"
                    className="relative col-span-2 row-start-2 h-2.5 overflow-hidden rounded-full bg-bg-muted sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:h-3"
                  >
                    <Meter value={before} max={base} className="absolute inset-0 rounded-full text-accent/20" />
                    <Meter value={step.readers} max={base} className="absolute inset-0 rounded-full text-accent" />
                  </span>
                  <span className="text-right text-sm tabular-nums sm:col-start-3 sm:row-start-1 sm:min-w-[6.5rem]">
                    <span className="font-medium">{count(step.readers)}</span>
                    <span className="sr-only"> {step.readers === 1 ? 'reader' : 'readers'},</span>
                    <span className="ml-2 inline-block w-10 text-fg-muted">{percent(step.readers, base)}</span>
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

/** Every case study's funnel, one after the other. */
export function Funnels({ funnels }: { funnels: CaseStudyFunnel[] }) {
  if (funnels.length === 0) return <p className={EMPTY}>No readers yet.</p>;
  return (
    <div className="divide-y divide-border">
      {funnels.map((funnel) => (
        <Funnel key={funnel.slug} funnel={funnel} />
      ))}
    </div>
  );
}
