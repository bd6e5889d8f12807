import type { CaseStudyCard as Card } from '~/content/schema';
import type { WorkLayout } from '~/look/look';
import { CaseStudyGrid } from './CaseStudyCard';
import { CaseStudyFeatured } from './CaseStudyFeatured';
import { CaseStudyList } from './CaseStudyList';

/**
 * Her case studies in the layout of her look: the cards (the site's
 * original, unchanged to the byte), the first one featured and the rest as
 * cards, or a plain list. The cards come in her order (lowest `order` first,
 * as the build sorts them), so the featured one is the first. The rest are
 * three to a row from 1024 px when they fill the rows, else two (the
 * sample's three case studies leave two after the featured one).
 */
export function CaseStudyWork({ cards, layout, className = '' }: { cards: Card[]; layout: WorkLayout; className?: string }) {
  if (layout === 'list') return <CaseStudyList cards={cards} className={className} />;
  const [first, ...rest] = cards;
  if (layout === 'featured' && first) {
    return (
      <div data-work-layout="featured" className={className}>
        <CaseStudyFeatured card={first} />
        {rest.length > 0 ? <CaseStudyGrid cards={rest} className={rest.length % 3 === 0 ? 'mt-6' : 'case-study-grid-two mt-6'} /> : null}
      </div>
    );
  }
  return <CaseStudyGrid cards={cards} className={className} />;
}
