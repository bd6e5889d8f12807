import type { MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { LinkRow } from '~/components/admin/LinkRow';
import { NewLinkForm } from '~/components/admin/NewLinkForm';
import { EMPTY } from '~/components/admin/Panel';
import { ownerLinksAction, ownerLinksLoader } from '~/loaders/owner-links.server';

export const loader = ownerLinksLoader;
export const action = ownerLinksAction;

export const meta: MetaFunction = () => [{ title: 'Share links — Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function OwnerLinks() {
  const { links, choices, now, highlight } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">Share links</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        One link per recipient opens private case studies without the password. Revoke it and its pages lock again at once.
      </p>
      {answer && 'done' in answer ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-600 dark:text-red-400">
          {answer.done}
        </p>
      ) : null}
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        {/* A fresh form after each new link (the uncontrolled fields would keep the last label). */}
        <NewLinkForm key={highlight ?? 'new'} choices={choices} />
        <section aria-labelledby="all-links-title">
          <h2 id="all-links-title" className="sr-only">
            All links
          </h2>
          {links.length === 0 ? (
            <p className={EMPTY}>No links yet.</p>
          ) : (
            <ul className="grid gap-4">
              {links.map((link) => (
                <LinkRow key={link.id} link={link} now={now} highlight={link.id === highlight} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
