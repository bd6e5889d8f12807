import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CaseStudyBody } from '~/components/case-study/CaseStudyBody';
import { CaseStudyFooter } from '~/components/case-study/CaseStudyFooter';
import { CaseStudyHeader } from '~/components/case-study/CaseStudyHeader';
import { BackToCaseStudies } from '~/components/case-study/BackToCaseStudies';
import { JsonLd } from '~/components/seo/JsonLd';
import { getCaseStudy, getSite } from '~/utils/content.server';
import { notFoundMeta, pageMeta, useSiteUrl } from '~/utils/seo';
import { caseStudySocialCard } from '~/utils/social-image';
import { caseStudyJsonLd } from '~/utils/structured-data';

export function loader({ params }: LoaderFunctionArgs) {
  const caseStudy = getCaseStudy(params.slug ?? '');
  if (!caseStudy) {
    console.warn(`404 Not Found: /case-study/${params.slug}`);
    throw new Response('Not Found', { status: 404 });
  }
  const { name, role } = getSite();
  return { caseStudy, author: { name, role } };
}

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return notFoundMeta();
  const { caseStudy, author } = args.data;
  return pageMeta(args, {
    title: `${caseStudy.title} — Case study by ${author.name}`,
    description: caseStudy.page.summary,
    type: 'article',
    image: caseStudySocialCard(caseStudy, author),
  });
};

export default function CaseStudyPage() {
  const { caseStudy, author } = useLoaderData<typeof loader>();
  const siteUrl = useSiteUrl();
  return (
    <main id="main">
      <JsonLd data={caseStudyJsonLd(caseStudy, author, { siteUrl, image: caseStudySocialCard(caseStudy, author).path })} />
      <div className="mx-auto max-w-6xl px-5 pt-8 sm:px-6 sm:pt-10 lg:px-8">
        <BackToCaseStudies />
      </div>
      <CaseStudyHeader caseStudy={caseStudy} />
      <CaseStudyBody html={caseStudy.html} sections={caseStudy.sections} />
      <CaseStudyFooter />
    </main>
  );
}
