import { MONTHS, WEEKDAYS } from '~/utils/calendar';

/**
 * Wording of the insights figures, the same on the server and in every
 * browser: no Intl (engines word months differently, "Sep" or "Sept"), so
 * hydration always sees the text the server wrote. Days are `YYYY-MM-DD`
 * dates (hers: set in her time zone as events are written), read as such.
 */

/** 12,345 */
export const count = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Axis ticks: 950, 1,200, 12k, 1.5M. */
export function compact(n: number): string {
  if (n >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (n >= 10_000) return `${trim(n / 1_000)}k`;
  return count(n);
}
const trim = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));

/** A part of a whole as a whole percent; "<1%" rather than a misleading 0%. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const p = (part / whole) * 100;
  if (part > 0 && p < 1) return '<1%';
  return `${Math.round(p)}%`;
}

/** 40s, 2m 30s, 1h 5m; "—" without a figure. */
export function duration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${s / 60}m`;
  const m = Math.round(s / 60);
  return m % 60 ? `${Math.floor(m / 60)}h ${m % 60}m` : `${m / 60}h`;
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** "3 Nov", for axis labels. */
export const shortDay = (day: string) => `${utc(day).getUTCDate()} ${MONTHS[utc(day).getUTCMonth()]?.slice(0, 3) ?? ''}`;

/** "Mon 3 Nov", for the table. */
export const tableDay = (day: string) => `${WEEKDAYS[utc(day).getUTCDay()]} ${shortDay(day)}`;

const dayMonth = (day: string) => `${utc(day).getUTCDate()} ${MONTHS[utc(day).getUTCMonth()]}`;

/** "3 November 2026" */
const longDay = (day: string) => `${dayMonth(day)} ${utc(day).getUTCFullYear()}`;

/** The two ends of a period in words, the year once when both share it: "3 November – 2 December 2026". */
export function span(from: string, to: string): [string, string] {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return [sameYear ? dayMonth(from) : longDay(from), longDay(to)];
}

export type Change = { kind: 'up' | 'down'; text: string } | { kind: 'same' | 'new' | 'none'; text: string };

/** A figure against the period before: "+12%", "−8%", "No change", "New" or "—". */
export function change(value: number, previous: number | null): Change {
  if (!previous) return value > 0 ? { kind: 'new', text: 'New' } : { kind: 'none', text: '—' };
  if (value === previous) return { kind: 'same', text: 'No change' };
  const p = ((value - previous) / previous) * 100;
  const size = Math.abs(p) < 1 ? '<1' : count(Math.round(Math.abs(p)));
  return p > 0 ? { kind: 'up', text: `+${size}%` } : { kind: 'down', text: `\u2212${size}%` };
}

/**
 * Rounded axis ticks from 0 to at least `max`: at most four (three steps of
 * 1, 2, 2.5 or 5 × 10ⁿ, whole numbers only). All-zero data gets [0].
 */
export function niceTicks(max: number): number[] {
  if (max <= 0) return [0];
  let magnitude = 1;
  for (;;) {
    for (const factor of [1, 2, 2.5, 5]) {
      const step = factor * magnitude;
      if (!Number.isInteger(step)) continue;
      if (Math.ceil(max / step) <= 3) return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
    }
    magnitude *= 10;
  }
}
