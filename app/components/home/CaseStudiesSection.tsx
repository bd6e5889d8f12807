import type { CaseStudyCard as Card } from '~/content/schema';
import { CaseStudyGrid } from '~/components/ui';
import { SectionHeading } from '../ui/SectionHeading';

export function CaseStudiesSection({ cards }: { cards: Card[] }) {
  return (
    <section id="work" aria-labelledby="work-title" className="border-b border-border">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-6 sm:py-28 lg:px-8">
        <SectionHeading id="work-title" eyebrow="Selected work" title="Case Studies">
          <p>How I turn research into products people love to use — and the numbers that moved because of it.</p>
        </SectionHeading>
        <CaseStudyGrid cards={cards} className="mt-12" />
      </div>
    </section>
  );
}
