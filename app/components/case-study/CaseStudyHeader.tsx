import type { CaseStudy } from '~/content/schema';
import { ResponsiveImage, TagList } from '~/components/ui';
// Only this route shows it in the browser (the story's Metrics block is rendered at build time).
import { MetricTile } from '~/components/ui/MetricTile';

/** Full width of the header: max-w-6xl (1152 px) less its padding. */
const HERO_SIZES =
  '(min-width: 1152px) 1088px, (min-width: 1024px) calc(100vw - 64px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 40px)';

type HeroFields = Pick<CaseStudy, 'image' | 'alt' | 'focus' | 'imageWidth' | 'imageHeight' | 'imageSources'>;

/** The case study's card image, full width: the page's largest paint on a phone, so it loads first. */
export function CaseStudyHeroImage({ caseStudy, className }: { caseStudy: HeroFields; className: string }) {
  return (
    <ResponsiveImage
      image={{
        src: caseStudy.image,
        alt: caseStudy.alt,
        focus: caseStudy.focus,
        width: caseStudy.imageWidth,
        height: caseStudy.imageHeight,
        sources: caseStudy.imageSources,
      }}
      sizes={HERO_SIZES}
      priority
      className={`${className} aspect-[16/10] h-auto w-full rounded-3xl border border-border bg-bg-muted object-cover shadow-sm`}
    />
  );
}

/** A case study's tags, title and lead: the same on its page and on its lock screen. */
export function CaseStudyHeading({ tags, title, lead }: { tags: string[]; title: string; lead: string }) {
  return (
    <>
      <TagList tags={tags} />
      <h1 className="mt-5 max-w-4xl text-4xl leading-[1.08] font-semibold tracking-[-0.03em] text-balance sm:text-5xl lg:text-6xl">
        {title}
      </h1>
      <p className="mt-6 max-w-3xl text-lg leading-relaxed text-pretty text-fg-muted sm:text-xl">{lead}</p>
    </>
  );
}

export function CaseStudyHeader({ caseStudy }: { caseStudy: CaseStudy }) {
  const { page } = caseStudy;
  const facts = [
    { label: 'Role', value: caseStudy.role },
    { label: 'Client', value: page.client },
    { label: 'Timeline', value: page.timeline },
    { label: 'Team', value: page.team.join(', ') },
  ];
  return (
    <header className="mx-auto max-w-6xl px-5 pt-8 pb-12 sm:px-6 sm:pt-12 lg:px-8">
      <CaseStudyHeading tags={caseStudy.tags} title={caseStudy.title} lead={page.summary} />

      <dl className="mt-10 grid grid-cols-2 gap-x-6 gap-y-6 border-y border-border py-6 md:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-xs font-semibold tracking-[0.14em] text-fg-muted uppercase">{fact.label}</dt>
            <dd className="mt-1.5 font-medium">{fact.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-label="Impact" className="mt-8">
        <dl className="grid grid-cols-2 gap-3 sm:gap-4">
          {page.outcomes.map((outcome) => (
            <MetricTile key={outcome.label} value={outcome.value} label={outcome.label} />
          ))}
        </dl>
      </section>

      <CaseStudyHeroImage caseStudy={caseStudy} className="mt-10" />
    </header>
  );
}
