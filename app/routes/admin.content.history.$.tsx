import type { MetaFunction } from '@remix-run/node';
import { ContentHistory } from '~/components/admin/content/ContentHistory';
import { contentHistoryAction, contentHistoryLoader } from './admin.content.history.$.server';

export const loader = contentHistoryLoader;
export const action = contentHistoryAction;

export const meta: MetaFunction = () => [{ title: 'History — Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function History() {
  return <ContentHistory />;
}
