import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { MakeItYours } from '~/components/admin/setup/MakeItYours';
import { SetupChecklist } from '~/components/admin/setup/SetupGuide';
import { ownerSetupLoader } from './admin.setup.server';

export const loader = ownerSetupLoader;

export const meta: MetaFunction = () => [{ title: 'Setup guide — Owner’s area' }, { name: 'robots', content: 'noindex' }];

/** The whole first-run guide, whatever is done: the steps, how to do the two optional ones, and the "Make it yours" list. */
export default function SetupGuidePage() {
  const { steps, sampleLeftovers } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="text-sm">
        <Link to="/admin" className="font-medium text-fg-muted underline-offset-4 hover:text-accent hover:underline">
          ← Overview
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">Setup guide</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        Everything that turns the sample into your portfolio, in one place. Nothing here needs a developer: each step links to the page
        where it is done.
      </p>
      <SetupChecklist steps={steps} className="mt-8" />
      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <Instructions id="mail" title="Messages by e-mail">
          <p>
            Every message from your contact form is kept in your inbox here, so none is lost. To also receive each one by e-mail, the site
            needs the sending details of an e-mail account:
          </p>
          <ol className="grid list-decimal gap-2 pl-5">
            <li>
              Find your mail service’s sending details (often called “SMTP settings”): a server name, a user name and a password. Many mail
              services include them, and some send a few thousand messages a month for free.
            </li>
            <li>
              Write them as one line, like this:
              <code className="mt-1.5 block w-fit max-w-full rounded-md bg-bg-muted px-2 py-1 font-mono text-[0.8125rem] break-all text-fg">
                smtps://user:password@server:465
              </code>
              <span className="mt-1.5 block">When your user name is an e-mail address, write its @ as %40.</span>
            </li>
            <li>
              On Netlify, open your site, then <Path>Site configuration → Environment variables</Path>, and add one named{' '}
              <code className="font-mono text-[0.8125rem] text-fg">SMTP_URL</code> with that line as its value.
            </li>
            <li>
              Start a new deploy in <Path>Deploys → Trigger deploy</Path>, so the site reads it. This step is ticked once it has.
            </li>
          </ol>
        </Instructions>
        <Instructions id="domain" title="Your own domain">
          <p>
            Your site starts at a free Netlify address. An address of your own, like yourname.com, is easier to remember and to put on a
            resume.
          </p>
          <ol className="grid list-decimal gap-2 pl-5">
            <li>Buy a domain from any domain seller, or use one you already have.</li>
            <li>
              On Netlify, open your site, then <Path>Domain management → Add a domain</Path>, and follow its steps. The padlock (the secure
              https address) comes free.
            </li>
            <li>
              In <Path>Site configuration → Environment variables</Path>, add one named{' '}
              <code className="font-mono text-[0.8125rem] text-fg">SITE_URL</code> with your address, e.g.{' '}
              <span className="font-medium text-fg">https://yourname.com</span>, so links shared on LinkedIn and in search results use it.
              Then start a new deploy.
            </li>
          </ol>
        </Instructions>
      </div>
      <MakeItYours items={sampleLeftovers} />
    </>
  );
}

function Instructions({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-setup-instructions={id}
      className="scroll-mt-24 rounded-2xl border border-border bg-bg p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        {title}
        <span className="rounded-full bg-bg-muted px-2 py-0.5 text-xs font-medium text-fg-muted">Optional</span>
      </h2>
      <div className="mt-3 grid gap-3 text-sm text-fg-muted">{children}</div>
    </section>
  );
}

/** A place in Netlify's menus, as its screens name it. */
function Path({ children }: { children: string }) {
  return <span className="font-medium text-fg">{children}</span>;
}
