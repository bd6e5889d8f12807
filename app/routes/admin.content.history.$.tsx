import type { MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ContentHistory } from '~/components/admin/content/ContentHistory';
import { contentHistoryAction, contentHistoryLoader } from './admin.content.history.$.server';

export const loader = contentHistoryLoader;
export const action = contentHistoryAction;

export const meta: MetaFunction = () => [{ title: 'History — Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function History() {
  const history = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <ContentHistory history={history} answer={answer} />;
}
