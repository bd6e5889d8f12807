import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CaseStudyBody } from '~/components/case-study/CaseStudyBody';
import { NOT_FOUND_META, NotFound } from '~/components/layout/NotFound';
import { loadAsDocument } from '~/utils/load-as-document';
import { pageLoader } from './$slug.server';

export const loader = pageLoader;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

// Built by the loader, on the server; no data means no such page (a 404).
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? NOT_FOUND_META;

/** A page of her own: its title, its description as the lead, and its story with the same blocks as a case study's. */
export default function OwnPage() {
  const data = useLoaderData<typeof loader>();
  if (!data) return <NotFound />;
  const { page } = data;
  return (
    <main id="main">
      <header className="mx-auto max-w-6xl px-5 pt-12 pb-10 sm:px-6 sm:pt-16 lg:px-8">
        <h1 className="max-w-4xl text-4xl leading-[1.08] font-semibold tracking-[-0.03em] text-balance sm:text-5xl lg:text-6xl">
          {page.title}
        </h1>
        <p className="mt-6 max-w-3xl text-lg leading-relaxed text-pretty text-fg-muted sm:text-xl">{page.description}</p>
      </header>
      {page.html ? <CaseStudyBody html={page.html} sections={page.sections} /> : null}
    </main>
  );
}
