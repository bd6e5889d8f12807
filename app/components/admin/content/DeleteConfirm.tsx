import { Form, Link } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Spinner } from '~/components/admin/kit/Progress';
import { BUTTON } from './buttons';
import type { ListItem as Item } from './types';

/*
 * Asked before a case study is deleted. The row's Delete button opens its
 * question as a popover: the browser shows it on the click, with no request
 * and before the page's script has started, and it works without JavaScript.
 * An address with ?delete= (an old bookmark, a browser without popovers)
 * still asks on the server's page, above the list.
 */

const DANGER =
  'inline-flex h-10 items-center gap-1.5 rounded-full bg-red-600 px-5 text-sm font-medium text-white shadow-sm transition-colors hover:bg-red-700 disabled:opacity-70';

/** React 18 knows neither attribute: lowercase, they reach the HTML as written. */
const popover = (id: string) => ({ id, popover: 'auto' }) as Record<string, string>;
const opens = (id: string, action?: 'hide') => ({ popovertarget: id, ...(action ? { popovertargetaction: action } : {}) }) as Record<string, string>;

/** The id of a case study's or page's question in the list, by its file: what a Delete elsewhere on the page opens. */
export const deleteQuestionId = (contentPath: string) => `delete-${contentPath.replace(/[^a-z0-9-]/gi, '-')}`;
const popoverId = (item: Item) => deleteQuestionId(item.contentPath);

/** A Delete of its own (Make it yours' on the list page) for the question of `contentPath` the list holds. */
export function OpensDeleteQuestion({ contentPath, className, children }: { contentPath: string; className: string; children: ReactNode }) {
  return (
    <button type="button" {...opens(deleteQuestionId(contentPath))} className={className}>
      {children}
    </button>
  );
}

function Question({ item, deleting, titleId, keep }: { item: Item; deleting: boolean; titleId: string; keep: ReactNode }) {
  return (
    <>
      <h2 id={titleId} className="font-semibold">
        Delete “{item.title}”?
      </h2>
      <p id={`${titleId}-text`} className="mt-1 text-sm text-fg-muted">
        Its page and its images leave the site together. Both stay under Recently deleted, below the list, where Restore brings them back.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        <input type="hidden" name="path" value={item.contentPath} />
        <button type="submit" name="intent" value="delete" disabled={deleting} aria-busy={deleting || undefined} className={DANGER}>
          {deleting ? (
            <>
              <Spinner />
              Deleting…
            </>
          ) : item.kind === 'page' ? (
            'Delete page'
          ) : (
            'Delete case study'
          )}
        </button>
        {keep}
      </Form>
    </>
  );
}

/** The row's Delete button: it opens the row's question (DeleteQuestion), which sits outside the row's form. */
export function DeleteButton({ item, disabled, className, children }: { item: Item; disabled: boolean; className: string; children: ReactNode }) {
  return (
    <button type="button" {...opens(popoverId(item))} disabled={disabled} aria-label={`Delete ${item.title}`} title="Delete" className={className}>
      {children}
    </button>
  );
}

/** The row's question, shown by the browser over the list as its Delete button is pressed. */
export function DeleteQuestion({ item, deleting }: { item: Item; deleting: boolean }) {
  const id = popoverId(item);
  const box = useRef<HTMLDivElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  // Once the page's script runs, the question takes the focus, on its safe answer; before, Tab reaches it next.
  useEffect(() => {
    const element = box.current;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') keep.current?.focus();
    };
    element?.addEventListener('toggle', onToggle);
    return () => element?.removeEventListener('toggle', onToggle);
  }, []);
  return (
    <div
      ref={box}
      {...popover(id)}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-title-text`}
      data-delete-question={item.path}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-red-600/30 bg-bg p-5 text-fg shadow-xl backdrop:bg-black/30"
    >
      <Question
        item={item}
        deleting={deleting}
        titleId={`${id}-title`}
        keep={
          <button ref={keep} type="button" {...opens(id, 'hide')} className={BUTTON}>
            Keep it
          </button>
        }
      />
    </div>
  );
}

/** The question on the server's page, for an address with ?delete=. */
export function ConfirmDelete({ item, deleting }: { item: Item; deleting: boolean }) {
  return (
    <section role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-title-text" className="mt-6 rounded-2xl border border-red-600/30 bg-red-500/6 p-5">
      <Question
        item={item}
        deleting={deleting}
        titleId="confirm-title"
        keep={
          <Link to="/admin/content" className={BUTTON}>
            Keep it
          </Link>
        }
      />
    </section>
  );
}
