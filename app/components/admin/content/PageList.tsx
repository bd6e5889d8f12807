import { Form, Link } from '@remix-run/react';
import { EMPTY } from '~/components/admin/kit/Panel';
import { Spinner } from '~/components/admin/kit/Progress';
import { StateBadge } from '~/components/admin/kit/StateBadge';
import { PRIMARY, QUIET_LINK } from './buttons';
import { DeleteButton, DeleteQuestion } from './DeleteConfirm';
import { NewDraftRow } from './NewDraftRow';
import type { ContentListView, ListActionData, ListItem as Item } from './types';

/** Titles she may start from; any other title is hers to type. */
const SUGGESTIONS = ['About', 'Writing', 'Speaking', 'Playground'];

type Props = {
  pages: Item[];
  newOnes: ContentListView['newOnes'];
  now: string;
  readOnly: boolean;
  busy: boolean;
  creating: boolean;
  /** The page being deleted now, if one is. */
  deletingPath?: string | null;
  /** The title New page was sent with, when it came back refused, and why. */
  title?: string;
  error?: string;
  /** Change address's refusal, for the page it was sent for, with the address she typed. */
  rename?: ListActionData;
  /** The page whose address is being changed now, if one is. */
  renamingPath?: string | null;
};

/**
 * Her own pages in the content list: each at its address, with its place in
 * the menu; a new one is made from a title (its address made from it), kept
 * as a draft until its first publish. Deleted like a case study.
 */
export function PageList({ pages, newOnes, now, readOnly, busy, creating, deletingPath, title, error, rename, renamingPath }: Props) {
  return (
    <section aria-labelledby="own-pages-title" className="mt-10">
      <h2 id="own-pages-title" className="text-lg font-semibold tracking-tight">
        Your pages <span className="font-normal text-fg-muted">at their own addresses</span>
      </h2>
      {pages.length === 0 && newOnes.length === 0 ? <p className={`${EMPTY} mt-3`}>No pages of your own yet.</p> : null}
      <ul className="mt-3 grid gap-3">
        {pages.map((item) => (
          <li key={item.path} data-content-item={item.path} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-border bg-bg p-3 sm:p-4">
            <div className="min-w-0 flex-1 basis-48">
              <Link to={item.href} className="font-medium text-balance hover:text-accent">
                {item.title}
              </Link>
              <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-fg-muted">
                <span>/{item.slug}</span>
                <span aria-hidden="true">·</span>
                <span>{item.menu === undefined ? 'not in the menu' : `menu place ${item.menu}`}</span>
                {item.draft ? <StateBadge tone="warn">draft</StateBadge> : null}
              </p>
              {item.problem ? <span className="block text-sm text-red-600 dark:text-red-400">{item.problem}</span> : null}
            </div>
            {readOnly ? null : (
              <ChangeAddress item={item} busy={busy} moving={renamingPath === item.contentPath} answer={rename?.path === item.contentPath ? rename : undefined} />
            )}
            <DeleteButton item={item} disabled={readOnly || busy} className={`${QUIET_LINK} disabled:opacity-40`}>
              Delete
            </DeleteButton>
            <DeleteQuestion item={item} deleting={deletingPath === item.contentPath} />
          </li>
        ))}
        {newOnes.map((draft) => (
          <NewDraftRow key={draft.path} draft={draft} now={now} />
        ))}
      </ul>
      {readOnly ? null : <NewPage title={title} error={error} busy={busy} creating={creating} />}
    </section>
  );
}

function NewPage({ title, error, busy, creating }: { title?: string; error?: string; busy: boolean; creating: boolean }) {
  return (
    <Form method="post" className="mt-5 flex flex-wrap items-end gap-3 rounded-2xl border border-border bg-bg-subtle p-4 sm:p-5" aria-labelledby="new-page-heading">
      <div className="min-w-0 flex-1 basis-64">
        <h3 id="new-page-heading" className="font-semibold">
          New page
        </h3>
        <label htmlFor="new-page-title" className="mt-1 block text-sm text-fg-muted">
          Its title, such as {SUGGESTIONS.join(', ')}, or your own; its address is made from it (Writing is at /writing). It starts as a draft.
        </label>
        {error ? (
          <p id="new-page-error" role="alert" className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <input id="new-page-title" name="title" list="new-page-suggestions" aria-invalid={error ? true : undefined} aria-describedby={error ? 'new-page-error' : undefined} defaultValue={title} maxLength={120} required className="mt-2 h-10 w-full rounded-lg border border-border bg-bg px-3 text-base outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm" />
        <datalist id="new-page-suggestions">
          {SUGGESTIONS.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      </div>
      <button type="submit" name="intent" value="create-page" disabled={busy} className={PRIMARY}>
        {creating ? (
          <>
            <Spinner />
            Creating…
          </>
        ) : (
          'Create page'
        )}
      </button>
    </Form>
  );
}

/**
 * A page's address, changed from the list: a disclosure (open without
 * JavaScript too) with the new address to type. Its old address is kept, so
 * a link already shared answers 301 to the new one.
 */
function ChangeAddress({ item, busy, moving, answer }: { item: Item; busy: boolean; moving: boolean; answer?: ListActionData }) {
  const id = `address-${item.slug}`;
  return (
    <details open={answer ? true : undefined} data-change-address={item.path} className="order-last basis-full">
      <summary className={`${QUIET_LINK} w-fit cursor-pointer text-sm`}>Change address</summary>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="path" value={item.contentPath} />
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={id} className="block text-sm font-medium">
            New address for {item.title}
          </label>
          <p id={`${id}-hint`} className="text-sm text-fg-muted">
            Its old address, /{item.slug}, will take visitors to the new one.
          </p>
          {answer?.error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-600 dark:text-red-400">
              {answer.error}
            </p>
          ) : null}
          <div className="mt-2 flex h-10 items-center rounded-lg border border-border bg-bg focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30">
            <span aria-hidden="true" className="pl-3 text-fg-muted">
              /
            </span>
            <input id={id} name="slug" required defaultValue={answer?.slug ?? item.slug} aria-invalid={answer?.error ? true : undefined} aria-describedby={answer?.error ? `${id}-hint ${id}-error` : `${id}-hint`} autoCapitalize="none" spellCheck={false} className="h-full min-w-0 flex-1 bg-transparent pr-3 text-base outline-none sm:text-sm" />
          </div>
        </div>
        <button type="submit" name="intent" value="rename" disabled={busy} className={PRIMARY}>
          {moving ? (
            <>
              <Spinner />
              Moving…
            </>
          ) : (
            'Move page'
          )}
        </button>
      </Form>
    </details>
  );
}
