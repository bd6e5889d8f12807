import type { CaseStudyCard, Site } from '~/content/schema';
import { ArrowRightIcon, ButtonLink, CaseStudyWork } from '~/components/ui';
import { useContactHref } from '~/components/contact/contact-href';
import { DEFAULT_LOOK, type WorkLayout } from '~/look/look';
import { BackToCaseStudies } from './BackToCaseStudies';

/**
 * The other case studies (as on the home page), then the invitation to get in
 * touch. In the layout of her work, except that none is featured here: below
 * a case study, whichever comes first of the others is no more hers to
 * feature than the rest, so the featured layout shows them as cards.
 */
export function CaseStudyFooter({
  more,
  words,
  layout = DEFAULT_LOOK.workLayout,
}: {
  more: CaseStudyCard[];
  words: Pick<Site, 'moreWork' | 'cta'>;
  layout?: WorkLayout;
}) {
  const contactHref = useContactHref();
  return (
    <div className="mx-auto max-w-6xl px-5 pb-20 sm:px-6 sm:pb-28 lg:px-8">
      {more.length > 0 ? (
        <section aria-labelledby="more-work-title" className="mb-16 border-t border-border pt-16 sm:mb-20 sm:pt-20" data-print="hide">
          <p className="text-sm font-semibold tracking-[0.16em] text-accent uppercase">{words.moreWork.eyebrow}</p>
          <h2 id="more-work-title" className="mt-3 text-3xl font-semibold tracking-[-0.025em] text-balance sm:text-4xl">
            {words.moreWork.title}
          </h2>
          <CaseStudyWork cards={more} layout={layout === 'list' ? 'list' : 'cards'} className="mt-10" />
        </section>
      ) : null}
      <div className="flex flex-col items-start gap-6 rounded-3xl border border-border bg-bg-subtle p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">{words.cta.title}</h2>
          <p className="mt-2 text-fg-muted">{words.cta.subtitle}</p>
        </div>
        <ButtonLink href={contactHref}>
          {words.cta.button}
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </ButtonLink>
      </div>
      <div className="mt-10">
        <BackToCaseStudies />
      </div>
    </div>
  );
}
