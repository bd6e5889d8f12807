import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CredentialList } from '~/components/resume/CredentialList';
import { ExperienceTimeline } from '~/components/resume/ExperienceTimeline';
import { BackToHome, ResumeHeader } from '~/components/resume/ResumeHeader';
import { ResumeSection } from '~/components/resume/ResumeSection';
import { ResumeSummary } from '~/components/resume/ResumeSummary';
import { SkillGroups } from '~/components/resume/SkillGroups';
import { getResume, getSite } from '~/utils/content.server';
import { pageMeta } from '~/utils/seo';
import { resumeSocialCard } from '~/utils/social-image';

export function loader() {
  const { name, email, linkedin, website } = getSite();
  return { site: { name, email, linkedin, website }, resume: getResume() };
}

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return [{ title: 'Resume' }];
  const { site, resume } = args.data;
  return pageMeta(args, {
    title: `Resume — ${site.name}`,
    description: `Resume of ${site.name}, ${resume.headline} in ${resume.location}: experience, education, skills and a downloadable PDF.`,
    type: 'profile',
    image: resumeSocialCard(site.name, resume),
  });
};

export default function ResumePage() {
  const { site, resume } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="resume mx-auto w-full max-w-4xl px-5 pt-8 pb-10 sm:px-6 sm:pt-10 sm:pb-14 lg:px-8">
      <BackToHome />
      <ResumeHeader
        name={site.name}
        headline={resume.headline}
        location={resume.location}
        email={site.email}
        linkedin={site.linkedin}
        website={site.website}
      />
      <ResumeSection id="summary" title="Summary">
        <ResumeSummary html={resume.summaryHtml} />
      </ResumeSection>
      <ResumeSection id="experience" title="Professional Experience">
        <ExperienceTimeline roles={resume.experience} />
      </ResumeSection>
      <ResumeSection id="education" title="Education">
        <CredentialList
          items={resume.education.map((e) => ({ key: e.degree, title: e.degree, detail: e.school, aside: e.year }))}
        />
      </ResumeSection>
      <ResumeSection id="skills" title="Skills">
        <SkillGroups groups={resume.skills} />
      </ResumeSection>
      {resume.certifications.length > 0 ? (
        <ResumeSection id="certifications" title="Certifications">
          <CredentialList
            items={resume.certifications.map((c) => ({ key: c.name, title: c.name, detail: c.issuer, aside: c.year }))}
          />
        </ResumeSection>
      ) : null}
      <ResumeSection id="languages" title="Languages">
        <CredentialList columns items={resume.languages.map((l) => ({ key: l.name, title: l.name, detail: l.level }))} />
      </ResumeSection>
    </main>
  );
}
