import { Link } from '@remix-run/react';
import type { CaseStudyCard as Card } from '~/content/schema';
import { CardBadges } from './CardBadges';
import { ResponsiveImage } from './ResponsiveImage';
import { TagList } from './TagList';

/** The image's width: seven twelfths of the row from lg, else the column (minus padding). */
const FEATURED_IMAGE_SIZES =
  '(min-width: 1152px) 620px, (min-width: 1024px) calc((100vw - 64px) * 0.57), (min-width: 640px) calc(100vw - 48px), calc(100vw - 40px)';

/**
 * Her first case study (the lowest `order`), full width: its image beside
 * its words from 1024 px, above them on smaller screens, with everything a
 * card says and more room for it. Like a card, one big link when it has a
 * page (.case-study-featured, app/styles/cards.css), plain content when it
 * is coming soon, and a private one keeps its lock.
 */
export function CaseStudyFeatured({ card }: { card: Card }) {
  const navigable = card.href !== null;
  return (
    <article data-state={navigable ? 'link' : 'coming-soon'} className="case-study-featured group">
      <div className="relative aspect-[16/10] overflow-hidden border-b border-border bg-bg-muted lg:aspect-auto lg:border-r lg:border-b-0">
        <ResponsiveImage
          image={{
            src: card.image,
            alt: card.alt,
            focus: card.focus,
            width: card.imageWidth,
            height: card.imageHeight,
            sources: card.imageSources,
          }}
          sizes={FEATURED_IMAGE_SIZES}
          className="h-full w-full object-cover transition-transform duration-500 group-has-[a:hover]:scale-[1.03] lg:absolute lg:inset-0"
        />
      </div>
      <div className="flex flex-col p-6 sm:p-8 lg:p-10">
        <TagList tags={card.tags} />
        <h3 className="mt-5 text-2xl font-semibold tracking-[-0.02em] text-balance sm:text-3xl">
          {navigable ? (
            <Link to={card.href!} className="rounded-sm after:absolute after:inset-0 focus-visible:outline-none">
              {card.title}
              {card.private ? <span className="sr-only"> (private: password needed)</span> : null}
            </Link>
          ) : (
            card.title
          )}
        </h3>
        <p className="mt-3 text-lg leading-relaxed text-pretty text-fg-muted">{card.description}</p>
        <p className="mt-5 leading-relaxed text-fg">
          <span className="font-semibold">Impact:</span> {card.impact}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {card.role} · {card.timeline}
        </p>
        <div className="mt-8 flex flex-wrap items-center gap-3 lg:mt-auto lg:pt-8">
          <CardBadges navigable={navigable} locked={card.private} />
        </div>
      </div>
    </article>
  );
}
