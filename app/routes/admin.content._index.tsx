import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ContentList } from '~/components/admin/content/ContentList';
import { RecentlyDeleted } from '~/components/admin/content/RecentlyDeleted';
import { MakeItYours } from '~/components/admin/setup/MakeItYours';
import { contentListAction, contentListLoader } from './admin.content._index.server';

export const loader = contentListLoader;
export const action = contentListAction;

export const meta: MetaFunction = () => [{ title: 'Content — Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function ContentIndex() {
  const list = useLoaderData<typeof loader>();
  return (
    <>
      <ContentList list={list} />
      <RecentlyDeleted deleted={list.deleted} now={list.now} disabled={list.mode.mode === 'read-only'} />
      <MakeItYours items={list.sampleLeftovers} inList />
    </>
  );
}
