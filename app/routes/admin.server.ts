import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { countNewMessages } from '~/contact/inbox.server';
import { getSite } from '~/content/content.server';
import { readOwnerTimeZone } from '~/time-zone/owner-time-zone.server';

/**
 * /admin's frame around every owner's page: who, how many new messages, when
 * the session ends, and her time zone (every time on her pages is printed in
 * it, on the server and in the browser alike; `timeZoneUnset` asks her
 * browser for its zone).
 */
export async function ownerLayoutLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async (session) => {
    const [newMessages, timeZone] = await Promise.all([countNewMessages(), readOwnerTimeZone()]);
    return data(
      {
        name: getSite().name,
        newMessages,
        sessionEnds: session.expiresAt.toISOString(),
        timeZone: timeZone.zone,
        timeZoneUnset: timeZone.chosenBy === null,
      },
      { headers: OWNER_HEADERS },
    );
  });
}
