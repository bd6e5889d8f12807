import type { CaseStudyCard as Card, Site } from '~/content/schema';
import { CaseStudyWork } from '~/components/ui';
import { DEFAULT_LOOK, type WorkLayout } from '~/look/look';
import { SectionHeading } from '~/components/ui/SectionHeading';

export function CaseStudiesSection({
  cards,
  words,
  layout = DEFAULT_LOOK.workLayout,
}: {
  cards: Card[];
  words: Site['work'];
  /** The layout of her look: cards, one featured, or a plain list. */
  layout?: WorkLayout;
}) {
  return (
    <section id="work" aria-labelledby="work-title" className="border-b border-border">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-6 sm:py-28 lg:px-8">
        <SectionHeading id="work-title" eyebrow={words.eyebrow} title={words.title}>
          <p>{words.subtitle}</p>
        </SectionHeading>
        <CaseStudyWork cards={cards} layout={layout} className="mt-12" />
      </div>
    </section>
  );
}
