export { absoluteTime } from '~/time-zone/zones';

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
