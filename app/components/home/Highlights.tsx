import type { Site } from '~/content/schema';

type HighlightList = Site['about']['highlights'];

/** Her figures ("12+ years in UX"): a description list, the figure above its label. */
export function HighlightFigures({ highlights, className }: { highlights: HighlightList; className: string }) {
  return (
    <dl className={`${className} grid grid-cols-3 gap-4 border-y border-border py-6`}>
      {highlights.map((highlight) => (
        <div key={highlight.label} className="flex flex-col gap-1">
          <dt className="text-sm leading-snug text-fg-muted">{highlight.label}</dt>
          <dd className="order-first text-3xl font-semibold tracking-tight text-fg sm:text-4xl">{highlight.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Her figures as a section of their own, where she moved them away from the
 * about section (right after it, they stay inside it, as the site always had
 * them). Her content gives them no heading, so the section is named for
 * screen readers only.
 */
export function HighlightsSection({ highlights }: { highlights: HighlightList }) {
  if (highlights.length === 0) return null;
  return (
    <section id="highlights" aria-label="Highlights" className="border-b border-border">
      <div className="mx-auto max-w-6xl px-5 py-12 sm:px-6 sm:py-16 lg:px-8">
        <HighlightFigures highlights={highlights} className="mx-auto max-w-3xl" />
      </div>
    </section>
  );
}
