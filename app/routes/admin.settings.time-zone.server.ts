import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { readSmallForm, text } from '~/http/form.server';
import { readOwnerTimeZone, saveOwnerTimeZone, timeZoneChoices, type TimeZoneAnswer } from '~/time-zone/owner-time-zone.server';

/**
 * /admin/settings/time-zone: the zone her owner's area and Insights use
 * (app/time-zone/). The settings form posts `intent=choose`; the owner's
 * area's frame posts `intent=browser` with her browser's zone on her first
 * visit, which fills the setting only while she has not chosen one.
 */

export async function ownerTimeZoneLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const current = await readOwnerTimeZone();
    return data({ ...current, choices: timeZoneChoices(current.zone), now: new Date().toISOString() }, { headers: OWNER_HEADERS });
  });
}

export async function ownerTimeZoneAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const form = await readSmallForm(request, 1024);
    if (typeof form === 'number')
      return data<TimeZoneAnswer>(
        { state: 'failed', message: 'That request could not be read. Reload the page and try again.' },
        { status: form, headers: OWNER_HEADERS },
      );
    const { status, answer } = await saveOwnerTimeZone(text(form, 'timeZone'), text(form, 'intent') === 'browser' ? 'browser' : 'owner');
    return data<TimeZoneAnswer>(answer, { status, headers: OWNER_HEADERS });
  });
}
