import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CredentialList } from '~/components/resume/CredentialList';
import { ExperienceTimeline } from '~/components/resume/ExperienceTimeline';
import { BackToHome, ResumeHeader } from '~/components/resume/ResumeHeader';
import { ResumeSection } from '~/components/resume/ResumeSection';
import { ResumeSummary } from '~/components/resume/ResumeSummary';
import { SkillGroups } from '~/components/resume/SkillGroups';
import { resumeLoader } from './resume.server';
import { loadAsDocument } from '~/utils/load-as-document';

export const loader = resumeLoader;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

// Built by the loader, on the server.
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: 'Resume' }];

export default function ResumePage() {
  const { site, resume, words } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="resume mx-auto w-full max-w-4xl px-5 pt-8 pb-10 sm:px-6 sm:pt-10 sm:pb-14 lg:px-8">
      <BackToHome label={words.backLink} />
      <ResumeHeader
        name={site.name}
        headline={resume.headline}
        location={resume.location}
        email={site.email}
        linkedin={site.linkedin}
        website={site.website}
        downloadLabel={words.download}
      />
      <ResumeSection id="summary" title={words.summaryTitle}>
        <ResumeSummary html={resume.summaryHtml} />
      </ResumeSection>
      <ResumeSection id="experience" title={words.experienceTitle}>
        <ExperienceTimeline roles={resume.experience} />
      </ResumeSection>
      <ResumeSection id="education" title={words.educationTitle}>
        <CredentialList items={resume.education.map((e) => ({ key: e.degree, title: e.degree, detail: e.school, aside: e.year }))} />
      </ResumeSection>
      <ResumeSection id="skills" title={words.skillsTitle}>
        <SkillGroups groups={resume.skills} />
      </ResumeSection>
      {resume.certifications.length > 0 ? (
        <ResumeSection id="certifications" title={words.certificationsTitle}>
          <CredentialList items={resume.certifications.map((c) => ({ key: c.name, title: c.name, detail: c.issuer, aside: c.year }))} />
        </ResumeSection>
      ) : null}
      <ResumeSection id="languages" title={words.languagesTitle}>
        <CredentialList columns items={resume.languages.map((l) => ({ key: l.name, title: l.name, detail: l.level }))} />
      </ResumeSection>
    </main>
  );
}
