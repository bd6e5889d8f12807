import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ArrowLeftIcon, LinkedInIcon, MailIcon } from '~/components/ui';
import { DownloadIcon, GlobeIcon, MapPinIcon } from './icons';

import { RESUME_PDF_PATH, resumeFileName } from '~/content/resume-file-name';

export { RESUME_PDF_PATH };

type Props = {
  name: string;
  headline: string;
  location: string;
  email: string;
  linkedin: string;
  website: string;
  downloadLabel: string;
};

const displayUrl = (url: string) => url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');

function ContactLink({
  href,
  icon,
  children,
  external,
  printUrl,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
  external?: boolean;
  printUrl?: string;
}) {
  return (
    <a
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      data-print-url={printUrl}
      className="group inline-flex max-w-full items-center gap-2 rounded-sm text-fg transition-colors hover:text-accent"
    >
      <span className="text-fg-muted transition-colors group-hover:text-accent">{icon}</span>
      <span className="min-w-0 break-words underline decoration-border decoration-1 underline-offset-4 group-hover:decoration-current">
        {children}
      </span>
      {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}

export function BackToHome({ label }: { label: string }) {
  return (
    <Link
      to="/"
      data-print="hide"
      className="group inline-flex items-center gap-2 rounded-sm text-sm font-medium text-fg-muted transition-colors hover:text-fg"
    >
      <ArrowLeftIcon width={18} height={18} className="transition-transform group-hover:-translate-x-0.5" />
      {label}
    </Link>
  );
}

export function ResumeHeader({ name, headline, location, email, linkedin, website, downloadLabel }: Props) {
  return (
    <header className="resume-header pt-8 pb-10 sm:pt-12 sm:pb-12">
      <div className="flex flex-col gap-7 md:flex-row md:items-end md:justify-between md:gap-10">
        <div className="min-w-0">
          <h1 dir="auto" className="text-4xl font-semibold tracking-tight text-balance text-fg sm:text-5xl">
            {name}
          </h1>
          <p dir="auto" className="mt-3 text-lg text-fg-muted sm:text-xl">
            {headline}
          </p>
          <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-fg-muted">
            <MapPinIcon width={16} height={16} />
            <bdi>{location}</bdi>
          </p>
        </div>
        <a
          href={RESUME_PDF_PATH}
          download={resumeFileName(name)}
          data-print="hide"
          className="inline-flex h-12 shrink-0 items-center justify-center gap-2 self-start rounded-full bg-accent px-6 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover md:self-auto"
        >
          <DownloadIcon width={18} height={18} />
          {downloadLabel}
        </a>
      </div>
      <ul className="mt-8 flex flex-col gap-3 text-[0.9375rem] sm:flex-row sm:flex-wrap sm:gap-x-7" aria-label="Contact">
        <li className="min-w-0">
          <ContactLink href={`mailto:${email}`} icon={<MailIcon width={18} height={18} />}>
            {email}
          </ContactLink>
        </li>
        <li>
          <ContactLink href={linkedin} icon={<LinkedInIcon width={18} height={18} />} external printUrl={displayUrl(linkedin)}>
            LinkedIn
          </ContactLink>
        </li>
        <li className="min-w-0">
          <ContactLink href={website} icon={<GlobeIcon width={18} height={18} />} external>
            {displayUrl(website)}
          </ContactLink>
        </li>
      </ul>
    </header>
  );
}
