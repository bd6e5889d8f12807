import { ownerInsightsCsvLoader } from './admin.insights[.]csv.server';

/** The daily figures of /admin/insights as CSV (columns: docs/owner-area.md, "Reading insights"). */
export const loader = ownerInsightsCsvLoader;
