import { Link } from '@remix-run/react';
import { OpensDeleteQuestion } from '~/components/admin/content/DeleteConfirm';
import type { SampleItem } from '~/editing/setup/sample-item';

const GROUPS = ['Site details', 'Resume', 'Case studies'] as const;

/**
 * "Make it yours": what the published site still holds of the sample designer
 * it started from (editing/sample-check.server.ts), each with a link to the
 * field that changes it. An entry leaves once its change is published.
 * Plain links (on the content page, a Delete that opens the list's own
 * question, the browser's popover): it works the same without JavaScript. Shown on the content
 * page and in the setup guide, so its links name their pages in full.
 */
export function MakeItYours({ items, inList = false }: { items: SampleItem[] | null; inList?: boolean }) {
  if (!items) return null; // the site could not be read: the list above says why
  const groups = GROUPS.map((where) => ({ where, items: items.filter((item) => groupOf(item) === where) })).filter(
    (group) => group.items.length > 0,
  );
  return (
    <section
      aria-labelledby="make-it-yours-title"
      data-make-it-yours
      className="mt-12 rounded-3xl border border-border bg-bg-subtle p-5 sm:p-7"
    >
      <h2 id="make-it-yours-title" className="text-lg font-semibold tracking-tight">
        Make it yours
      </h2>
      {items.length === 0 ? (
        <p data-make-it-yours-done className="mt-2 max-w-2xl text-fg-muted">
          <span className="font-medium text-fg">All yours.</span> Nothing of the sample designer is left on your site: every word, photo and
          project is your own. Nicely done.
        </p>
      ) : (
        <>
          <p className="mt-2 max-w-2xl text-fg-muted">
            Your site started as a sample designer’s portfolio.{' '}
            {items.length === 1 ? 'One thing still comes from it' : `${items.length} things still come from it`}. Change each one and
            publish: it leaves this list.
          </p>
          <div className="mt-5 grid gap-6">
            {groups.map((group) => (
              <div key={group.where}>
                <h3 className="text-sm font-semibold text-fg-muted">{group.where}</h3>
                <ul className="mt-2 grid gap-2">
                  {group.items.map((item) => (
                    <Entry key={item.id} item={item} inList={inList} />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function groupOf(item: SampleItem): (typeof GROUPS)[number] {
  if (item.id.startsWith('site.')) return 'Site details';
  if (item.id.startsWith('resume.')) return 'Resume';
  return 'Case studies';
}

/** `inList`: on the content list, whose rows hold each case study's delete question; its Delete opens it there, at once. */
function Entry({ item, inList }: { item: SampleItem; inList: boolean }) {
  return (
    <li
      data-sample-item={item.id}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 rounded-2xl border border-border bg-bg px-4 py-3"
    >
      <span className="min-w-0 flex-1 basis-56">
        <Link
          to={item.href}
          className="font-medium text-balance underline decoration-border underline-offset-4 hover:text-accent hover:decoration-current"
        >
          {item.what}
        </Link>
        {item.hint ? <span className="mt-0.5 block text-sm text-fg-muted">{item.hint}</span> : null}
      </span>
      <span className="flex shrink-0 items-center gap-3 text-sm">
        {item.deletePath && inList ? (
          <OpensDeleteQuestion contentPath={item.deletePath} className={DELETE}>
            Delete
          </OpensDeleteQuestion>
        ) : item.deletePath ? (
          <Link to={`/admin/content?delete=${encodeURIComponent(item.deletePath)}`} className={DELETE}>
            Delete
          </Link>
        ) : null}
        {/* The entry's own words are the link; this repeat is for the eye on a wide screen, where the row is long. */}
        <Link
          to={item.href}
          aria-hidden="true"
          tabIndex={-1}
          className="hidden font-medium text-accent underline-offset-4 hover:underline sm:inline"
        >
          {item.deletePath ? 'Edit' : 'Change'} →
        </Link>
      </span>
    </li>
  );
}

const DELETE = 'font-medium text-fg-muted underline-offset-4 hover:text-red-600 hover:underline dark:hover:text-red-400';
