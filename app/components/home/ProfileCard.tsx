import type { Site } from '~/content/schema';
import { ResponsiveImage } from '~/components/ui';

/** The hero's portrait card, on wide screens only (on phones: PhonePortrait, if she wants it there; the contact section repeats the photo). */
export function ProfileCard({ site }: { site: Site }) {
  const photo = site.photos.profile;
  return (
    <figure className="relative hidden lg:block" aria-label={`${site.name}, ${site.role}`}>
      <div
        aria-hidden="true"
        className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-br from-accent-200/60 via-transparent to-transparent blur-2xl dark:from-accent-800/40"
      />
      <div className="rotate-[1.5deg] rounded-[2rem] border border-border bg-bg p-3 shadow-xl transition-transform duration-500 hover:rotate-0">
        <ResponsiveImage
          image={photo}
          // Lazy, not high priority: it is never the LCP (the h1 is larger at ≥1024 px), and a lazy
          // image that is display: none (phones) is never fetched.
          sizes="274px"
          className="aspect-square h-auto w-full rounded-[1.5rem] bg-bg-muted object-cover"
        />
        <figcaption className="px-2 pt-4 pb-2">
          <p dir="auto" className="font-semibold tracking-tight">
            {site.name}
          </p>
          <p className="text-sm text-fg-muted">{site.role}</p>
          <p className="text-sm text-fg-muted">{site.location}</p>
        </figcaption>
      </div>
    </figure>
  );
}

/**
 * Her portrait on screens narrower than 1024 px, when her look asks for it
 * (`portraitOnPhones`): small, beside her name, above the hero's headline,
 * so the headline stays in the first screen of a phone. Square, cropped on
 * her focal point like the card; its box is sized by CSS (size-16), so the
 * page does not shift while it loads. Lazy: it is far smaller than the
 * headline, never the LCP, and at 1024 px and up (display: none) it is
 * never fetched.
 */
export function PhonePortrait({ site }: { site: Site }) {
  return (
    <figure data-phone-portrait className="mb-7 flex items-center gap-4 lg:hidden" aria-label={`${site.name}, ${site.role}`}>
      <ResponsiveImage
        image={site.photos.profile}
        sizes="64px"
        className="size-16 shrink-0 rounded-2xl border border-border bg-bg-muted object-cover shadow-sm"
      />
      <figcaption className="min-w-0">
        <p dir="auto" className="font-semibold tracking-tight">
          {site.name}
        </p>
        <p className="text-sm text-fg-muted">
          {site.role} · {site.location}
        </p>
      </figcaption>
    </figure>
  );
}
