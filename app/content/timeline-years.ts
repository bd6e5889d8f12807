/**
 * The years a case study's timeline names, for the plain list of her work:
 * "Mar 2022 – Jan 2024" is "2022–2024", "Spring 2023" is "2023". A timeline
 * written as a length ("6 months") names none: the list shows it as written.
 */
const YEAR = /\b(?:19|20)\d{2}\b/g;

export function yearsOf(timeline: string): string | null {
  const years = [...new Set(timeline.match(YEAR) ?? [])].map(Number).sort((a, b) => a - b);
  if (years.length === 0) return null;
  const first = years[0]!;
  const last = years.at(-1)!;
  return first === last ? String(first) : `${first}–${last}`;
}

/** What the list shows in its years column: the years, or the timeline as she wrote it. */
export const timelineLabel = (timeline: string) => yearsOf(timeline) ?? timeline;
