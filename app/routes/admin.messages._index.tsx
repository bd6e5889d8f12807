import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { MessageStatus } from '~/components/admin/messages/MessageStatus';
import { EMPTY } from '~/components/admin/kit/Panel';
import { When } from '~/components/admin/kit/When';
import { deliveryProblem } from '~/contact/mail-errors';
import { ownerMessageAction, ownerMessagesLoader } from './admin.messages._index.server';
import { Pager } from '~/components/admin/kit/Pager';

export const loader = ownerMessagesLoader;
export const action = ownerMessageAction;

export const meta: MetaFunction = () => [{ title: 'Messages — Owner’s area' }, { name: 'robots', content: 'noindex' }];

/** Every contact message, newest first, with how its delivery went. */
export default function OwnerMessages() {
  const { messages, page, pages, total, now } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">Messages</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        Every message sent through the contact form is kept here first, then mailed; one that could not be mailed is retried for a day.
      </p>
      {messages.length === 0 ? (
        <p className={`${EMPTY} mt-8`}>No messages yet.</p>
      ) : (
        <ul className="mt-8 divide-y divide-border overflow-hidden rounded-2xl border border-border">
          {messages.map((message) => (
            <li key={message.id} data-message={message.id} data-status={message.status} className={message.done ? 'bg-bg-subtle' : 'bg-bg'}>
              <Link
                to={`/admin/messages/${message.id}`}
                className="group grid gap-1 px-5 py-4 hover:bg-bg-muted sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-baseline sm:gap-6"
              >
                <span className={`truncate ${message.done ? 'font-medium text-fg-muted' : 'font-semibold'}`}>{message.from}</span>
                <span className="line-clamp-2 text-sm text-fg-muted sm:line-clamp-1">{message.message}</span>
                <span className="flex items-center gap-3 text-sm text-fg-muted sm:justify-end">
                  <MessageStatus message={message} />
                  <When at={message.createdAt} now={now} />
                </span>
              </Link>
              {message.status !== 'delivered' && message.lastError ? (
                <p className="-mt-2 px-5 pb-3 text-sm text-fg-muted">Not sent: {deliveryProblem(message.lastError)}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} summary={`${total} messages`} href={(n) => `?page=${n}`} />
    </>
  );
}
