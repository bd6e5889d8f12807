import { MONTHS } from '~/utils/calendar';
import { DEFAULT_TIME_ZONE, zonedParts, zoneShortName } from '~/time-zone/zones';

/**
 * Times in the owner's area, worded the same on the server and in the
 * browser (the loader sends its "now", so hydration sees the same text).
 */
const UNITS: [number, string][] = [
  [60, 'second'],
  [60, 'minute'],
  [24, 'hour'],
  [7, 'day'],
  [4.35, 'week'],
  [12, 'month'],
  [Number.POSITIVE_INFINITY, 'year'],
];

export function relativeTime(iso: string, nowIso: string): string {
  let amount = (new Date(iso).getTime() - new Date(nowIso).getTime()) / 1000;
  const past = amount < 0;
  amount = Math.abs(amount);
  if (amount < 45) return past ? 'just now' : 'in a moment';
  for (const [size, unit] of UNITS) {
    if (amount < size) {
      const n = Math.round(amount);
      const text = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return past ? `${text} ago` : `in ${text}`;
    }
    amount /= size;
  }
  return iso;
}

/**
 * "23 Nov 2026, 15:05 CET": in her time zone (from the loader, never the
 * browser's at render time), named, so it stays unambiguous.
 */
export function absoluteTime(iso: string, zone = DEFAULT_TIME_ZONE): string {
  const at = new Date(iso);
  const { year, month, day, hour, minute } = zonedParts(at, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day} ${MONTHS[month - 1]?.slice(0, 3) ?? ''} ${year}, ${pad(hour)}:${pad(minute)} ${zoneShortName(at, zone)}`;
}
