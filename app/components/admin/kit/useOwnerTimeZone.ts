import { useRouteLoaderData } from '@remix-run/react';
import { DEFAULT_TIME_ZONE } from '~/time-zone/zones';

/**
 * Her time zone, as the owner's area's frame loaded it (routes/admin.tsx):
 * the same on the server and in the browser, so times hydrate as written.
 */
export function useOwnerTimeZone(): string {
  const frame = useRouteLoaderData<{ timeZone?: string } | undefined>('routes/admin');
  return frame?.timeZone ?? DEFAULT_TIME_ZONE;
}
