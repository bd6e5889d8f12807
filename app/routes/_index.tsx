import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AboutSection } from '~/components/home/AboutSection';
import { CaseStudiesSection } from '~/components/home/CaseStudiesSection';
import { ContactSection } from '~/components/home/ContactSection';
import { HeroSection } from '~/components/home/HeroSection';
import { useScrollToHashOnLoad } from '~/components/home/useScrollToHashOnLoad';
import { contactClientAction } from '~/components/contact/client-action';
import { JsonLd } from '~/components/ui';
import { handleContactAction, homeLoader } from './_index.server';

export const loader = homeLoader;

export const action = (args: ActionFunctionArgs) => handleContactAction(args);
// Keeps the page (and the typed message) when a send never reaches the server.
export const clientAction = contactClientAction;

// Built by the loader, on the server.
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export default function Home() {
  const { site, cards, jsonLd } = useLoaderData<typeof loader>();
  useScrollToHashOnLoad();
  return (
    <main id="main">
      <JsonLd json={jsonLd} />
      <HeroSection site={site} />
      <AboutSection about={site.about} photo={site.photos.about} />
      <CaseStudiesSection cards={cards} words={site.work} />
      <ContactSection site={site} />
    </main>
  );
}
