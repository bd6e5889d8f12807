import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { InsightsPage } from '~/components/admin/insights/InsightsPage';
import { ownerInsightsLoader } from '~/loaders/owner-insights.server';
import insightsStyles from '~/styles/insights.css';

export const loader = ownerInsightsLoader;

/** The bars' styles (app/styles/insights.css), for this page only. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: insightsStyles }];

export const meta: MetaFunction = () => [{ title: 'Insights — Owner’s area' }, { name: 'robots', content: 'noindex' }];

/** Reading analytics: the loader builds the report, the page only draws it. */
export default function OwnerInsights() {
  const { report, now } = useLoaderData<typeof loader>();
  return <InsightsPage report={report} now={now} />;
}
