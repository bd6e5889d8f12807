import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { ownDomain } from '~/http/own-domain';
import { siteAddressNow } from '~/http/site-url.server';
import { readEnv } from '~/settings/env.server';
import { onFunctionHost } from '~/settings/runtime.server';

/**
 * /admin/settings/domain: how she gives her site an address of her own, and
 * which address it answers at now. Nothing to save: once Netlify serves the
 * site at her domain, the site notices it (site-address.server.ts).
 */
export async function ownerDomainSettingsLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const address = await siteAddressNow();
    const netlify = readEnv('URL');
    let freeHost: string | null = null;
    try {
      freeHost = netlify && !ownDomain(netlify) ? new URL(netlify).hostname : null;
    } catch {
      // Netlify sets it; a malformed one only loses the example below.
    }
    return data(
      {
        url: address.url,
        domain: address.domain,
        local: address.source === 'local',
        // Only whether SITE_URL decides: the page says that setting wins.
        fromSetting: address.source === 'setting',
        noticedAt: address.noticedAt,
        freeHost,
        onNetlify: onFunctionHost(),
        now: new Date().toISOString(),
      },
      { headers: OWNER_HEADERS },
    );
  });
}
