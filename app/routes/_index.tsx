import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { HomeSections } from '~/components/home/HomeSections';
import { JsonLd } from '~/components/ui';
import { handleContactAction, homeLoader } from './_index.server';
import { loadAsDocument } from '~/utils/load-as-document';

export const loader = homeLoader;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

// The contact form without JavaScript; with it, the same action answers at /api/contact (routes/api.contact.ts).
export const action = (args: ActionFunctionArgs) => handleContactAction(args);

// Built by the loader, on the server.
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export default function Home() {
  const { site, cards, pages, jsonLd } = useLoaderData<typeof loader>();
  return (
    // data-home: the hook of the home page's island (smooth scrolling to its sections, app/islands/home-scroll.ts).
    <main id="main" data-home>
      <JsonLd json={jsonLd} />
      <HomeSections site={site} cards={cards} pages={pages} />
    </main>
  );
}
