import type { InboxMessage } from '~/contact/inbox.server';
import { MESSAGE_LABEL, MESSAGE_TONE, StateBadge } from '~/components/admin/kit/StateBadge';

/** Delivery in a word; "done" is the owner's own mark, beside it. */
export function MessageStatus({ message }: { message: Pick<InboxMessage, 'status' | 'done'> }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <StateBadge tone={MESSAGE_TONE[message.status]}>{MESSAGE_LABEL[message.status]}</StateBadge>
      {message.done ? <StateBadge tone="quiet">done</StateBadge> : null}
    </span>
  );
}
