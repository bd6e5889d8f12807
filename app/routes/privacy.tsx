import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useContactHref } from '~/components/contact/contact-href';
import { BackToHome } from '~/components/resume/ResumeHeader';
import { privacyLoader } from './privacy.server';
import { loadAsDocument } from '~/utils/load-as-document';

/**
 * /privacy: what the site's reading insights count, what they never do, and
 * for how long anything is kept, in the designer's own words. A document
 * page: content only, complete without JavaScript, cached like /resume.
 * Keep it true: app/insights/ (gate, visitor hash, rollup) is what it describes.
 */

export const loader = privacyLoader;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

// Built by the loader, on the server.
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: 'Privacy' }];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12 sm:mt-14">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-balance text-fg sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function List({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2.5 pl-6 marker:text-fg-muted [&>li]:pl-1.5">{children}</ul>;
}

/** A header or a parameter name, set in the page's text so it reads as a word, not a block. */
function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-bg-muted px-1.5 py-0.5 font-mono text-[0.875em] whitespace-nowrap text-fg">{children}</code>;
}

/** "(Sec-GPC: 1)": the brackets stay on the line of the code they hold. */
const Bracketed = ({ children }: { children: ReactNode }) => (
  <span className="whitespace-nowrap">
    (<Code>{children}</Code>)
  </span>
);

const Strong = ({ children }: { children: ReactNode }) => <strong className="font-semibold text-fg">{children}</strong>;

const LINK = 'font-medium text-accent underline underline-offset-4 transition-colors hover:text-accent-hover';

export default function PrivacyPage() {
  const { site, updated, backLink } = useLoaderData<typeof loader>();
  const contactHref = useContactHref();
  return (
    <main id="main" className="px-5 pt-8 pb-20 sm:px-6 sm:pt-10 sm:pb-28">
      <article className="mx-auto w-full max-w-2xl text-[1.0625rem] leading-[1.75] text-pretty text-fg-muted sm:text-lg">
        <BackToHome label={backLink} />
        <header className="border-b border-border pt-8 pb-10 sm:pt-12 sm:pb-12">
          <h1 className="text-4xl font-semibold tracking-tight text-balance text-fg sm:text-5xl">Privacy</h1>
          <p className="mt-5 text-lg leading-relaxed text-fg-muted sm:text-xl">
            I keep a simple count of how this portfolio is read, so I know which work people find useful. No cookies, no third-party
            trackers, and nothing that can follow you from one day to the next. Only I see the numbers.
          </p>
          <p className="mt-5 text-sm text-fg-muted">
            Last updated <time dateTime={updated.iso}>{updated.label}</time>
          </p>
        </header>

        <Section id="what-i-count" title="What I count">
          <List>
            <li>
              Which pages of this site are viewed: the home page, my résumé, each case study, this page and the “page not found” page.
            </li>
            <li>
              The website that sent you here, by its name only (for example www.linkedin.com), and its <Code>utm_source</Code> tag if the
              link had one.
            </li>
            <li>
              Whether you are on a phone, tablet or desktop, roughly worked out from your screen’s width (without JavaScript, from your
              browser’s user-agent string).
            </li>
            <li>
              On a case study: which of its numbered sections came into view, and roughly how long the page was actually looked at, in
              10-second steps up to 30 minutes.
            </li>
            <li>Clicks on the résumé PDF download.</li>
            <li>That a contact message was sent. What you wrote is never part of these numbers.</li>
            <li>
              If you open a private share link I sent you: which case studies it opened, and how far into them you read. Each share link is
              made for one person, so this part is not anonymous.
            </li>
          </List>
          <p>
            So that pages open at once, your browser may fetch a page of this site a moment before you click its link. A page fetched that
            way is counted only if you actually open it.
          </p>
        </Section>

        <Section id="one-day-at-a-time" title="How visits are told apart, for one day only">
          <p>
            To know how many people visited in a day, not just how many pages were viewed, each visit gets a one-way hash of three things: a
            random value that changes every day, your IP address and your browser’s user-agent string.
          </p>
          <p>
            <Strong>Your IP address and user agent are never stored.</Strong> The day’s random value is deleted when the day ends, so no
            visitor can be followed from one day to the next.
          </p>
          <p>
            So that one address cannot pose as many visitors, a second one-way hash, of the day’s random value and your IP address alone,
            counts how many visitors each address has made that day; at most 30 are counted. That count is deleted with the day’s random
            value.
          </p>
        </Section>

        <Section id="what-i-never-collect" title="What I never collect">
          <List>
            <li>Your name, e-mail address or anything else that says who you are, unless you write to me yourself.</li>
            <li>Your IP address, your user agent or your location.</li>
            <li>The full address of the page that sent you here, only its website’s name.</li>
            <li>
              Anything for anyone else: there are no third-party analytics, ads or trackers. Everything stays on this site’s own server and
              database, and I never sell or share it.
            </li>
          </List>
        </Section>

        <Section id="cookies" title="Cookies">
          <p>
            <Strong>This site sets no cookies for visitors</Strong> and keeps nothing in your browser’s storage, not even how far you
            scrolled: your browser itself brings you back to the same spot.
          </p>
          <p>
            One exception: if you unlock a private case study with its password, or open a private share link, you get one strictly
            necessary cookie that keeps those pages unlocked. It holds no identity, only the key that keeps the page open.
          </p>
          <p>
            A case study may offer a video or prototype from YouTube, Vimeo or Figma. Nothing loads from those sites until you choose “Load
            it here”; after that, their own privacy policies apply.
          </p>
        </Section>

        <Section id="do-not-track" title="Do Not Track and Global Privacy Control">
          <p>
            If your browser sends Global Privacy Control <Bracketed>Sec-GPC: 1</Bracketed> or Do Not Track <Bracketed>DNT: 1</Bracketed>,{' '}
            <Strong>your visit is not counted at all</Strong>. Bots, crawlers and my own visits are not counted either.
          </p>
          <p>A private share link still notes that it was opened and which case studies it opened: that is part of how the link works.</p>
        </Section>

        <Section id="how-long" title="How long data is kept">
          <List>
            <li>
              <Strong>Individual counts: 90 days.</Strong> After that I keep only daily totals, which contain no visitor hashes.
            </li>
            <li>
              <Strong>The daily random value, and each address’s count of visitors: one day.</Strong> They are deleted at the end of each
              day.
            </li>
            <li>
              <Strong>Contact messages: up to 365 days</Strong> in my inbox, and I may delete them sooner. They are kept so that a message
              is never lost when e-mail is down.
            </li>
          </List>
          <p>I can also switch all counting off at any time.</p>
        </Section>

        <Section id="questions" title="Questions">
          <p>
            If anything here is unclear, or you would like me to delete a message you sent, write to me through the{' '}
            <Link to={contactHref} className={LINK}>
              contact form
            </Link>
            .
          </p>
          <p className="text-base text-fg-muted">— {site.name}</p>
        </Section>
      </article>
    </main>
  );
}
