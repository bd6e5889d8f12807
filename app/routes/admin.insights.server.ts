import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { buildInsightsReport } from '~/insights/report.server';
import { DEFAULT_RANGE, RANGES, type RangeDays } from '~/insights/report';

/** /admin/insights (and its CSV export, admin.insights[.]csv.server.ts): the range is ?range=7|30|90 (anything else: 30). */

export function rangeOf(request: Request): RangeDays {
  const asked = Number(new URL(request.url).searchParams.get('range'));
  return RANGES.find((range) => range === asked) ?? DEFAULT_RANGE;
}

export async function ownerInsightsLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const report = await buildInsightsReport(rangeOf(request));
    return data({ report, now: new Date().toISOString() }, { headers: OWNER_HEADERS });
  });
}
