import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CaseStudyBody } from '~/components/case-study/CaseStudyBody';
import { CaseStudyFooter } from '~/components/case-study/CaseStudyFooter';
import { CaseStudyHeader } from '~/components/case-study/CaseStudyHeader';
import { BackToCaseStudies } from '~/components/case-study/BackToCaseStudies';
import { LockedCaseStudy } from '~/components/case-study/LockedCaseStudy';
import { NOT_FOUND_META, NotFound } from '~/components/layout/NotFound';
import { JsonLd } from '~/components/ui';
import { caseStudyAction, caseStudyLoader } from './case-study.$slug.server';
import { loaderAndActionHeaders } from '~/http/route-headers';
import { loadAsDocument } from '~/utils/load-as-document';

export const loader = caseStudyLoader;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

// A private case study's password form posts here.
export const action = caseStudyAction;

// A private case study's no-store and noindex, for the page and its data requests alike.
export const headers = loaderAndActionHeaders;

// Built by the loader, on the server; no data means no such case study (a 404).
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? NOT_FOUND_META;

export default function CaseStudyPage() {
  const data = useLoaderData<typeof loader>();
  if (!data) return <NotFound />;
  const { caseStudy, locked, jsonLd, more, layout, words } = data;
  return (
    <main id="main">
      {jsonLd ? <JsonLd json={jsonLd} /> : null}
      <div className="mx-auto max-w-6xl px-5 pt-8 sm:px-6 sm:pt-10 lg:px-8">
        <BackToCaseStudies />
      </div>
      {caseStudy ? (
        <>
          <CaseStudyHeader caseStudy={caseStudy} />
          <CaseStudyBody html={caseStudy.html} sections={caseStudy.sections} />
        </>
      ) : (
        // The loader sends locked whenever it sends no caseStudy.
        <LockedCaseStudy caseStudy={locked!} words={words.locked} />
      )}
      <CaseStudyFooter more={more} layout={layout} words={words} />
    </main>
  );
}
