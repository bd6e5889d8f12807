import { ArrowRightIcon, ClockIcon, LockIcon } from './icons';

/** "Private" beside a locked case study's entry, in every layout of her work (the link's own words say it to screen readers). */
export function PrivateBadge() {
  return (
    <span aria-hidden="true" className="case-study-card-private">
      <LockIcon className="size-4" />
      Private
    </span>
  );
}

/**
 * What a card ends with: its button's face (the whole card is the link),
 * the private badge, or "Coming Soon" in the button's place, so it never
 * covers the artwork and says why there is no button.
 */
export function CardBadges({ navigable, locked }: { navigable: boolean; locked: boolean }) {
  return (
    <>
      {navigable ? (
        <span aria-hidden="true" className="case-study-card-cta">
          View Case Study
          <ArrowRightIcon className="size-4 transition-transform group-has-[a:hover]:translate-x-0.5" />
        </span>
      ) : null}
      {locked ? <PrivateBadge /> : null}
      {!navigable ? (
        <span className="case-study-card-soon">
          <ClockIcon className="size-4" />
          Coming Soon
        </span>
      ) : null}
    </>
  );
}
