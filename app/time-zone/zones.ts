import { MONTHS } from '~/utils/calendar';

/**
 * The owner's time zone, as the site reads times in it: on the server and in
 * the browser alike. Only numbers come from Intl here (the year, day, hour and
 * minute in a zone, which every engine agrees on); month names come from
 * ~/utils/calendar, so a page hydrates with the text the server wrote.
 */

/** What the site uses until she, or her browser, has said otherwise. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** An IANA name ("Europe/Amsterdam", "UTC"), not an offset ("+01:00") or an abbreviation's spelling mistakes. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** The zone as the engine names it ("Europe/Amsterdam"), or null when `value` is not an IANA time zone. */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64 || !IANA_NAME.test(value)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    return IANA_NAME.test(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

export type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number };

const PARTS = new Map<string, Intl.DateTimeFormat>();

/** The calendar date and wall-clock time of `at` in `zone` (month 1–12, hour 0–23). */
export function zonedParts(at: Date, zone: string): ZonedParts {
  let format = PARTS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    PARTS.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1, hour: (parts.hour ?? 0) % 24, minute: parts.minute ?? 0 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD`: the day `at` falls on in `zone`. */
export function dayIn(at: Date, zone: string): string {
  const { year, month, day } = zonedParts(at, zone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "27 September 2026": the day of `when` in `zone`, in words. */
export function longDayIn(when: string | Date, zone: string): string {
  const { year, month, day } = zonedParts(new Date(when), zone);
  return `${day} ${MONTHS[month - 1] ?? ''} ${year}`;
}

/** "27 Sep 2026": the same, its month cut to three letters. */
export function shortDayIn(when: string | Date, zone: string): string {
  const { year, month, day } = zonedParts(new Date(when), zone);
  return `${day} ${MONTHS[month - 1]?.slice(0, 3) ?? ''} ${year}`;
}

/** Minutes `zone` is ahead of UTC at `at` (60 for Amsterdam in winter). */
export function offsetMinutes(at: Date, zone: string): number {
  const p = zonedParts(at, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** "UTC+1", "UTC−3", "UTC+5:30". */
function offsetName(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '−';
  const abs = Math.abs(minutes);
  return `UTC${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
}

const LETTERS = /^[A-Z]{2,5}$/;

/**
 * The zone's short name at `at`: "CET", "CEST", "EST", "BST", "UTC"; where
 * English has none (Tokyo, São Paulo), the offset ("UTC+9"), worked out from
 * the numbers rather than spelled by the engine.
 */
export function zoneShortName(at: Date, zone: string): string {
  for (const locale of ['en-GB', 'en-US']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    if (name && LETTERS.test(name)) return name;
  }
  return offsetName(offsetMinutes(at, zone));
}

/**
 * "23 Nov 2026, 15:05 CET": in her time zone (on a page, from the loader, never
 * the browser's at render time), named, so it stays unambiguous.
 */
export function absoluteTime(iso: string, zone = DEFAULT_TIME_ZONE): string {
  const at = new Date(iso);
  const { hour, minute } = zonedParts(at, zone);
  return `${shortDayIn(at, zone)}, ${pad(hour)}:${pad(minute)} ${zoneShortName(at, zone)}`;
}
