import { describe, expect, it } from 'vitest';
import { absoluteTime } from '~/components/admin/kit/time';
import { shortDay } from '~/components/admin/insights/format';
import { tokenExpirySentence } from '~/editing/connection/token-expiry';
import { dayOf } from '~/editing/git/read.server';
import { utcDay } from '~/utils/calendar';

/**
 * Dates read the same on the server and in the browser: one month table, not
 * the engine's Intl data (Node 22 writes en-GB's September as "Sept").
 */
describe('dates in the owner’s area', () => {
  it('September is "Sep" and "September" wherever a date is written', () => {
    const september = '2026-09-27T08:05:00Z';
    expect(utcDay(september, 'short')).toBe('27 Sep 2026');
    expect(utcDay(september, 'long')).toBe('27 September 2026');
    expect(absoluteTime(september)).toBe('27 Sep 2026, 08:05 UTC');
    expect(shortDay('2026-09-03')).toBe('3 Sep');
    expect(dayOf(september)).toBe('27 Sep 2026');
    // A restore's message names the day as her history lists it: in her time zone.
    expect(dayOf('2026-11-28T23:30:00Z', 'Europe/Amsterdam')).toBe('29 Nov 2026');
    expect(dayOf('2026-11-29T03:30:00Z', 'America/Los_Angeles')).toBe('28 Nov 2026');
    expect(tokenExpirySentence({ state: 'expired', expiresAt: september })).toContain('expired on 27 September 2026');
  });

  it('every month, on the UTC day', () => {
    const names = Array.from({ length: 12 }, (_, month) => utcDay(new Date(Date.UTC(2026, month, 1, 23, 30)), 'short').split(' ')[1]);
    expect(names).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });
});
