/**
 * Month and weekday names for every date the site writes, on the server and
 * in the browser alike. Not Intl: engines disagree (Node 22's ICU writes
 * en-GB's September as "Sept", older ones "Sep"), and a server and a browser
 * that word a date differently break the owner's page on hydration.
 */

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Sep" or "September" for a UTC date. */
export function monthName(date: Date, style: 'short' | 'long'): string {
  const name = MONTHS[date.getUTCMonth()] ?? '';
  return style === 'short' ? name.slice(0, 3) : name;
}

/** "27 Sep 2026" or "27 September 2026": the UTC day of an ISO time or a Date. */
export function utcDay(when: string | Date, style: 'short' | 'long'): string {
  const date = new Date(when);
  return `${date.getUTCDate()} ${monthName(date, style)} ${date.getUTCFullYear()}`;
}
