import type { CaseStudyCard as Card } from '~/utils/content/schema';
import { SectionHeading } from '../ui/SectionHeading';
import { CARD_ROWS, CaseStudyCard } from './CaseStudyCard';

export function CaseStudiesSection({ cards }: { cards: Card[] }) {
  return (
    <section id="work" aria-labelledby="work-title" className="border-b border-border">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-6 sm:py-28 lg:px-8">
        <SectionHeading id="work-title" eyebrow="Selected work" title="Case Studies">
          <p>How I turn research into products people love to use — and the numbers that moved because of it.</p>
        </SectionHeading>
        {/*
          Each card spans CARD_ROWS of the list's grid and shares them through
          subgrid, so the parts of cards side by side line up even when one
          card's tags wrap. With no row gaps, cards are spaced by padding.
          A lone last card in the two-column layout is centred, not left behind.
        */}
        <ul className="mt-12 -mb-6 grid gap-x-6 md:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <li
              key={card.slug}
              className={`${CARD_ROWS} pb-6 md:last:odd:col-span-2 md:last:odd:w-[calc(50%-0.75rem)] md:last:odd:justify-self-center lg:last:odd:col-span-1 lg:last:odd:w-auto lg:last:odd:justify-self-stretch`}
            >
              <CaseStudyCard card={card} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
