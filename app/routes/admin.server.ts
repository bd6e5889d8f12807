import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { countNewMessages } from '~/contact/inbox.server';
import { getSite } from '~/content/content.server';

/** /admin's frame around every owner's page: who, how many new messages, when the session ends. */
export async function ownerLayoutLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async (session) => {
    return data(
      { name: getSite().name, newMessages: await countNewMessages(), sessionEnds: session.expiresAt.toISOString() },
      { headers: OWNER_HEADERS },
    );
  });
}
