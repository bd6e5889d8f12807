import { CaseStudyBody } from '~/components/case-study/CaseStudyBody';
import type { Page } from '~/content/schema';

/** A page of her own: its title, its description as the lead, and its story with the same blocks as a case study's. Its route and the editor's preview draw it alike. */
export function OwnPageView({ page }: { page: Pick<Page, 'title' | 'description' | 'html' | 'sections'> }) {
  return (
    <>
      <header className="mx-auto max-w-6xl px-5 pt-12 pb-10 sm:px-6 sm:pt-16 lg:px-8">
        <h1 className="max-w-4xl text-4xl leading-[1.08] font-semibold tracking-[-0.03em] text-balance sm:text-5xl lg:text-6xl">
          {page.title}
        </h1>
        <p className="mt-6 max-w-3xl text-lg leading-relaxed text-pretty text-fg-muted sm:text-xl">{page.description}</p>
      </header>
      {page.html ? <CaseStudyBody html={page.html} sections={page.sections} /> : null}
    </>
  );
}
