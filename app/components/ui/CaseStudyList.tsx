import { Link } from '@remix-run/react';
import type { CaseStudyCard as Card } from '~/content/schema';
import { PrivateBadge } from './CardBadges';
import { timelineLabel } from '~/content/timeline-years';
import { ArrowRightIcon, ClockIcon } from './icons';

/**
 * Her work as a plain list: one row each, the years (or the timeline as
 * she wrote it, when it names none), the title, her role and the card's
 * sentence. No images: the list is for reading down. A row with a page is
 * one big link, as a card is (.case-study-row, app/styles/cards.css); a
 * private one keeps its lock, a coming-soon one says so in the link's place.
 */
export function CaseStudyList({ cards, className = '' }: { cards: Card[]; className?: string }) {
  return (
    <ul data-work-layout="list" className={`case-study-list ${className}`}>
      {cards.map((card) => {
        const navigable = card.href !== null;
        return (
          <li key={card.slug} data-state={navigable ? 'link' : 'coming-soon'} className="case-study-row group">
            <p className="text-sm font-medium text-fg-muted tabular-nums sm:pt-1">{timelineLabel(card.timeline)}</p>
            <div className="min-w-0">
              <h3 className="text-lg font-semibold tracking-tight text-balance sm:text-xl">
                {navigable ? (
                  <Link to={card.href!} className="rounded-sm after:absolute after:inset-0 focus-visible:outline-none">
                    {card.title}
                    {card.private ? <span className="sr-only"> (private: password needed)</span> : null}
                  </Link>
                ) : (
                  card.title
                )}
              </h3>
              <p className="mt-0.5 text-sm text-fg-muted">{card.role}</p>
              <p className="mt-2 leading-relaxed text-pretty text-fg-muted">{card.description}</p>
            </div>
            <div className="flex items-center gap-3 sm:justify-end sm:pt-0.5">
              {card.private ? <PrivateBadge /> : null}
              {navigable ? (
                <ArrowRightIcon
                  aria-hidden="true"
                  className="hidden size-5 text-fg-muted transition-transform group-has-[a:hover]:translate-x-0.5 group-has-[a:hover]:text-accent sm:block"
                />
              ) : (
                <span className="case-study-card-soon">
                  <ClockIcon className="size-4" />
                  Coming Soon
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
