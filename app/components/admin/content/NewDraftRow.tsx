import { Form, Link } from '@remix-run/react';
import { StateBadge } from '~/components/admin/kit/StateBadge';
import { When } from '~/components/admin/kit/When';
import { QUIET_LINK } from './buttons';
import type { ContentListView } from './types';

/** A case study or page made from the list and not published yet: its draft, which Discard throws away. */
export function NewDraftRow({ draft, now }: { draft: ContentListView['newOnes'][number]; now: string }) {
  return (
    <li data-content-item={draft.path.replace(/^content\//, '')} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-border p-4">
      <span className="min-w-0">
        <Link to={draft.href} className="font-medium hover:text-accent">
          {draft.title}
        </Link>
        <span className="block text-sm text-fg-muted">
          New, not published yet · kept <When at={draft.updatedAt} now={now} />
        </span>
      </span>
      <Form method="post" className="flex items-center gap-2">
        <input type="hidden" name="path" value={draft.path} />
        <StateBadge tone="warn">draft</StateBadge>
        <button type="submit" name="intent" value="discard-new" className={QUIET_LINK}>
          Discard
        </button>
      </Form>
    </li>
  );
}
