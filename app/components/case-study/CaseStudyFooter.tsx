import type { CaseStudyCard } from '~/content/schema';
import { ArrowRightIcon, ButtonLink, CaseStudyGrid } from '~/components/ui';
import { BackToCaseStudies } from './BackToCaseStudies';

/** The other case studies (as on the home page), then the invitation to get in touch. */
export function CaseStudyFooter({ more }: { more: CaseStudyCard[] }) {
  return (
    <div className="mx-auto max-w-6xl px-5 pb-20 sm:px-6 sm:pb-28 lg:px-8">
      {more.length > 0 ? (
        <section aria-labelledby="more-work-title" className="mb-16 border-t border-border pt-16 sm:mb-20 sm:pt-20" data-print="hide">
          <p className="text-sm font-semibold uppercase tracking-[0.16em] text-accent">Keep exploring</p>
          <h2 id="more-work-title" className="mt-3 text-3xl font-semibold tracking-[-0.025em] text-balance sm:text-4xl">
            More case studies
          </h2>
          <CaseStudyGrid cards={more} className="mt-10" />
        </section>
      ) : null}
      <div className="flex flex-col items-start gap-6 rounded-3xl border border-border bg-bg-subtle p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Like what you see?</h2>
          <p className="mt-2 text-fg-muted">I’m open to senior and lead product design roles.</p>
        </div>
        <ButtonLink href="/#contact">
          Get in Touch
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </ButtonLink>
      </div>
      <div className="mt-10">
        <BackToCaseStudies />
      </div>
    </div>
  );
}
