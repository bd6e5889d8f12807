import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { InsightsPage } from '~/components/admin/insights/InsightsPage';
import { ownerInsightsLoader } from './admin.insights.server';

export const loader = ownerInsightsLoader;

export const meta: MetaFunction = () => [{ title: 'Insights — Owner’s area' }, { name: 'robots', content: 'noindex' }];

/** Reading analytics: the loader builds the report, the page only draws it. */
export default function OwnerInsights() {
  const { report, now } = useLoaderData<typeof loader>();
  return <InsightsPage report={report} now={now} />;
}
