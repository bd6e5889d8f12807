import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { setupState } from '~/editing/setup/steps.server';

/** /admin/setup: every step of the first-run guide, and the "Make it yours" list, whatever is done. */
export async function ownerSetupLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const { steps, leftovers } = await setupState();
    return data({ steps, sampleLeftovers: leftovers }, { headers: OWNER_HEADERS });
  });
}
