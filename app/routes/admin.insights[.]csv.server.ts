import type { LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { dailyFiguresCsv } from '~/insights/report.server';
import { rangeOf } from './admin.insights.server';

/** /admin/insights.csv: the page's daily figures over the same range. */
export async function ownerInsightsCsvLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const range = rangeOf(request);
    const csv = await dailyFiguresCsv(range);
    return new Response(csv, {
      headers: {
        ...OWNER_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="insights-last-${range}-days.csv"`,
      },
    });
  });
}
