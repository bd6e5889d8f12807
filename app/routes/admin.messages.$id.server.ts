import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { getMessage } from '~/contact/inbox.server';
import { MESSAGE_ID, view } from './admin.messages._index.server';

/** /admin/messages/:id: one kept contact message. Done and delete are the list's action, on this page too. */
export { ownerMessageAction } from './admin.messages._index.server';

export async function ownerMessageLoader({ request, params }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const id = params.id ?? '';
    const message = MESSAGE_ID.test(id) ? await getMessage(id) : null;
    if (!message) throw data({ missing: true }, { status: 404, headers: OWNER_HEADERS });
    return data({ message: view(message), now: new Date().toISOString() }, { headers: OWNER_HEADERS });
  });
}
