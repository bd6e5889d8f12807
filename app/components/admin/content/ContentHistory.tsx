import { Form, Link } from '@remix-run/react';
import { EMPTY } from '~/components/admin/kit/Panel';
import { When } from '~/components/admin/kit/When';
import { editorHref } from '~/editing/documents/kinds';
import { BUTTON, QUIET_LINK } from './buttons';
import { DiffView } from './DiffView';
import type { HistoryView } from './types';

/** A page's recent versions, newest first, each with when and by whom, what changed, and a way back to it; never a version's id. */
export function ContentHistory({ history, answer }: { history: HistoryView; answer?: { error: string } }) {
  const { path, title, entries, error, now } = history;
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm text-fg-muted">
        <Link to="/admin/content" className={QUIET_LINK}>
          Content
        </Link>
        {path ? (
          <>
            <span aria-hidden="true"> / </span>
            <Link to={editorHref(path)} className={QUIET_LINK}>
              {title ? title.charAt(0).toUpperCase() + title.slice(1) : 'This page'}
            </Link>
          </>
        ) : null}
      </nav>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">History</h1>
      <p className="mt-1 text-fg-muted">The latest versions of this page, newest first. Restoring one publishes it again as the newest version; nothing is lost.</p>
      {error || answer?.error ? (
        <p role="alert" className="mt-4 rounded-2xl border border-red-600/30 bg-red-500/8 p-4 text-sm">
          {answer?.error ?? error}
        </p>
      ) : null}
      {entries.length === 0 && !error ? <p className={`${EMPTY} mt-6`}>No changes to this page yet.</p> : null}
      <ol className="mt-6 grid gap-4">
        {entries.map((entry, index) => (
          <li key={entry.commit} data-history-commit={entry.commit} className="rounded-2xl border border-border bg-bg">
            <div className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-medium text-balance">{entry.message}</p>
                <p className="mt-0.5 text-sm text-fg-muted">
                  <When at={entry.date} now={now} /> · {entry.author} ·{' '}
                  <span className="text-emerald-700 dark:text-emerald-300">+{entry.added}</span> <span className="text-red-700 dark:text-red-300">−{entry.removed}</span>
                </p>
              </div>
              {index === 0 ? (
                <span className="text-sm text-fg-muted">The version on the site</span>
              ) : (
                <Form method="post">
                  <input type="hidden" name="commit" value={entry.commit} />
                  <button type="submit" className={BUTTON}>
                    Restore this version
                  </button>
                </Form>
              )}
            </div>
            <details className="border-t border-border">
              <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium text-fg-muted hover:text-fg">What changed</summary>
              <div className="border-t border-border">
                <DiffView hunks={entry.hunks} />
              </div>
            </details>
          </li>
        ))}
      </ol>
    </>
  );
}
