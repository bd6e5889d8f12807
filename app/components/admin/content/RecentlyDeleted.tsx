import { Form, useNavigation } from '@remix-run/react';
import { When } from '~/components/admin/kit/When';
import { BUTTON } from './buttons';
import type { ContentListView } from './types';

/** Recently deleted case studies, each with the day it went and one Restore: the delete confirmation's promise kept. */
export function RecentlyDeleted({ deleted, now, disabled }: { deleted: ContentListView['deleted']; now: string; disabled: boolean }) {
  const busy = useNavigation().state === 'submitting';
  if (deleted.length === 0) return null;
  return (
    <section aria-labelledby="deleted-title" className="mt-10" data-recently-deleted>
      <h2 id="deleted-title" className="text-lg font-semibold tracking-tight">
        Recently deleted
      </h2>
      <p className="mt-1 text-sm text-fg-muted">Restore brings a case study or a page back as it was, with its images.</p>
      <ul className="mt-3 grid gap-3">
        {deleted.map((item) => (
          <li key={item.path + item.date} data-deleted-item={item.path.replace(/^content\//, '')} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-border p-4">
            <span className="min-w-0">
              <span className="block font-medium">{item.title}</span>
              <span className="block text-sm text-fg-muted">
                Deleted <When at={item.date} now={now} />
              </span>
            </span>
            <Form method="post">
              <input type="hidden" name="path" value={item.path} />
              <input type="hidden" name="commit" value={item.commit} />
              <button type="submit" name="intent" value="restore" disabled={disabled || busy} aria-label={`Restore ${item.title}`} className={BUTTON}>
                Restore
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
