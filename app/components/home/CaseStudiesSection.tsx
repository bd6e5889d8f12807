import type { CaseStudyCard as Card, Site } from '~/content/schema';
import { CaseStudyGrid } from '~/components/ui';
import { SectionHeading } from '~/components/ui/SectionHeading';

export function CaseStudiesSection({ cards, words }: { cards: Card[]; words: Site['work'] }) {
  return (
    <section id="work" aria-labelledby="work-title" className="border-b border-border">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-6 sm:py-28 lg:px-8">
        <SectionHeading id="work-title" eyebrow={words.eyebrow} title={words.title}>
          <p>{words.subtitle}</p>
        </SectionHeading>
        <CaseStudyGrid cards={cards} className="mt-12" />
      </div>
    </section>
  );
}
