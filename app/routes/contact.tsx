import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ContactSection } from '~/components/home/ContactSection';
import { CONTACT_PAGE_PATH } from '~/content/home-sections';
import { contactLoader, handleContactAction } from './contact.server';
import { loadAsDocument } from '~/utils/load-as-document';

export const loader = contactLoader;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

// The contact form without JavaScript, as on the home page; with it, the same action answers at /api/contact.
export const action = (args: ActionFunctionArgs) => handleContactAction(args);

// Built by the loader, on the server.
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: 'Contact' }];

export default function ContactPage() {
  const { site } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <ContactSection site={site} formAction={CONTACT_PAGE_PATH} asPage />
    </main>
  );
}
