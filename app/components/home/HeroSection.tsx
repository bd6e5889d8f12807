import type { Site } from '~/content/schema';
import { homeNav } from '~/content/home-sections';
import { ArrowRightIcon, ButtonLink } from '~/components/ui';
import { layoutOf } from '~/look/look';
import { PhonePortrait, ProfileCard } from './ProfileCard';
import { Spotlight } from './Spotlight';

export function HeroSection({ site }: { site: Site }) {
  const { hero } = site;
  // Her buttons follow her sections: none to a hidden case studies section, and the contact form where it is.
  const links = homeNav(site.home);
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden border-b border-border">
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10" />
      <Spotlight />
      <div className="mx-auto grid max-w-6xl items-center gap-16 px-5 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28 lg:grid-cols-[minmax(0,1fr)_300px] lg:px-8 lg:pt-28 lg:pb-32">
        <div>
          {layoutOf(site.look).portraitOnPhones ? <PhonePortrait site={site} /> : null}
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-bg/80 py-1 pr-3.5 pl-2.5 text-sm font-medium text-fg-muted shadow-xs backdrop-blur">
            <span className="relative flex size-2" aria-hidden="true">
              <span className="absolute inline-flex size-full rounded-full bg-amber-500 opacity-60 motion-safe:animate-ping" />
              <span className="relative inline-flex size-2 rounded-full bg-amber-500" />
            </span>
            {hero.badge}
          </p>
          <h1
            id="hero-title"
            className="mt-6 max-w-4xl text-[2.5rem] leading-[1.05] font-semibold tracking-[-0.035em] text-balance sm:text-6xl lg:text-7xl"
          >
            {hero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-fg-muted sm:text-xl">{hero.subtitle}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center">
            {links.caseStudies ? (
              <ButtonLink href="#work" scrollLink>
                {hero.workButton}
                <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
              </ButtonLink>
            ) : null}
            <ButtonLink href={links.contact === '/#contact' ? '#contact' : links.contact} variant="secondary" scrollLink>
              {hero.contactButton}
            </ButtonLink>
          </div>
        </div>
        <ProfileCard site={site} />
      </div>
    </section>
  );
}
