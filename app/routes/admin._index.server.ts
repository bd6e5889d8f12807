import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { countLinks, listLinks } from '~/access/share-links.server';
import { listMessages, mailHealth, type MailHealth } from '~/contact/inbox.server';
import { liveStoreProblem } from '~/content/current-content.server';
import { getPublishingStatus } from '~/editing/connection/publishing.server';
import { privateWork } from '~/editing/connection/private-work.server';
import { rebuildSetting, startRebuild } from '~/editing/going-live/rebuild.server';
import { tokenExpiryWarning } from '~/editing/connection/token-expiry';
import { setupSteps } from '~/editing/setup/steps.server';
import { readSmallForm, text } from '~/http/form.server';
import { siteAddressNow } from '~/http/site-url.server';
import { currentLook } from '~/look/look.server';
import type { MailHealthView, RebuildAnswer } from '~/components/admin/overview/types';

/** /admin's first screen: the setup guide, links, messages, mail, and a warning while private work sits in a public repository. */

const mailHealthView = (health: MailHealth): MailHealthView => ({
  ...health,
  lastDeliveredAt: health.lastDeliveredAt ? new Date(health.lastDeliveredAt).toISOString() : null,
  lastFailureAt: health.lastFailureAt ? new Date(health.lastFailureAt).toISOString() : null,
});

export async function ownerOverviewLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const [links, counts, setup, work, address] = await Promise.all([
      listLinks({ limit: 5 }),
      countLinks(),
      setupSteps(),
      privateWork(),
      siteAddressNow(),
    ]);
    const messages = (await listMessages({ limit: 10 })).filter((message) => !message.done).slice(0, 3);
    return data(
      {
        look: currentLook(),
        links: links.map((link) => ({
          id: link.id,
          label: link.label,
          state: link.state,
          opens: link.opens,
          lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
        })),
        activeLinks: counts.active,
        messages: messages.map((m) => ({
          id: m.id,
          from: `${m.firstName} ${m.lastName}`,
          at: new Date(m.createdAt).toISOString(),
          status: m.status,
          preview: m.message.slice(0, 160),
        })),
        mail: mailHealthView(await mailHealth()),
        now: new Date().toISOString(),
        // The live store could not be read: visitors get the build's content, which may be older.
        olderVersionShown: liveStoreProblem() !== undefined,
        // Only whether the button shows: the hook's address is a secret and stays on the server.
        rebuild: rebuildSetting().state,
        // From 14 days before the publishing token expires (when GitHub said when).
        tokenExpiry: tokenExpiryWarning((await getPublishingStatus()).expiresAt),
        // The first-run guide: its checklist while a required step is open, then a link to it.
        setup,
        // With private case studies on the site: whether the repository they are kept in is public (GitHub asked now).
        repositoryVisibility: work.visibility,
        // Her own domain, once the site answers there (or SITE_URL names it).
        ownAddress: address.domain ? address.url : null,
      },
      { headers: OWNER_HEADERS },
    );
  });
}

const failed = (message: string): RebuildAnswer => ({ state: 'failed', message });

/** The overview's one form: "Rebuild the site" (shown only with BUILD_HOOK_URL); the answer is a sentence on the same page. */
export async function ownerOverviewAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const form = await readSmallForm(request, 1024);
    if (typeof form === 'number')
      return data({ rebuild: failed('That request could not be read.') }, { status: form, headers: OWNER_HEADERS });
    if (text(form, 'intent') !== 'rebuild') return data({ rebuild: failed('Unknown action.') }, { status: 400, headers: OWNER_HEADERS });
    const result = await startRebuild();
    const state: RebuildAnswer['state'] = result.ok ? 'started' : result.status === 429 ? 'under-way' : 'failed';
    return data({ rebuild: { state, message: result.message } }, { status: result.ok ? 200 : result.status, headers: OWNER_HEADERS });
  });
}
