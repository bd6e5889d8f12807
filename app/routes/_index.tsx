import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AboutSection } from '~/components/home/AboutSection';
import { CaseStudiesSection } from '~/components/home/CaseStudiesSection';
import { ContactSection } from '~/components/home/ContactSection';
import { HeroSection } from '~/components/home/HeroSection';
import { useScrollToHashOnLoad } from '~/components/home/useScrollToHashOnLoad';
import { contactClientAction } from '~/components/contact/client-action';
import { handleContactAction } from '~/utils/contact-action.server';
import { JsonLd } from '~/components/seo/JsonLd';
import { getCaseStudyCards, getSite } from '~/utils/content.server';
import { pageMeta, useSiteUrl } from '~/utils/seo';
import { homeSocialCard } from '~/utils/social-image';
import { personJsonLd } from '~/utils/structured-data';

export function loader() {
  return { site: getSite(), cards: getCaseStudyCards() };
}

export const action = (args: ActionFunctionArgs) => handleContactAction(args);
// Keeps the page (and the typed message) when a send never reaches the server.
export const clientAction = contactClientAction;

export const meta: MetaFunction<typeof loader> = (args) => {
  const { site } = args.data ?? {};
  if (!site) return [];
  return pageMeta(args, {
    title: `${site.name} — ${site.role}`,
    description: site.description,
    type: 'website',
    image: homeSocialCard(site),
  });
};

export default function Home() {
  const { site, cards } = useLoaderData<typeof loader>();
  useScrollToHashOnLoad();
  const siteUrl = useSiteUrl();
  return (
    <main id="main">
      <JsonLd data={personJsonLd(site, siteUrl)} />
      <HeroSection site={site} />
      <AboutSection about={site.about} photo={site.photos.about} />
      <CaseStudiesSection cards={cards} />
      <ContactSection site={site} />
    </main>
  );
}
