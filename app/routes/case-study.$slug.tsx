import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CaseStudyBody } from '~/components/case-study/CaseStudyBody';
import { CaseStudyFooter } from '~/components/case-study/CaseStudyFooter';
import { CaseStudyHeader } from '~/components/case-study/CaseStudyHeader';
import { BackToCaseStudies } from '~/components/case-study/BackToCaseStudies';
import { getCaseStudy, getSite } from '~/utils/content.server';

export function loader({ params }: LoaderFunctionArgs) {
  const caseStudy = getCaseStudy(params.slug ?? '');
  if (!caseStudy) {
    console.warn(`404 Not Found: /case-study/${params.slug}`);
    throw new Response('Not Found', { status: 404 });
  }
  return { caseStudy, authorName: getSite().name };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.caseStudy.title} — Case study by ${data.authorName}` },
        { name: 'description', content: data.caseStudy.page.summary },
      ]
    : [{ title: 'Page not found' }];

export default function CaseStudyPage() {
  const { caseStudy } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <div className="mx-auto max-w-6xl px-5 pt-8 sm:px-6 sm:pt-10 lg:px-8">
        <BackToCaseStudies />
      </div>
      <CaseStudyHeader caseStudy={caseStudy} />
      <CaseStudyBody html={caseStudy.html} sections={caseStudy.sections} />
      <CaseStudyFooter />
    </main>
  );
}
