/**
 * What /admin/insights shows, as plain data: the loader builds it on the
 * server (app/insights/report.server.ts, from the daily rollups plus the raw
 * events of days not rolled up yet) and the page only draws it. Dates are
 * her days (in her time zone) as `YYYY-MM-DD`; every count is a whole number.
 */

export const RANGES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGES)[number];
export const DEFAULT_RANGE: RangeDays = 30;

export const METRICS = ['visitors', 'views', 'readers', 'resume-downloads', 'messages'] as const;
export type Metric = (typeof METRICS)[number];

export const METRIC_LABELS: Record<Metric, string> = {
  visitors: 'Visitors',
  views: 'Page views',
  readers: 'Case-study readers',
  'resume-downloads': 'Résumé downloads',
  messages: 'Messages',
};

export const DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** Case studies are read in at most this many numbered sections. */
export const MAX_SECTIONS = 9;

export type Headline = {
  metric: Metric;
  value: number;
  /** The same figure over the period just before; null when nothing was recorded then. */
  previous: number | null;
};

export type DailyPoint = { day: string; visitors: number; views: number };

export type FunnelStep = { section: number; title: string; readers: number };

export type CaseStudyFunnel = {
  slug: string;
  title: string;
  /** Readers who opened the case study (a visitor a day). */
  readers: number;
  /** One step per numbered section the case study has (1…9), in order. */
  steps: FunnelStep[];
  /** Median engaged time per reader, in seconds (10-second buckets); null with no reader. */
  medianEngagedS: number | null;
};

export type Share = { label: string; count: number };

export type LinkReading = {
  id: string;
  label: string;
  state: 'active' | 'expired' | 'revoked';
  opens: number;
  lastOpenedAt: string | null;
  /** Per case study the link opened: the furthest section its recipient reached (0 when the page was opened but no section seen). */
  caseStudies: { slug: string; title: string; sections: number; furthestSection: number }[];
};

export type InsightsReport = {
  range: RangeDays;
  /** First and last day of the range, inclusive. */
  from: string;
  to: string;
  /** Whether collection is switched off (ANALYTICS=off): the page says so. */
  collecting: boolean;
  headlines: Headline[];
  /** One point per day of the range, oldest first, zeros included. */
  daily: DailyPoint[];
  funnels: CaseStudyFunnel[];
  /** Top referring hosts (and utm_source values) by page views; at most 8. */
  referrers: Share[];
  /** Page views per device class, in DEVICES order. */
  devices: { device: Device; count: number }[];
  /** Top pages by views; at most 10. */
  pages: Share[];
  links: LinkReading[];
};
