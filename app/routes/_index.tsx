import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AboutSection } from '~/components/home/AboutSection';
import { CaseStudiesSection } from '~/components/home/CaseStudiesSection';
import { ContactSection } from '~/components/home/ContactSection';
import { HeroSection } from '~/components/home/HeroSection';
import { JsonLd } from '~/components/ui';
import { handleContactAction, homeLoader } from './_index.server';
import { loadAsDocument } from '~/utils/load-as-document';
import { layoutOf } from '~/look/look';

export const loader = homeLoader;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

// The contact form without JavaScript; with it, the same action answers at /api/contact (routes/api.contact.ts).
export const action = (args: ActionFunctionArgs) => handleContactAction(args);

// Built by the loader, on the server.
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export default function Home() {
  const { site, cards, jsonLd } = useLoaderData<typeof loader>();
  return (
    // data-home: the hook of the home page's island (smooth scrolling to its sections, app/islands/home-scroll.ts).
    <main id="main" data-home>
      <JsonLd json={jsonLd} />
      <HeroSection site={site} />
      <AboutSection about={site.about} photo={site.photos.about} />
      <CaseStudiesSection cards={cards} words={site.work} layout={layoutOf(site.look).workLayout} />
      <ContactSection site={site} />
    </main>
  );
}
