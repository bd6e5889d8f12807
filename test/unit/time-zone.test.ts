import { describe, expect, it } from 'vitest';
import { absoluteTime } from '~/components/admin/kit/time';
import { tokenExpirySentence } from '~/editing/connection/token-expiry';
import { saveOwnerTimeZone, timeZoneChoices } from '~/time-zone/owner-time-zone.server';
import { canonicalTimeZone, dayIn, longDayIn } from '~/time-zone/zones';

/**
 * Times in her time zone: the owner's area prints them in the zone she set
 * (named, so they stay unambiguous, across summer time), Insights dates an
 * event by her day, and the setting takes only an IANA zone.
 */
describe('times in her time zone', () => {
  it('prints a time in her zone with its short name', () => {
    expect(absoluteTime('2026-11-28T18:39:00Z', 'Europe/Amsterdam')).toBe('28 Nov 2026, 19:39 CET');
    expect(absoluteTime('2026-07-01T12:00:00Z', 'Europe/Amsterdam')).toBe('1 Jul 2026, 14:00 CEST');
    expect(absoluteTime('2026-11-28T18:39:00Z', 'America/New_York')).toBe('28 Nov 2026, 13:39 EST');
    expect(absoluteTime('2026-11-28T18:39:00Z', 'Europe/London')).toBe('28 Nov 2026, 18:39 GMT');
    // Where English has no short name, the offset, worked out rather than spelled by the engine.
    expect(absoluteTime('2026-11-28T18:39:00Z', 'Asia/Kolkata')).toBe('29 Nov 2026, 00:09 UTC+5:30');
    expect(absoluteTime('2026-11-28T18:39:00Z', 'America/Sao_Paulo')).toBe('28 Nov 2026, 15:39 UTC−3');
    // Without a zone, as before: UTC.
    expect(absoluteTime('2026-11-28T18:39:00Z')).toBe('28 Nov 2026, 18:39 UTC');
  });

  it('follows summer time on both sides of each change', () => {
    // Europe: 01:00 UTC on the last Sunday of March and of October.
    expect(absoluteTime('2026-03-29T00:59:00Z', 'Europe/Amsterdam')).toBe('29 Mar 2026, 01:59 CET');
    expect(absoluteTime('2026-03-29T01:00:00Z', 'Europe/Amsterdam')).toBe('29 Mar 2026, 03:00 CEST');
    expect(absoluteTime('2026-10-25T00:30:00Z', 'Europe/Amsterdam')).toBe('25 Oct 2026, 02:30 CEST');
    expect(absoluteTime('2026-10-25T01:30:00Z', 'Europe/Amsterdam')).toBe('25 Oct 2026, 02:30 CET');
    // The United States: 2 a.m. local on the second Sunday of March.
    expect(absoluteTime('2026-03-08T06:59:00Z', 'America/New_York')).toBe('8 Mar 2026, 01:59 EST');
    expect(absoluteTime('2026-03-08T07:00:00Z', 'America/New_York')).toBe('8 Mar 2026, 03:00 EDT');
  });

  it('dates an event by her day, midnight included', () => {
    expect(dayIn(new Date('2026-11-28T23:30:00Z'), 'Europe/Amsterdam')).toBe('2026-11-29');
    expect(dayIn(new Date('2026-11-28T22:59:59Z'), 'Europe/Amsterdam')).toBe('2026-11-28');
    expect(dayIn(new Date('2026-12-31T23:30:00Z'), 'Europe/Amsterdam')).toBe('2027-01-01');
    expect(dayIn(new Date('2026-11-29T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-28');
    expect(dayIn(new Date('2026-11-28T23:30:00Z'), 'UTC')).toBe('2026-11-28');
    expect(longDayIn('2026-12-31T23:30:00Z', 'Europe/Amsterdam')).toBe('1 January 2027');
    expect(tokenExpirySentence({ state: 'expired', expiresAt: '2026-12-31T23:30:00Z' }, 'below', 'Europe/Amsterdam')).toContain(
      'expired on 1 January 2027',
    );
  });

  it('takes an IANA time zone and nothing else', async () => {
    expect(canonicalTimeZone('Europe/Amsterdam')).toBe('Europe/Amsterdam');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    // Three parts, and kept as the engine names it.
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
    for (const wrong of [
      '',
      'Mars/Olympus',
      'Amsterdam',
      '+01:00',
      'UTC+1',
      'Europe/Amsterdam<script>',
      `Europe/${'A'.repeat(80)}`,
      42,
      null,
    ])
      expect(canonicalTimeZone(wrong), String(wrong)).toBeNull();
    // Refused before the database is asked: this test has none.
    const refused = await saveOwnerTimeZone('Mars/Olympus', 'owner');
    expect(refused.status).toBe(400);
    expect(refused.answer).toEqual({
      state: 'failed',
      message: '“Mars/Olympus” is not a time zone the site knows. Choose yours from the list, like Europe/Amsterdam or America/New_York.',
    });
    expect((await saveOwnerTimeZone('', 'browser')).status).toBe(400);
  });

  it('offers every zone the engine knows, UTC and hers among them, once each', () => {
    const choices = timeZoneChoices('Europe/Amsterdam');
    expect(choices).toContain('UTC');
    expect(choices.filter((zone) => zone === 'Europe/Amsterdam')).toHaveLength(1);
    expect(choices.length).toBeGreaterThan(300);
  });
});
