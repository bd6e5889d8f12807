import type { Section } from '~/content/schema';
import storyStyles from '~/styles/story.css';

/**
 * The story, rendered from MDX to HTML at build time (trusted: it comes from
 * content/), beside its outline on desktop. The story column is 680 px; wide
 * and full-bleed blocks reach past it (app/styles/story.css, .story-layout).
 * Its blocks' behaviours (zoom, the before/after slider, embeds, videos) are
 * islands the page loads by their hooks (app/islands/boot.ts).
 */
export function CaseStudyBody({ html, sections }: { html: string; sections: Section[] }) {
  return (
    <div className="story-layout overflow-x-clip">
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-12 px-5 pb-16 sm:px-6 lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-16 lg:px-8">
        {/* A page of her own may have no "## " headings: then no outline, its column left empty so the story sits as in a case study. */}
        <nav aria-label="Sections" className={sections.length > 0 ? 'hidden lg:block' : 'hidden lg:invisible lg:block'} data-print="hide">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-[0.14em] text-fg-muted uppercase">On this page</p>
            <ol className="mt-4 space-y-1 border-l border-border">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px flex gap-2 border-l border-transparent py-1 pl-4 text-sm text-fg-muted transition-colors hover:border-fg hover:text-fg"
                  >
                    <span className="tabular-nums">{section.number}.</span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        {/*
          The story's own styles (block widths, slider, zoom viewer), linked
          here rather than in <head>: a stylesheet in the body holds back only
          what follows it, so the page header paints without waiting for it.
        */}
        <link rel="stylesheet" href={storyStyles} />
        <article
          className="story relative max-w-[42.5rem] text-[1.0625rem] leading-[1.75] text-fg-muted sm:text-lg"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </div>
  );
}
