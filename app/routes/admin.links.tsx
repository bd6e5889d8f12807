import type { MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { LinkRow } from '~/components/admin/links/LinkRow';
import { NewLinkForm } from '~/components/admin/links/NewLinkForm';
import { Pager } from '~/components/admin/kit/Pager';
import { EMPTY } from '~/components/admin/kit/Panel';
import { LINK_FILTERS, type LinkFilter } from '~/access/share-link-rules';
import { ownerLinksAction, ownerLinksLoader } from './admin.links.server';

export const loader = ownerLinksLoader;
export const action = ownerLinksAction;

const FILTER_NAMES: Record<LinkFilter, string> = { all: 'All', active: 'Active', expired: 'Expired', revoked: 'Revoked' };

export const meta: MetaFunction = () => [{ title: 'Share links — Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function OwnerLinks() {
  const { links, choices, state, counts, page, pages, now, highlight } = useLoaderData<typeof loader>();
  const query = (filter: LinkFilter, n = 1) =>
    `?${new URLSearchParams([...(filter === 'all' ? [] : [['state', filter]]), ...(n > 1 ? [['page', String(n)]] : [])])}`;
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
          <nav aria-label="Links by state" className="mb-4 flex flex-wrap gap-2">
            {LINK_FILTERS.map((filter) => (
              <Link
                key={filter}
                to={query(filter)}
                aria-current={filter === state ? 'page' : undefined}
                className={`inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors ${filter === state ? 'border-fg bg-fg text-bg' : 'border-border text-fg-muted hover:bg-bg-muted hover:text-fg'}`}
              >
                {FILTER_NAMES[filter]}
                <span className="tabular-nums opacity-75">{counts[filter]}</span>
              </Link>
            ))}
          </nav>
          {links.length === 0 ? (
            <p className={EMPTY}>{state === 'all' ? 'No links yet.' : `No ${state} links.`}</p>
          ) : (
            <ul className="grid gap-4">
              {links.map((link) => (
                <LinkRow key={link.id} link={link} now={now} highlight={link.id === highlight} />
              ))}
            </ul>
          )}
          <Pager page={page} pages={pages} summary={`${counts[state]} links`} href={(n) => query(state, n)} />
        </section>
      </div>
    </>
  );
}
