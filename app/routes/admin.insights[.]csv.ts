import { ownerInsightsCsvLoader } from '~/loaders/owner-insights.server';

/** The daily figures of /admin/insights as CSV (columns: README, "Reading insights"). */
export const loader = ownerInsightsCsvLoader;
