import type { CaseStudyCard as Card } from '~/utils/content/schema';
import { SectionHeading } from '../ui/SectionHeading';
import { CaseStudyCard } from './CaseStudyCard';

export function CaseStudiesSection({ cards }: { cards: Card[] }) {
  return (
    <section id="work" aria-labelledby="work-title" className="border-b border-border">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-6 sm:py-28 lg:px-8">
        <SectionHeading id="work-title" eyebrow="Selected work" title="Case Studies">
          <p>How I turn research into products people love to use — and the numbers that moved because of it.</p>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <li key={card.slug} className="flex">
              <CaseStudyCard card={card} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
