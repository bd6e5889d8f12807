import { Link } from '@remix-run/react';
import type { CaseStudyCard as Card } from '~/content/schema';
import { CardBadges } from './CardBadges';
import { ResponsiveImage } from './ResponsiveImage';
import { TagList } from './TagList';

/** The card's width: a third of the grid from lg, half from md, else the column (minus padding and gaps). */
const CARD_IMAGE_SIZES =
  '(min-width: 1152px) 347px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 768px) calc((100vw - 72px) / 2), (min-width: 640px) calc(100vw - 48px), calc(100vw - 40px)';

/** The parts below the image are inset from the card's edges by this. */
const INSET = 'mx-6';

/**
 * A card with a page is one big link (the title's link stretches over it);
 * a Coming Soon card is plain content, with no link at all. Its frame, hover
 * and subgrid rows are .case-study-card (app/styles/cards.css).
 */
export function CaseStudyCard({ card }: { card: Card }) {
  const navigable = card.href !== null;
  return (
    <article data-state={navigable ? 'link' : 'coming-soon'} className="case-study-card group">
      <div className="relative aspect-[16/10] overflow-hidden border-b border-border bg-bg-muted">
        <ResponsiveImage
          image={{
            src: card.image,
            alt: card.alt,
            focus: card.focus,
            width: card.imageWidth,
            height: card.imageHeight,
            sources: card.imageSources,
          }}
          sizes={CARD_IMAGE_SIZES}
          className="h-full w-full object-cover transition-transform duration-500 group-has-[a:hover]:scale-[1.03]"
        />
      </div>
      <div className={`${INSET} mt-6`}>
        <TagList tags={card.tags} />
      </div>
      <h3 className={`${INSET} mt-4 text-xl font-semibold tracking-tight text-balance`}>
        {card.href !== null ? (
          <Link to={card.href} className="rounded-sm after:absolute after:inset-0 focus-visible:outline-none">
            {card.title}
            {card.private ? <span className="sr-only"> (private: password needed)</span> : null}
          </Link>
        ) : (
          card.title
        )}
      </h3>
      <div className={`${INSET} mt-2`}>
        <p className="leading-relaxed text-pretty text-fg-muted">{card.description}</p>
        <p className="mt-4 text-sm leading-relaxed text-fg">
          <span className="font-semibold">Impact:</span> {card.impact}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {card.role} · {card.timeline}
        </p>
      </div>
      <div className={`${INSET} mt-6 mb-6 flex flex-wrap items-center gap-3 self-end`}>
        <CardBadges navigable={navigable} locked={card.private} />
      </div>
    </article>
  );
}

/**
 * The cards in a grid: three columns from 1024 px, two from 768 px. Each card
 * spans the five rows of the list's grid and shares them through subgrid, so the
 * parts of cards side by side line up even when one card's tags wrap. With
 * no row gaps, cards are spaced by padding. A lone last card in the
 * two-column layout is centred, not left behind. The rules are in
 * app/styles/cards.css: as CSS they cost the home page's JavaScript nothing.
 */
export function CaseStudyGrid({ cards, className = '' }: { cards: Card[]; className?: string }) {
  return (
    <ul className={`case-study-grid ${className}`}>
      {cards.map((card) => (
        <li key={card.slug} className="case-study-grid-item">
          <CaseStudyCard card={card} />
        </li>
      ))}
    </ul>
  );
}
