import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { countLinks, listLinks } from '~/access/share-links.server';
import { countNewMessages, listMessages, mailHealth, type MailHealth } from '~/contact/inbox.server';
import { getSite } from '~/content/content.server';
import { liveStoreProblem } from '~/content/current-content.server';

/** /admin's frame (who, how many new messages) and its first screen: links, messages, mail. */

export type MailHealthView = Omit<MailHealth, 'lastDeliveredAt' | 'lastFailureAt'> & { lastDeliveredAt: string | null; lastFailureAt: string | null };

const mailHealthView = (health: MailHealth): MailHealthView => ({
  ...health,
  lastDeliveredAt: health.lastDeliveredAt ? new Date(health.lastDeliveredAt).toISOString() : null,
  lastFailureAt: health.lastFailureAt ? new Date(health.lastFailureAt).toISOString() : null,
});

export async function ownerLayoutLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async (session) => {
    return data({ name: getSite().name, newMessages: await countNewMessages(), sessionEnds: session.expiresAt.toISOString() }, { headers: OWNER_HEADERS });
  });
}

export async function ownerOverviewLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const [links, counts] = await Promise.all([listLinks({ limit: 5 }), countLinks()]);
    const messages = (await listMessages({ limit: 10 })).filter((message) => !message.done).slice(0, 3);
    return data(
      {
        links: links.map((link) => ({ id: link.id, label: link.label, state: link.state, opens: link.opens, lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null })),
        activeLinks: counts.active,
        messages: messages.map((m) => ({ id: m.id, from: `${m.firstName} ${m.lastName}`, at: new Date(m.createdAt).toISOString(), status: m.status, preview: m.message.slice(0, 160) })),
        mail: mailHealthView(await mailHealth()),
        now: new Date().toISOString(),
        // The live store could not be read: visitors get the build's content, which may be older.
        olderVersionShown: liveStoreProblem() !== undefined,
      },
      { headers: OWNER_HEADERS },
    );
  });
}
