import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { OwnPageView } from '~/components/page/OwnPageView';
import { NOT_FOUND_META, NotFound } from '~/components/layout/NotFound';
import { loadAsDocument } from '~/utils/load-as-document';
import { pageLoader } from './$slug.server';

export const loader = pageLoader;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

// Built by the loader, on the server; no data means no such page (a 404).
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? NOT_FOUND_META;

/** A page of her own (its view is shared with the editor's preview). */
export default function OwnPage() {
  const data = useLoaderData<typeof loader>();
  if (!data) return <NotFound />;
  return (
    <main id="main">
      <OwnPageView page={data.page} />
    </main>
  );
}
