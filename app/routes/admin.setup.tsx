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
            Every message from your contact form is kept in your inbox here, so none is lost. To also receive each one by e-mail, choose
            your mail service, paste the key it gives you and send yourself a test. It works at once, with no new deploy.
          </p>
          <p>
            <Link to="/admin/settings/mail" className="font-medium text-accent underline underline-offset-4">
              Set up mail
            </Link>
          </p>
        </Instructions>
        <Instructions id="domain" title="Your own domain">
          <p>
            Your site starts at a free Netlify address. An address of your own, like yourname.com, is easier to remember and to put on a
            resume. Add it in Netlify and point it there from where you bought it: the steps are on one page, and the site notices the new
            address by itself.
          </p>
          <p>
            <Link to="/admin/settings/domain" className="font-medium text-accent underline underline-offset-4">
              Use your own domain
            </Link>
          </p>
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
      className="rounded-2xl border border-border bg-bg p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        {title}
        <span className="rounded-full bg-bg-muted px-2 py-0.5 text-xs font-medium text-fg-muted">Optional</span>
      </h2>
      <div className="mt-3 grid gap-3 text-sm text-fg-muted">{children}</div>
    </section>
  );
}
