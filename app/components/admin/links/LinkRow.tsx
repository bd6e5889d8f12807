import { Form } from '@remix-run/react';
import { EXTEND_DAYS } from '~/access/share-link-rules';
import { CopyButton } from './CopyButton';
import { LINK_TONE, StateBadge } from '~/components/admin/kit/StateBadge';
import { When } from '~/components/admin/kit/When';

export type LinkRowData = {
  id: string;
  label: string;
  state: 'active' | 'expired' | 'revoked';
  opens: number;
  notifyOnOpen: boolean;
  url: string | null;
  opensWhat: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  firstOpenedAt: string | null;
  lastOpenedAt: string | null;
  views: { slug: string; title: string; views: number; lastViewedAt: string }[];
};

const ACTION =
  'inline-flex h-9 items-center rounded-full border border-border px-3.5 text-sm font-medium transition-colors hover:bg-bg-muted';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

/** One link: its state and address, when it was opened and what was read, and what can be done with it. */
export function LinkRow({ link, now, highlight }: { link: LinkRowData; now: string; highlight: boolean }) {
  const urlId = `link-url-${link.id}`;
  return (
    <li
      id={`link-${link.id}`}
      data-share-link={link.id}
      data-state={link.state}
      data-opens={link.opens}
      className={`rounded-2xl border bg-bg p-5 sm:p-6 ${highlight ? 'border-accent ring-2 ring-accent/25' : 'border-border'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="min-w-0 text-base font-semibold tracking-tight break-words">{link.label}</h3>
        <StateBadge tone={LINK_TONE[link.state]}>{link.state}</StateBadge>
      </div>
      <p className="mt-1 text-sm text-fg-muted">{link.opensWhat}</p>
      {highlight ? <p className="mt-3 text-sm font-medium text-accent">New link: copy it and send it to its recipient.</p> : null}
      {link.url ? (
        <div className="mt-3 flex items-center gap-2">
          <label htmlFor={urlId} className="sr-only">
            Address of the link for {link.label}
          </label>
          <input
            id={urlId}
            data-share-url
            readOnly
            value={link.url}
            className={`min-w-0 flex-1 rounded-lg border border-border bg-bg-subtle px-3 py-2 font-mono text-sm ${link.state === 'active' ? 'text-fg' : 'text-fg-muted line-through'}`}
          />
          {link.state === 'active' ? <CopyButton value={link.url} label={`the link for ${link.label}`} /> : null}
        </div>
      ) : (
        <p className="mt-3 text-sm text-red-600 dark:text-red-400">
          The address can’t be shown: the site’s secret key is missing from Netlify’s settings (SESSION_SECRET).
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-5">
        <Fact term="Opens">{link.opens}</Fact>
        <Fact term="First opened">{link.firstOpenedAt ? <When at={link.firstOpenedAt} now={now} /> : '—'}</Fact>
        <Fact term="Last opened">{link.lastOpenedAt ? <When at={link.lastOpenedAt} now={now} /> : '—'}</Fact>
        <Fact term="Created">
          <When at={link.createdAt} now={now} />
        </Fact>
        <Fact term={link.state === 'revoked' ? 'Revoked' : link.state === 'expired' ? 'Expired' : 'Expires'}>
          <When at={link.revokedAt ?? link.expiresAt} now={now} />
        </Fact>
      </dl>
      {link.views.length > 0 ? (
        <div className="mt-4">
          <p className="text-xs font-medium tracking-wide text-fg-muted uppercase">Read</p>
          <ul className="mt-1.5 flex flex-wrap gap-2">
            {link.views.map((view) => (
              <li key={view.slug} className="rounded-full bg-bg-muted px-3 py-1 text-sm">
                {view.title} · {view.views} {view.views === 1 ? 'view' : 'views'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-border pt-4">
        {link.state !== 'revoked' ? (
          <Form method="post">
            <input type="hidden" name="id" value={link.id} />
            <button type="submit" name="intent" value="extend" className={ACTION}>
              Extend {EXTEND_DAYS} days
            </button>
          </Form>
        ) : null}
        {link.state === 'active' ? (
          <Form method="post">
            <input type="hidden" name="id" value={link.id} />
            <button type="submit" name="intent" value="revoke" className={`${ACTION} text-red-700 dark:text-red-300`}>
              Revoke
            </button>
          </Form>
        ) : null}
        <details className="group">
          <summary className={`${ACTION} cursor-pointer list-none text-fg-muted`}>Delete…</summary>
          <Form method="post" className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <input type="hidden" name="id" value={link.id} />
            <span className="text-fg-muted">Delete it and what it recorded?</span>
            <button
              type="submit"
              name="intent"
              value="delete"
              className="inline-flex h-9 items-center rounded-full bg-red-700 px-3.5 text-sm font-medium text-white hover:bg-red-800"
            >
              Delete for good
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}
