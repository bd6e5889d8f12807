import { Link } from '@remix-run/react';
import type { PageTeaser, Site } from '~/content/schema';
import { SectionHeading } from '~/components/ui/SectionHeading';

/**
 * Her pages on the home page, when she shows the section: a teaser of each
 * (its title as the link, its description), in the menu's order. No page, no
 * section. Text only, so it costs no image bytes and cannot shift.
 */
export function PagesSection({ pages, words }: { pages: PageTeaser[]; words: Site['pagesSection'] }) {
  if (pages.length === 0) return null;
  return (
    <section id="pages" aria-labelledby="pages-title" className="border-b border-border">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-6 sm:py-28 lg:px-8">
        <SectionHeading id="pages-title" eyebrow={words.eyebrow} title={words.title}>
          <p>{words.subtitle}</p>
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {pages.map((page) => (
            <li
              key={page.href}
              data-page-teaser
              className="group relative rounded-2xl border border-border bg-bg p-6 transition-colors has-[a:hover]:border-fg-muted/40 has-[a:hover]:bg-bg-subtle"
            >
              <h3 className="text-xl font-semibold tracking-tight text-balance">
                <Link
                  to={page.href}
                  className="rounded-sm group-has-[a:hover]:text-accent after:absolute after:inset-0 focus-visible:outline-none"
                >
                  {page.title}
                </Link>
              </h3>
              <p className="mt-2 leading-relaxed text-pretty text-fg-muted">{page.description}</p>
              <p aria-hidden="true" className="mt-4 text-sm font-medium text-accent">
                Read more →
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
