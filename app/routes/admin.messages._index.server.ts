import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { countMessages, deleteMessage, listMessages, markMessageDone, type InboxMessage } from '~/contact/inbox.server';
import { readSmallForm, text } from '~/http/form.server';

/** /admin/messages: every kept contact message, and what the owner does with one (here and on its own page, admin.messages.$id.server.ts). */

export const PAGE_SIZE = 25;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function view(message: InboxMessage) {
  return {
    id: message.id,
    from: `${message.firstName} ${message.lastName}`,
    email: message.email,
    message: message.message,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    // created_at is NOT NULL in the database, so iso() answers a string.
    createdAt: iso(message.createdAt)!,
    deliveredAt: iso(message.deliveredAt),
    nextAttemptAt: iso(message.nextAttemptAt),
    done: message.done,
  };
}

export type MessageView = ReturnType<typeof view>;

/** A message id as the server makes them (a UUID), checked before any query: a NUL byte is a database error. */
export const MESSAGE_ID = /^[A-Za-z0-9-]{1,64}$/;

export async function ownerMessagesLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const asked = Math.trunc(Number(new URL(request.url).searchParams.get('page')));
    const page = Number.isSafeInteger(asked) ? Math.min(Math.max(1, asked), 1_000_000) : 1;
    const [messages, total] = await Promise.all([listMessages({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }), countMessages()]);
    return data(
      { messages: messages.map(view), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total, now: new Date().toISOString() },
      { headers: OWNER_HEADERS },
    );
  });
}

/** Done or delete, from the list or the message's own page; back to the inbox either way. */
export async function ownerMessageAction({ request, params }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const form = await readSmallForm(request, 4 * 1024);
    if (typeof form === 'number') return data({ error: 'That request could not be read.' }, { status: form, headers: OWNER_HEADERS });
    const id = params.id ?? text(form, 'id');
    const intent = text(form, 'intent');
    if (!MESSAGE_ID.test(id)) return data({ error: 'That message is gone.' }, { status: 404, headers: OWNER_HEADERS });
    const done = intent === 'done' ? await markMessageDone(id) : intent === 'delete' ? await deleteMessage(id) : null;
    if (done === null) return data({ error: 'Unknown action.' }, { status: 400, headers: OWNER_HEADERS });
    if (!done) return data({ error: 'That message is gone.' }, { status: 404, headers: OWNER_HEADERS });
    return redirect(intent === 'done' && params.id ? `/admin/messages/${id}` : '/admin/messages', { status: 303, headers: OWNER_HEADERS });
  });
}
