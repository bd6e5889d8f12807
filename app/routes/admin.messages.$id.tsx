import type { MetaFunction } from '@remix-run/node';
import { Form, isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { MessageStatus } from '~/components/admin/messages/MessageStatus';
import { When } from '~/components/admin/kit/When';
import { absoluteTime } from '~/components/admin/kit/time';
import { useOwnerTimeZone } from '~/components/admin/kit/useOwnerTimeZone';
import { deliveryProblem } from '~/contact/mail-errors';
import { ownerMessageAction, ownerMessageLoader } from './admin.messages.$id.server';

export const loader = ownerMessageLoader;
export const action = ownerMessageAction;

export const meta: MetaFunction = () => [{ title: 'Message — Owner’s area' }, { name: 'robots', content: 'noindex' }];

const BUTTON = 'inline-flex h-10 items-center rounded-full px-4 text-sm font-medium transition-colors';

/** One message in full, with a reply link, its delivery, and done / delete. */
export default function OwnerMessage() {
  const { message, now } = useLoaderData<typeof loader>();
  const zone = useOwnerTimeZone();
  return (
    <article data-message={message.id} data-status={message.status} className="max-w-3xl">
      <Link to="/admin/messages" className="text-sm font-medium text-accent">
        ← All messages
      </Link>
      <header className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{message.from}</h1>
          <p className="mt-1 text-fg-muted">
            <a href={`mailto:${message.email}`} className="underline underline-offset-4 hover:text-fg">
              {message.email}
            </a>{' '}
            · {absoluteTime(message.createdAt, zone)}
          </p>
        </div>
        <MessageStatus message={message} />
      </header>
      <div className="mt-6 rounded-2xl border border-border bg-bg-subtle p-5 text-[1.0625rem] leading-relaxed break-words whitespace-pre-wrap sm:p-6">
        {message.message}
      </div>
      <p className="mt-4 text-sm text-fg-muted">
        {message.status === 'delivered' && message.deliveredAt ? (
          <>
            Mailed <When at={message.deliveredAt} now={now} />
            {message.attempts > 1 ? ` after ${message.attempts} tries` : ''}.
          </>
        ) : message.status === 'failed' ? (
          <>Not mailed: given up after a day of tries. It is safe here; reply from your own mail.</>
        ) : message.status === 'kept' ? (
          <>
            Kept here: your site has no mail account yet, so messages wait in this inbox. Reply from your own mail.{' '}
            <Link to="/admin/settings/mail" className="font-medium text-accent underline-offset-4 hover:underline">
              Get messages by e-mail too
            </Link>
          </>
        ) : (
          <>
            Not mailed yet ({message.attempts} {message.attempts === 1 ? 'try' : 'tries'})
            {message.nextAttemptAt ? (
              <>
                ; next try <When at={message.nextAttemptAt} now={now} />
              </>
            ) : null}
            .
          </>
        )}
      </p>
      {message.lastError && message.status !== 'delivered' ? (
        <p className="mt-2 rounded-lg bg-bg-muted px-3 py-2 text-sm text-fg-muted">Not sent: {deliveryProblem(message.lastError)}</p>
      ) : null}
      <div className="mt-8 flex flex-wrap items-center gap-2">
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent('Re: your message')}`}
          className={`${BUTTON} bg-accent text-accent-fg hover:bg-accent-hover`}
        >
          Reply
        </a>
        {message.done ? null : (
          <Form method="post">
            <button type="submit" name="intent" value="done" className={`${BUTTON} border border-border hover:bg-bg-muted`}>
              Mark done
            </button>
          </Form>
        )}
        <details>
          <summary className={`${BUTTON} cursor-pointer list-none border border-border text-fg-muted hover:bg-bg-muted`}>Delete…</summary>
          <Form method="post" className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-fg-muted">Delete this message for good?</span>
            <button type="submit" name="intent" value="delete" className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}>
              Delete
            </button>
          </Form>
        </details>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <p className="text-fg-muted">
      {gone ? 'That message is gone.' : 'This message cannot be shown right now.'}{' '}
      <Link to="/admin/messages" className="font-medium text-accent">
        Back to all messages
      </Link>
    </p>
  );
}
