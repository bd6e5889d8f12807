import type { ResponsiveImage as ResponsiveImageData, Site } from '~/content/schema';
import { ResponsiveImage } from '~/components/ui';
import { SectionHeading } from '~/components/ui/SectionHeading';
import { HighlightFigures } from './Highlights';

/** The photo's width: 5/12 of the grid beside the text from lg, else the column, at most max-w-sm (384 px). */
const PHOTO_SIZES =
  '(min-width: 1152px) 427px, (min-width: 1024px) calc((100vw - 128px) * 5 / 12), (min-width: 424px) 384px, calc(100vw - 40px)';

/** `highlights`: her figures when they come right after this section (else they are a section of their own, or hidden). */
export function AboutSection({
  about,
  photo,
  highlights,
}: {
  about: Site['about'];
  photo: ResponsiveImageData;
  highlights: Site['about']['highlights'];
}) {
  return (
    <section id="about" aria-labelledby="about-title" className="border-b border-border bg-bg-subtle">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-20 sm:px-6 sm:py-28 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-center lg:gap-16 lg:px-8">
        {/* Side by side only from lg: at tablet width the text column would be too narrow for the figures. */}
        <div className="mx-auto w-full max-w-sm md:mx-0 lg:max-w-none">
          <ResponsiveImage
            image={photo}
            sizes={PHOTO_SIZES}
            // On phones (412 × 823) its top shows above the fold and it is the LCP element: see ResponsiveImage.
            priority
            className="aspect-[4/5] h-auto w-full rounded-3xl border border-border bg-bg-muted object-cover shadow-sm"
          />
        </div>
        <div className="w-full max-w-2xl lg:max-w-none">
          <SectionHeading id="about-title" eyebrow={about.eyebrow} title={about.title} />
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-pretty text-fg-muted">
            {about.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          {highlights.length > 0 ? <HighlightFigures highlights={highlights} className="mt-10" /> : null}
          <h3 className="mt-10 text-sm font-semibold tracking-[0.14em] text-fg uppercase">{about.interestsTitle}</h3>
          <ul className="mt-4 flex flex-wrap gap-2">
            {about.interests.map((interest) => (
              <li key={interest} className="rounded-full border border-border bg-bg px-3.5 py-1.5 text-sm font-medium text-fg">
                {interest}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
