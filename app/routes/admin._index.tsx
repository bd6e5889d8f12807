import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { MailHealthSummary } from '~/components/admin/overview/MailHealthSummary';
import { EMPTY, Panel } from '~/components/admin/kit/Panel';
import { LookSummary } from '~/components/admin/overview/LookSummary';
import { RebuildPanel } from '~/components/admin/overview/RebuildPanel';
import { RepositoryVisibilityNote } from '~/components/admin/publishing/RepositoryVisibility';
import { OverviewSetup } from '~/components/admin/setup/SetupGuide';
import { LINK_TONE, StateBadge } from '~/components/admin/kit/StateBadge';
import { When } from '~/components/admin/kit/When';
import { useOwnerTimeZone } from '~/components/admin/kit/useOwnerTimeZone';
import { tokenExpirySentence } from '~/editing/connection/token-expiry';
import { ownerOverviewAction, ownerOverviewLoader } from './admin._index.server';

export const loader = ownerOverviewLoader;
export const action = ownerOverviewAction;

/** The first screen: the setup guide until the site is the designer's own, the links and their last opens, new messages, whether mail gets through, and (with a build hook) a rebuild. */
export default function OwnerOverview() {
  const {
    look,
    links,
    activeLinks,
    messages,
    mail,
    now,
    rebuild,
    olderVersionShown,
    tokenExpiry,
    setup,
    repositoryVisibility,
    ownAddress,
  } = useLoaderData<typeof loader>();
  const zone = useOwnerTimeZone();
  const answer = useActionData<typeof action>();
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">Overview</h1>
      {ownAddress ? (
        <p data-site-answers-at={ownAddress} className="mt-2 text-fg-muted">
          Your site answers at{' '}
          <a href={ownAddress} className="font-medium text-accent underline-offset-4 hover:underline">
            {ownAddress}
          </a>
        </p>
      ) : null}
      {olderVersionShown ? (
        <p
          role="status"
          data-live-problem
          className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          Your site is showing an older version right now: your latest published changes could not be loaded. They come back by themselves
          as soon as they can be read, and nothing is lost.
        </p>
      ) : null}
      {tokenExpiry ? (
        <p
          role={tokenExpiry.state === 'expired' ? 'alert' : 'status'}
          data-token-expiry={tokenExpiry.state}
          className={`mt-4 rounded-2xl border p-4 text-sm ${tokenExpiry.state === 'expired' ? 'border-red-600/30 bg-red-500/8 font-medium' : 'border-amber-600/35 bg-amber-500/10'}`}
        >
          {tokenExpirySentence(tokenExpiry, undefined, zone)}{' '}
          <Link to="/admin/publishing" className="font-medium text-accent underline underline-offset-4">
            Go to Publishing
          </Link>
        </p>
      ) : null}
      {repositoryVisibility ? <RepositoryVisibilityNote visibility={repositoryVisibility} className="mt-4" /> : null}
      <OverviewSetup steps={setup} />
      <div className="mt-6 grid gap-5 lg:grid-cols-5">
        <Panel title="Share links" id="links-title" more={{ to: '/admin/links', label: 'All links' }} className="lg:col-span-3">
          <p className="text-sm text-fg-muted">
            {activeLinks} active ·{' '}
            <Link to="/admin/links#new-link" className="font-medium text-accent underline-offset-4 hover:underline">
              New link
            </Link>
          </p>
          {links.length === 0 ? (
            <p className={`${EMPTY} mt-4`}>No links yet. Make one for each recruiter you send private work to.</p>
          ) : (
            <ul className="mt-3 divide-y divide-border">
              {links.map((link) => (
                <li
                  key={link.id}
                  data-share-link={link.id}
                  data-state={link.state}
                  data-opens={link.opens}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
                >
                  <span className="min-w-0 font-medium">{link.label}</span>
                  <span className="flex items-center gap-3 text-sm text-fg-muted">
                    {link.lastOpenedAt ? (
                      <span>
                        Opened <When at={link.lastOpenedAt} now={now} />
                      </span>
                    ) : (
                      <span>Not opened yet</span>
                    )}
                    <StateBadge tone={LINK_TONE[link.state]}>{link.state}</StateBadge>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Mail delivery" id="mail-title" className="lg:col-span-2">
          <MailHealthSummary mail={mail} now={now} />
        </Panel>
        <Panel title="New messages" id="messages-title" more={{ to: '/admin/messages', label: 'Inbox' }} className="lg:col-span-5">
          {messages.length === 0 ? (
            <p className={EMPTY}>Nothing new. Messages from the contact form land here, even when mail is down.</p>
          ) : (
            <ul className="divide-y divide-border">
              {messages.map((message) => (
                <li key={message.id} className="py-3">
                  <Link to={`/admin/messages/${message.id}`} className="group block rounded-md">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-4">
                      <span className="font-medium group-hover:text-accent">{message.from}</span>
                      <span className="text-sm text-fg-muted">
                        <When at={message.at} now={now} />
                      </span>
                    </span>
                    <span className="mt-1 line-clamp-2 text-sm text-fg-muted">{message.preview}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Your look" id="look-title" more={{ to: '/admin/look', label: 'Change your look' }} className="lg:col-span-5">
          <LookSummary look={look} />
        </Panel>
        {rebuild === 'off' ? null : <RebuildPanel setting={rebuild} answer={answer?.rebuild} />}
      </div>
      <Form method="post" action="/admin/sign-out" className="mt-10 flex flex-wrap items-center gap-3 text-sm text-fg-muted">
        <span>Signed in on another device you no longer use?</span>
        <button
          type="submit"
          name="intent"
          value="everywhere"
          className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover"
        >
          Sign out everywhere
        </button>
      </Form>
    </>
  );
}
