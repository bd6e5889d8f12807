import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AboutSection } from '~/components/home/AboutSection';
import { CaseStudiesSection } from '~/components/home/CaseStudiesSection';
import { ContactSection } from '~/components/home/ContactSection';
import { HeroSection } from '~/components/home/HeroSection';
import { useScrollToHashOnLoad } from '~/components/home/useScrollToHashOnLoad';
import { contactClientAction } from '~/components/contact/client-action';
import { handleContactAction } from '~/utils/contact-action.server';
import { getCaseStudyCards, getSite } from '~/utils/content.server';

export function loader() {
  return { site: getSite(), cards: getCaseStudyCards() };
}

export const action = (args: ActionFunctionArgs) => handleContactAction(args);
// Keeps the page (and the typed message) when a send never reaches the server.
export const clientAction = contactClientAction;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.site.name} — ${data.site.role}` }, { name: 'description', content: data.site.description }]
    : [];

export default function Home() {
  const { site, cards } = useLoaderData<typeof loader>();
  useScrollToHashOnLoad();
  return (
    <main id="main">
      <HeroSection site={site} />
      <AboutSection about={site.about} photo={site.photos.about} />
      <CaseStudiesSection cards={cards} />
      <ContactSection site={site} />
    </main>
  );
}
