import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';

export const TIME_ZONE_SETTINGS = '/admin/settings/time-zone';

/**
 * Until she has a time zone, her browser's becomes it, once: sent after the
 * page has hydrated (never read while rendering, so the server's text and
 * the browser's agree), after which every loader runs again and her times
 * show in it. Without JavaScript nothing is sent and the site stays on UTC.
 */
export function BrowserTimeZone({ unset }: { unset: boolean }) {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  const sent = fetcher.state !== 'idle' || fetcher.data !== undefined;
  useEffect(() => {
    if (!unset || sent) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) submit({ intent: 'browser', timeZone: zone }, { method: 'post', action: TIME_ZONE_SETTINGS });
  }, [unset, sent, submit]);
  return null;
}
