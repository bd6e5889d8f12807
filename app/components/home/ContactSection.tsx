import type { ReactNode } from 'react';
import type { Site } from '~/content/schema';
import { ContactForm } from '~/components/contact/ContactForm';
import { LinkedInIcon, MailIcon, ResponsiveImage } from '~/components/ui';
import { SectionHeading } from '~/components/ui/SectionHeading';

/**
 * `formAction`: where the form posts without JavaScript (the page it is on:
 * the home page unless said); `asPage`: the section is the page (/contact),
 * its heading the page's h1.
 */
export function ContactSection({ site, formAction, asPage = false }: { site: Site; formAction?: string; asPage?: boolean }) {
  const photo = site.photos.profile;
  const words = site.contact;
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-bg-subtle">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-20 sm:px-6 sm:py-28 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16 lg:px-8">
        <div>
          <SectionHeading id="contact-title" eyebrow={words.eyebrow} title={words.title} level={asPage ? 'h1' : 'h2'}>
            <p>{words.subtitle}</p>
          </SectionHeading>
          <div className="mt-10 flex items-center gap-4">
            <ResponsiveImage
              image={photo}
              sizes="80px"
              className="size-20 rounded-full border border-border bg-bg-muted object-cover shadow-sm"
            />
            <div>
              <p dir="auto" className="text-lg font-semibold tracking-tight">
                {site.name}
              </p>
              <p className="text-fg-muted">{site.role}</p>
            </div>
          </div>
          <ul className="mt-8 space-y-3">
            <li>
              <ContactLink href={`mailto:${site.email}`} icon={<MailIcon className="size-[18px]" />} textClassName="break-all">
                {site.email}
              </ContactLink>
            </li>
            <li>
              <ContactLink href={site.linkedin} icon={<LinkedInIcon className="size-[18px]" />} newTab>
                {words.linkedinLink}
                <span className="sr-only"> (opens in a new tab)</span>
              </ContactLink>
            </li>
          </ul>
        </div>
        <div className="rounded-3xl border border-border bg-bg p-6 shadow-sm sm:p-8">
          <ContactForm action={formAction} titleLevel={asPage ? 'h2' : 'h3'} />
        </div>
      </div>
    </section>
  );
}

/** A way to reach her: a round icon, then the address, underlined. */
function ContactLink({
  href,
  icon,
  newTab = false,
  textClassName = '',
  children,
}: {
  href: string;
  icon: ReactNode;
  newTab?: boolean;
  textClassName?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="group inline-flex items-center gap-3 rounded-md font-medium text-fg hover:text-accent"
    >
      <span className="grid size-10 place-items-center rounded-full border border-border bg-bg text-fg-muted group-hover:text-accent">
        {icon}
      </span>
      <span className={`${textClassName} underline decoration-border underline-offset-4 group-hover:decoration-current`.trim()}>
        {children}
      </span>
    </a>
  );
}
