import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';

/** /admin/settings opens its first section. */
export async function ownerSettingsLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => redirect('/admin/settings/mail', { status: 303, headers: OWNER_HEADERS }));
}
